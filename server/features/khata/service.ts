import { formatINR } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import { fail, ok, type Result } from '../../platform/result'
import * as q from './queries/khata'

export { KHATA_REMINDER_OUTBOX, KHATA_STATEMENT_OUTBOX } from './remind'
export { khataOrderWebhook, khataQrWebhook, onlineByProviderOrder } from './online'
export { settleLapsedLinks } from './pay-link-requery'

/**
 * What other features ask of the khata (docs/decisions/0047-khata.md): the counter puts a sale on a customer's khata,
 * and a return of goods sold on credit takes it off. Both run in the caller's transaction and take the khata's row
 * lock, so two counters selling to one customer at once are counted one after the other.
 */

/** Who may give credit past the limit (with a reason): staff with admin access to the website. */
export const mayOverrideLimit = (user: { hasAdminAccess: boolean }) => user.hasAdminAccess

/** What the customer still owes on their khata here (0 without one): a return of credit goods comes off it first. */
export const owedOn = async (db: Db | Tx, websiteId: number, userId: number) => (await q.findAccount(db, websiteId, userId))?.balancePaise ?? 0

export interface Charge {
  websiteId: number
  userId: number
  customerName: string
  orderId: number
  amountPaise: number
  /** the staff member and the register */
  byUserId: number
  device: string
  /** an admin gave more credit than the limit, and why (audited with the sale) */
  overrideReason: string | null
}

export interface Charged {
  khataId: number
  entryId: number
  balanceBefore: number
  balanceAfter: number
  limit: number
  overLimit: boolean
}

/** The sale on the khata: refused beyond the credit limit (with the figures), unless an admin overrides it with a reason. */
export async function chargeSale(tx: Tx, c: Charge): Promise<Result<Charged>> {
  const account = await q.lockAccount(tx, c.websiteId, c.userId)
  const limit = account?.creditLimitPaise ?? 0
  const balance = account?.balancePaise ?? 0
  const overLimit = balance + c.amountPaise > limit
  if (overLimit && !c.overrideReason) {
    const message =
      limit === 0
        ? `${c.customerName} has no credit with the shop (credit limit ${formatINR(0)}, balance ${formatINR(balance)}): set a limit in Khata first`
        : `${formatINR(c.amountPaise)} on khata would take ${c.customerName}'s balance of ${formatINR(balance)} past the credit limit of ${formatINR(limit)}: at most ${formatINR(Math.max(limit - balance, 0))} more`
    return fail('invalid', message, { payments: message })
  }
  const locked = account ?? (await q.openAndLock(tx, c.websiteId, c.userId))
  const entry = await q.appendEntry(tx, locked, {
    kind: 'sale',
    amountPaise: c.amountPaise,
    orderId: c.orderId,
    reason: overLimit ? `Over the limit: ${c.overrideReason}` : null,
    userId: c.byUserId,
    device: c.device,
  })
  return ok({ khataId: locked.id, entryId: entry.id, balanceBefore: balance, balanceAfter: locked.balancePaise, limit, overLimit })
}

/**
 * Goods sold on credit brought back: the refund goes back on the khata, up to what is still owed there (never
 * below zero); what is left is for the caller to give back another way. Answers the paise taken off the khata.
 */
export async function creditReturn(
  tx: Tx,
  r: { websiteId: number; userId: number; orderId: number; paise: number; byUserId: number; device: string },
): Promise<number> {
  const account = await q.lockAccount(tx, r.websiteId, r.userId)
  const take = Math.min(r.paise, account?.balancePaise ?? 0)
  if (!account || take <= 0) return 0
  await q.appendEntry(tx, account, { kind: 'return', amountPaise: -take, orderId: r.orderId, userId: r.byUserId, device: r.device })
  return take
}
