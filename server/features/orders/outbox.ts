import type { Db } from '../../db/client'
import * as q from './queries'

export type OutboxHandler = (payload: Record<string, unknown>, message: { id: number; attempts: number }) => Promise<void>

/** what the metrics show of the outbox: messages waiting, and the oldest due one's age */
export const outboxLag = (db: Db) => q.outboxLag(db)

const LEASE_MS = 60_000
const MAX_ATTEMPTS = 10
const backoff = (attempts: number) => Math.min(2 ** attempts * 1000, 10 * 60_000)

/**
 * Delivers due outbox messages one by one: claim (lease), run, mark sent. A crash after the send and before the
 * mark sends again after the lease (at least once); handlers pass the message id to the provider as an idempotency
 * key where the provider takes one (refunds do), so a repeat is not a second effect there.
 */
export async function drainOutbox(db: Db, handlers: Record<string, OutboxHandler>, log: { error(o: object, m: string): void }, max = 20): Promise<number> {
  let sent = 0
  for (let i = 0; i < max; i++) {
    const message = await q.claimOutbox(db, LEASE_MS)
    if (!message) break
    const handler = handlers[message.kind]
    try {
      if (!handler) throw new Error(`no handler for ${message.kind}`)
      await handler(message.payload, message)
      await q.markOutboxSent(db, message.id)
      sent++
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err)
      log.error({ outboxId: message.id, kind: message.kind, attempts: message.attempts, err }, 'outbox message failed')
      await q.retryOutboxLater(db, message.id, message.attempts >= MAX_ATTEMPTS ? 24 * 3600_000 : backoff(message.attempts), text)
    }
  }
  return sent
}
