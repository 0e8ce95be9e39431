import type { RefundableMoney, RefundOrderInput } from '../../../common/contracts/admin-orders'
import { formatINR } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RefundLine, RefundReason } from '../../db/schema/orders'
import { fail, invalidFields, type Result } from '../../platform/result'
import * as invoices from '../invoices/service'
import { unguessableReference } from '../payments/providers/inputs'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as q from './queries'
import { refundCapture } from './refunds'

/**
 * Staff refunds (docs/decisions/0018-order-fulfilment.md "Refunds"): per line or an amount, through the order's
 * payment provider for an online payment, or recorded as cash given back for a delivered cash-on-delivery order.
 * The order row is locked before anything is read, so refunds of one order take turns and their sum never passes
 * what was paid.
 */

/** What an order's money allows to give back, read under the order's lock (null: nothing was paid yet). */
export interface Refundable extends RefundableMoney {
  /** the captured payment it goes back to (online) */
  payment: q.PaymentRow | null
  refunds: q.RefundRow[]
}

const counted = (r: q.RefundRow) => r.status !== 'failed'

/** The order's own captured payment: paid, or being given back by staff or a cancel (not a second payment or a mismatch). */
function ownPayment(payments: q.PaymentRow[], refunds: q.RefundRow[]): q.PaymentRow | null {
  const paid = payments.find((p) => p.status === 'paid' && p.providerPaymentId)
  if (paid) return paid
  const own = new Set<RefundReason>(['staff', 'order_changed', 'cancelled'])
  return (
    payments.find(
      (p) =>
        (p.status === 'refund_pending' || p.status === 'refunded') &&
        refunds.some((r) => r.providerPaymentId === p.providerPaymentId && own.has(r.reason)) &&
        !refunds.some(
          (r) => r.providerPaymentId === p.providerPaymentId && (r.reason === 'duplicate' || r.reason === 'amount_mismatch' || r.reason === 'order_released'),
        ),
    ) ?? null
  )
}

/**
 * Per line: the units not yet given back by staff (units a line edit took out are already gone from `quantity`) and
 * what one unit gives back: its price less its share of the coupon's discount, spread over the items by value and
 * rounded so the shares never give back more than was paid for the items. Delivery charges are refunded as an amount.
 */
function lineRefunds(order: q.OrderRow, items: q.ItemRow[], refunds: q.RefundRow[]) {
  const given = new Map<number, number>()
  for (const r of refunds) if (counted(r) && r.reason === 'staff') for (const l of r.lines ?? []) given.set(l.itemId, (given.get(l.itemId) ?? 0) + l.quantity)
  return items.map((i) => ({
    id: i.id,
    units: Math.max(0, i.quantity - (given.get(i.id) ?? 0)),
    unit_amount: i.pricePaise - (order.itemsPaise > 0 ? Math.ceil((i.pricePaise * order.discountPaise) / order.itemsPaise) : 0),
  }))
}

export async function refundableOf(db: Db | Tx, order: q.OrderRow): Promise<Refundable | null> {
  const [items, payments, refunds] = await Promise.all([q.itemsOf(db, order.id), q.paymentsOf(db, order.id), q.refundsOf(db, order.id)])
  const lines = lineRefunds(order, items, refunds)
  if (order.paymentMethod === 'cod') {
    if (order.cashCollectedPaise === null) return null
    const cash = refunds.filter((r) => r.provider === 'cash' && counted(r))
    // what came at the door, in cash or by UPI (docs/decisions/0018 "Delivered"); given back in cash
    const paid = order.cashCollectedPaise + (order.upiCollectedPaise ?? 0)
    const left = paid - cash.reduce((sum, r) => sum + r.amountPaise, 0)
    return { source: 'cash', paid, left, lines, payment: null, refunds }
  }
  const payment = ownPayment(payments, refunds)
  if (!payment) return null
  const taken = refunds.filter((r) => r.providerPaymentId === payment.providerPaymentId && counted(r)).reduce((sum, r) => sum + r.amountPaise, 0)
  return { source: 'online', paid: payment.amountPaise, left: payment.amountPaise - taken, lines, payment, refunds }
}

export const refundableMoney = (r: Refundable | null): RefundableMoney | null =>
  r && { source: r.source, paid: r.paid, left: Math.max(0, r.left), lines: r.lines }

/** The amount the input asks for, checked against the lines and what is left (422 per field). */
function amountAsked(input: RefundOrderInput, money: Refundable): Result<{ amount: number; lines: RefundLine[] | null }> {
  if ((input.lines === undefined) === (input.amount === undefined)) {
    return invalidFields({ amount: 'Refund either lines or an amount' })
  }
  let amount = input.amount ?? 0
  let lines: RefundLine[] | null = null
  if (input.lines) {
    const errors: Record<string, string> = {}
    const byLine = new Map(money.lines.map((l) => [l.id, l]))
    const asked = new Map<number, number>()
    input.lines.forEach((l, i) => {
      const line = byLine.get(l.id)
      const units = (asked.get(l.id) ?? 0) + l.quantity
      asked.set(l.id, units)
      if (!line) errors[`lines.${i}.id`] = 'This line is not in the order'
      else if (units > line.units) errors[`lines.${i}.quantity`] = line.units ? `At most ${line.units} can be refunded` : 'Already refunded'
    })
    if (Object.keys(errors).length) return invalidFields(errors)
    lines = [...asked].map(([itemId, quantity]) => ({ itemId, quantity }))
    amount = lines.reduce((sum, l) => sum + l.quantity * byLine.get(l.itemId)!.unit_amount, 0)
  }
  if (money.left <= 0) return invalidFields({ [input.lines ? 'lines' : 'amount']: 'Everything paid is refunded or being refunded already' })
  if (amount > money.left) {
    const most = `At most ${formatINR(money.left)} can be refunded`
    return invalidFields({ [input.lines ? 'lines' : 'amount']: input.lines ? `These lines come to ${formatINR(amount)}: ${most}` : most })
  }
  if (amount < 1) return invalidFields({ lines: 'Nothing to refund' })
  return { ok: true, value: { amount, lines } }
}

