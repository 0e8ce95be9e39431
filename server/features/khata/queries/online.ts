import { and, eq, gt, isNotNull, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { khataAccounts, khataOnlinePayments, khataShareLinks } from '../../../db/schema/khata'

type Conn = Db | Tx
export type OnlineRow = typeof khataOnlinePayments.$inferSelect
export type ShareRow = typeof khataShareLinks.$inferSelect

export async function insertOnline(tx: Conn, row: typeof khataOnlinePayments.$inferInsert): Promise<OnlineRow> {
  const [made] = await tx.insert(khataOnlinePayments).values(row).returning()
  return made
}

/** `site`: the website a webhook's address names (null: any, the process's own address) */
const onSite = (site: number | null) => (site === null ? undefined : eq(khataOnlinePayments.websiteId, site))

export const findOnlineByOrder = (db: Conn, site: number | null, provider: string, providerOrderId: string) =>
  db
    .select()
    .from(khataOnlinePayments)
    .where(and(eq(khataOnlinePayments.provider, provider), eq(khataOnlinePayments.providerOrderId, providerOrderId), onSite(site)))
    .then((r) => r[0] ?? null)

export const findOnlineByQr = (db: Conn, site: number | null, providerQrId: string) =>
  db
    .select()
    .from(khataOnlinePayments)
    .where(and(eq(khataOnlinePayments.provider, 'razorpay'), eq(khataOnlinePayments.providerQrId, providerQrId), onSite(site)))
    .then((r) => r[0] ?? null)

/** The payment row taken for update: of the webhook, the return and a re-query, one posts it and the others find it paid. */
export const lockOnline = (tx: Tx, id: number) =>
  tx
    .select()
    .from(khataOnlinePayments)
    .where(eq(khataOnlinePayments.id, id))
    .for('update')
    .then((r) => r[0]!)

export const findOnline = (db: Conn, websiteId: number, khataId: number, id: number) =>
  db
    .select()
    .from(khataOnlinePayments)
    .where(and(eq(khataOnlinePayments.id, id), eq(khataOnlinePayments.websiteId, websiteId), eq(khataOnlinePayments.khataId, khataId)))
    .then((r) => r[0] ?? null)

export async function markOnlinePaid(tx: Tx, id: number, paid: { providerPaymentId: string; paidPaise: number; postedPaise: number; entryId: number | null }) {
  await tx
    .update(khataOnlinePayments)
    .set({ status: 'paid', ...paid, paidAt: new Date() })
    .where(eq(khataOnlinePayments.id, id))
}

export async function markOnlineExpired(tx: Tx, id: number) {
  await tx.update(khataOnlinePayments).set({ status: 'expired' }).where(eq(khataOnlinePayments.id, id))
}

export async function insertShare(db: Conn, row: typeof khataShareLinks.$inferInsert): Promise<ShareRow> {
  const [made] = await db.insert(khataShareLinks).values(row).returning()
  return made
}

/** A live link of this website by its token's hash, with the khata's customer. */
export const findShare = (db: Conn, websiteId: number, tokenHash: string, now: Date) =>
  db
    .select({ link: khataShareLinks, userId: khataAccounts.userId })
    .from(khataShareLinks)
    .innerJoin(khataAccounts, eq(khataAccounts.id, khataShareLinks.khataId))
    .where(and(eq(khataShareLinks.tokenHash, tokenHash), eq(khataShareLinks.websiteId, websiteId), gt(khataShareLinks.expiresAt, now)))
    .then((r) => r[0] ?? null)

export async function setProviderOrder(db: Conn, id: number, providerOrderId: string) {
  await db.update(khataOnlinePayments).set({ providerOrderId }).where(eq(khataOnlinePayments.id, id))
}

/** Pending payment-link rows past their close (the job's sweep), oldest first. */
export const lapsedLinks = (db: Conn, now: Date, limit = 50) =>
  db
    .select()
    .from(khataOnlinePayments)
    .where(
      and(
        eq(khataOnlinePayments.way, 'link'),
        eq(khataOnlinePayments.status, 'pending'),
        isNotNull(khataOnlinePayments.providerOrderId),
        lt(khataOnlinePayments.closeBy, now),
      ),
    )
    .orderBy(khataOnlinePayments.closeBy)
    .limit(limit)
