import type { Db } from '../../db/client'
import type { PaymentProviders } from '../payments/providers/registry'
import type { PaymentLink, ProviderName } from '../payments/providers/types'
import { postOnline } from './online'
import * as o from './queries/online'
import { requeryGate } from './requery-gate'

/**
 * A shared statement's payment link is settled by its webhook; when that is lost the provider is asked
 * (docs/decisions/0060): by the statement page while the row is pending, and by the job once the link has closed.
 * A captured payment of the amount asked is posted through `postOnline` under the row's lock, so the webhook, the
 * page and the job post it once between them.
 */

/** A pending link is asked about once it is this old, and then at most this often (per process) from the page. */
export const LINK_REQUERY_AFTER_MS = 30_000
const LINK_REQUERY_EVERY_MS = 15_000
/** How long past its close the job keeps asking a provider that does not answer, before calling the link expired. */
const GIVE_UP_AFTER_MS = 24 * 3600_000

/** Whether the page may ask the provider about this row now (then noted as asked). */
export const linkRequeryDue = requeryGate(LINK_REQUERY_AFTER_MS, LINK_REQUERY_EVERY_MS)

/** Asks the provider about the row's link and posts a captured payment of its amount; answers the link's status. */
export async function requeryLink(db: Db, providers: PaymentProviders, row: o.OnlineRow): Promise<PaymentLink['status']> {
  const provider = providers.providerFor(row.provider as ProviderName)
  if (!provider.fetchPaymentLink || !row.providerOrderId) return 'open'
  const link = await provider.fetchPaymentLink(row.providerOrderId)
  const paid = link.payments.find((p) => p.status === 'captured' && p.amountPaise === row.amountPaise && p.currency === 'INR')
  if (paid) await db.transaction((tx) => postOnline(tx, row.id, { providerPaymentId: paid.id, amountPaise: paid.amountPaise, currency: paid.currency }))
  return link.status
}

export interface LapsedLog {
  gaveUp(rowId: number, err: unknown): void
}

/**
 * The job's sweep: pending link rows past their close are asked about once more (a lost webhook's payment is posted),
 * then marked expired if still pending. A provider that cannot be asked leaves the row for the next round, for a day.
 */
export async function settleLapsedLinks(
  db: Db,
  providersOf: (websiteId: number, made: { provider: string; account: string | null }) => PaymentProviders | Promise<PaymentProviders>,
  log: LapsedLog,
  now = new Date(),
): Promise<number> {
  let settled = 0
  for (const row of await o.lapsedLinks(db, now)) {
    const waiting = now.getTime() - row.closeBy!.getTime() < GIVE_UP_AFTER_MS
    try {
      // still open at the provider (its clock a little behind ours): asked again next round
      if ((await requeryLink(db, await providersOf(row.websiteId, row), row)) === 'open' && waiting) continue
    } catch (err) {
      if (waiting) continue
      log.gaveUp(row.id, err)
    }
    await db.transaction(async (tx) => {
      if ((await o.lockOnline(tx, row.id)).status === 'pending') await o.markOnlineExpired(tx, row.id)
    })
    settled++
  }
  return settled
}
