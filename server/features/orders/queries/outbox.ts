import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { outbox } from '../../../db/schema/orders'

type Conn = Db | Tx

export const insertOutbox = (tx: Conn, kind: string, payload: Record<string, unknown>) => tx.insert(outbox).values({ kind, payload })

export type OutboxRow = typeof outbox.$inferSelect

/**
 * Claims one due message for `leaseMs` (FOR UPDATE SKIP LOCKED + a lease): several workers never take the same row,
 * and a worker that dies mid-send leaves it to be claimed again when the lease runs out.
 */
export async function claimOutbox(db: Db, leaseMs: number): Promise<OutboxRow | null> {
  const rows = await db.execute(sql`
    update outbox set claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
    where id = (
      select id from outbox
      where sent_at is null and available_at <= now() and (claimed_until is null or claimed_until < now())
      order by id limit 1 for update skip locked)
    returning id, kind, payload, attempts`)
  const row = (rows as unknown as { rows: { id: number; kind: string; payload: Record<string, unknown>; attempts: number }[] }).rows[0]
  return row ? ({ ...row, availableAt: new Date(), claimedUntil: null, sentAt: null, lastError: null, createdAt: new Date() } as OutboxRow) : null
}

export async function markOutboxSent(db: Db, id: number) {
  await db
    .update(outbox)
    .set({ sentAt: new Date(), claimedUntil: null })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
}

export async function retryOutboxLater(db: Db, id: number, delayMs: number, error: string) {
  await db
    .update(outbox)
    .set({ claimedUntil: null, availableAt: new Date(Date.now() + delayMs), lastError: error.slice(0, 500) })
    .where(eq(outbox.id, id))
}

/** Outbox messages not yet sent, and how long the oldest one that is due has waited (metrics). */
export async function outboxLag(db: Db): Promise<{ pending: number; oldestDueSeconds: number }> {
  const result = await db.execute(sql`
    select count(*)::int as pending,
      coalesce(extract(epoch from now() - min(available_at) filter (where available_at <= now())), 0)::float8 as oldest
    from outbox where sent_at is null`)
  const [row] = (result as unknown as { rows: { pending: number; oldest: number }[] }).rows
  return { pending: Number(row?.pending ?? 0), oldestDueSeconds: Number(row?.oldest ?? 0) }
}
