import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { paymentSettings } from '../../db/schema/sites'

export type SettingsRow = typeof paymentSettings.$inferSelect
/** what a staff save writes; the version is the row's */
export type SettingsValues = Omit<typeof paymentSettings.$inferInsert, 'websiteId' | 'version'>

export async function findSettings(db: Db | Tx, websiteId: number, lock = false): Promise<SettingsRow | null> {
  const q = db.select().from(paymentSettings).where(eq(paymentSettings.websiteId, websiteId))
  const [row] = lock ? await q.for('update') : await q
  return row ?? null
}

export async function updateSettings(tx: Tx, websiteId: number, values: SettingsValues): Promise<SettingsRow> {
  const [row] = await tx
    .update(paymentSettings)
    .set({ ...values, version: sql`${paymentSettings.version} + 1` })
    .where(eq(paymentSettings.websiteId, websiteId))
    .returning()
  return row
}

/** The website's first saved row: version 2, after the implied version 1 that staff saw. */
export async function insertSettings(tx: Tx, websiteId: number, values: SettingsValues): Promise<SettingsRow> {
  const [row] = await tx
    .insert(paymentSettings)
    .values({ websiteId, ...values, version: 2 })
    .returning()
  return row
}
