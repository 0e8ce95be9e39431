import { and, count, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { messagePreferences, messages } from '../../../db/schema/messages'

export type MessageRow = typeof messages.$inferSelect
type NewMessage = typeof messages.$inferInsert

export async function insertMessage(db: Db, row: NewMessage): Promise<MessageRow> {
  const [saved] = await db.insert(messages).values(row).returning()
  return saved
}

export const findByProviderId = async (db: Db, provider: string, providerMessageId: string) =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.provider, provider), eq(messages.providerMessageId, providerMessageId)))
      .limit(1)
  )[0] ?? null

export const findFallbackOf = async (db: Db, id: number) =>
  (await db.select({ id: messages.id }).from(messages).where(eq(messages.fallbackOf, id)).limit(1))[0] ?? null

/** Moves the status forward only (a report that arrives late or twice changes nothing): the row when it moved. */
export async function advanceStatus(db: Db, id: number, status: string, allowedFrom: readonly string[], errorCode: string | null) {
  const [row] = await db
    .update(messages)
    .set({ status, statusAt: new Date(), ...(errorCode ? { errorCode } : {}) })
    .where(and(eq(messages.id, id), sql`${messages.status} in ${allowedFrom}`))
    .returning()
  return row ?? null
}

/** Messages sent (or tried) since `since`: to one number of a website, or by the website as a whole. */
export async function sentSince(db: Db, websiteId: number | null, since: Date, toMobile?: string) {
  const site = websiteId === null ? sql`${messages.websiteId} is null` : eq(messages.websiteId, websiteId)
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        site,
        gte(messages.createdAt, since),
        toMobile ? eq(messages.toMobile, toMobile) : undefined,
        sql`${messages.status} not in ('limited', 'opted_out')`,
      ),
    )
  return row.n
}

export const findPreference = async (db: Db | Tx, websiteId: number, mobile: string) =>
  (
    await db
      .select()
      .from(messagePreferences)
      .where(and(eq(messagePreferences.websiteId, websiteId), eq(messagePreferences.mobile, mobile)))
      .limit(1)
  )[0] ?? null

/** how an opt-in was given: at checkout's tick, on the account screen, or carried over by the migration */
export type OptInVia = 'checkout' | 'account'

/** Keeps an earlier opt-in's time and place; a new opt-in (after none, or after an opt-out) records now and where. */
const optInKept = (via: OptInVia) => ({
  optedInAt: sql`case when ${messagePreferences.updates} then ${messagePreferences.optedInAt} else now() end`,
  optedInVia: sql`case when ${messagePreferences.updates} then ${messagePreferences.optedInVia} else ${via} end`,
})

export async function savePreference(db: Db, websiteId: number, mobile: string, channel: 'whatsapp' | 'sms', updates: boolean, via: OptInVia = 'account') {
  const [row] = await db
    .insert(messagePreferences)
    .values({ websiteId, mobile, channel, updates, optedInAt: updates ? new Date() : null, optedInVia: updates ? via : null })
    .onConflictDoUpdate({
      target: [messagePreferences.websiteId, messagePreferences.mobile],
      set: { channel, updates, updatedAt: new Date(), ...(updates ? optInKept(via) : {}) },
    })
    .returning()
  return row
}

/** The shopper ticked "Send me order updates" (checkout): opted in, their channel choice unchanged. */
export async function optIn(db: Db | Tx, websiteId: number, mobile: string, via: OptInVia) {
  await db
    .insert(messagePreferences)
    .values({ websiteId, mobile, updates: true, optedInAt: new Date(), optedInVia: via })
    .onConflictDoUpdate({ target: [messagePreferences.websiteId, messagePreferences.mobile], set: { ...optInKept(via), updates: true, updatedAt: new Date() } })
}

export const deleteOlderThan = (db: Db, before: Date) => db.delete(messages).where(lt(messages.createdAt, before))

export interface LogFilters {
  before?: number
  mobile?: string
  template?: string
  channel?: string
  status?: string
}

export async function listMessages(db: Db, websiteId: number, limit: number, f: LogFilters = {}) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.websiteId, websiteId),
        f.before ? lt(messages.id, f.before) : undefined,
        f.mobile ? eq(messages.toMobile, f.mobile) : undefined,
        f.template ? eq(messages.template, f.template) : undefined,
        f.channel ? eq(messages.channel, f.channel) : undefined,
        f.status ? eq(messages.status, f.status) : undefined,
      ),
    )
    .orderBy(sql`${messages.id} desc`)
    .limit(limit)
}
