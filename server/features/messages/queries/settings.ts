import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { messageSettings } from '../../../db/schema/messages'

export type MessageSettingsRow = typeof messageSettings.$inferSelect
type MessageSettingsValues = Omit<typeof messageSettings.$inferInsert, 'websiteId' | 'version'>

export async function findSettings(db: Db | Tx, websiteId: number, lock = false): Promise<MessageSettingsRow | null> {
  const q = db.select().from(messageSettings).where(eq(messageSettings.websiteId, websiteId))
  const [row] = lock ? await q.for('update') : await q
  return row ?? null
}

export async function updateSettings(tx: Tx, websiteId: number, values: MessageSettingsValues): Promise<MessageSettingsRow> {
  const [row] = await tx
    .update(messageSettings)
    .set({ ...values, version: sql`${messageSettings.version} + 1` })
    .where(eq(messageSettings.websiteId, websiteId))
    .returning()
  return row
}

/** The website's first saved row: version 2, after the implied version 1 that staff saw. */
export async function insertSettings(tx: Tx, websiteId: number, values: MessageSettingsValues): Promise<MessageSettingsRow> {
  const [row] = await tx
    .insert(messageSettings)
    .values({ websiteId, ...values, version: 2 })
    .returning()
  return row
}