const NOT_PAID = 'This order is not paid: there is nothing to refund'
const COD_NOT_DELIVERED = 'Cash on delivery: nothing is paid until the order is delivered'

/** Ours, sent to the provider (Razorpay receipt / Cashfree refund_id): website, order and count to read, random to guess. */
const staffReference = (order: q.OrderRow, refunds: q.RefundRow[]) =>
  unguessableReference(`w${order.websiteId}-${order.orderNumber}-r${refunds.filter((r) => r.reason === 'staff' || r.reason === 'order_changed').length + 1}`)

const snapshot = (o: q.OrderRow, money: Refundable | null) => ({ payment_status: o.paymentStatus, refundable: money ? Math.max(0, money.left) : null })

/**
 * Gives money back on a locked order: through the provider (the outbox `refund` job, pending until the provider
 * reports it) or as cash (recorded at once). When everything paid is given back the payment status follows:
 * online `refund_pending` (then `refunded` when the provider is done), cash `refunded`. Timeline, shopper's message.
 */
export async function giveBack(
  tx: Tx,
  order: q.OrderRow,
  money: Refundable,
  r: { amount: number; lines: RefundLine[] | null; reason: 'staff' | 'order_changed'; note: string | null; userId: number; siteName: string },
): Promise<q.RefundRow> {
  const reference = staffReference(order, money.refunds)
  const all = r.amount === money.left
  const extra = { reference, note: r.note, userId: r.userId, lines: r.lines }
  let refund: q.RefundRow | null
  if (money.source === 'cash') {
    refund = await q.insertRefund(tx, {
      orderId: order.id,
      paymentId: null,
      websiteId: order.websiteId,
      provider: 'cash',
      providerOrderId: order.orderNumber,
      providerPaymentId: `cash-${order.orderNumber}`,
      amountPaise: r.amount,
      currency: 'INR',
      reason: r.reason,
      status: 'processed',
      ...extra,
    })
    await q.insertEvent(tx, order.id, 'refunded', `${formatINR(r.amount)} given back in cash`, r.userId)
    if (all) await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'refunded' })
  } else {
    const p = money.payment!
    const capture = { providerOrderId: p.providerOrderId!, providerPaymentId: p.providerPaymentId!, amountPaise: r.amount, currency: p.currency }
    refund = await refundCapture(tx, p, capture, r.reason, 'Refund to the original payment method started', extra)
    if (all && (await q.updatePaymentIf(tx, p.id, ['paid'], { status: 'refund_pending' }))) {
      await q.updateOrderIf(tx, order.id, { paymentStatus: ['paid'] }, { paymentStatus: 'refund_pending' })
    }
  }
  await q.insertOutbox(tx, 'order_refund', { orderId: order.id, amount: r.amount, cash: money.source === 'cash', siteName: r.siteName })
  // the credit note goes to the shopper: its reason is said for them, never the staff's own note (kept on the refund row)
  const units = r.lines?.reduce((n, l) => n + l.quantity, 0) ?? 0
  const why = r.reason === 'order_changed' ? 'Order changed before packing' : units ? `Refund for ${units} item${units === 1 ? '' : 's'}` : 'Refund'
  await invoices.issueCreditNote(tx, order.id, { amountPaise: r.amount, lines: r.lines, reason: why })
  return refund!
}

/** The staff call's work on the locked order (admin.ts finds and locks it, and answers the order). */
export async function refundLocked(ctx: StaffWriteCtx, order: q.OrderRow, input: RefundOrderInput): Promise<Result<null>> {
  const money = await refundableOf(ctx.db, order)
  if (!money) return fail('conflict', order.paymentMethod === 'cod' ? COD_NOT_DELIVERED : NOT_PAID)
  const asked = amountAsked(input, money)
  if (!asked.ok) return asked
  await staffWrite(ctx, { action: 'order.refund', entity: 'order', data: { reason: input.reason } }, async (tx) => {
    const made = await giveBack(tx, order, money, { ...asked.value, reason: 'staff', note: input.reason, userId: ctx.user.id, siteName: ctx.site.name })
    const after = (await q.lockOrder(tx, order.id))!
    const refund = { id: made.id, amount: made.amountPaise, lines: made.lines, state: made.status }
    return { result: null, id: order.id, before: snapshot(order, money), after: { ...snapshot(after, await refundableOf(tx, after)), refund } }
  })
  return { ok: true, value: null }
}
