import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { websites } from '../../db/schema/sites'
import type { WebsiteRow } from './queries'

export type WebsiteUpdate = Omit<typeof websites.$inferInsert, 'id' | 'createdAt'>

export async function findWebsite(db: Db | Tx, id: number): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.id, id))
  return row
}

/** The website's row, locked until the staff write's transaction ends (saves of one website take turns). */
export async function lockWebsite(tx: Tx, id: number): Promise<WebsiteRow | undefined> {
  const [row] = await tx.select().from(websites).where(eq(websites.id, id)).for('update')
  return row
}

export async function updateWebsite(tx: Tx, id: number, values: Partial<WebsiteUpdate>): Promise<WebsiteRow> {
  const [row] = await tx.update(websites).set(values).where(eq(websites.id, id)).returning()
  return row
}
