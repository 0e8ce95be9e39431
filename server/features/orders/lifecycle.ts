import type { Db, Tx } from '../../db/client'
import type { AddressSnapshot } from '../../db/schema/orders'
import type { RequestCtx } from '../../platform/request-context'
import type { CheckoutLine } from '../cart/checkout-cart'
import type { CartTotals } from '../cart/price-cart'
import { releaseStock, reserveStock } from '../catalogue/stock'
import * as coupons from '../coupons/service'
import { releaseSlot, retakeSlot } from '../delivery/slots'
import * as q from './queries'

export interface NewOrder {
  userId: number
  paymentMethod: string
  totals: CartTotals
  couponCode: string | null
  couponRedemptionId: number | null
  address: AddressSnapshot
  notes: string | null
  idempotencyKey: string
  holdMinutes: number | null
  lines: CheckoutLine[]
  deliveries: { deliveryChargeId: number; warehouseId: number; slotId: number; date: string; start: string; end: string; chargePaise: number }[]
}

export const formatOrderNumber = (n: number) => `OD${String(n).padStart(6, '0')}`

/** Inside the checkout transaction: the order, its snapshot lines, deliveries and first event (and, for COD, its message). */
export async function createOrder(ctx: RequestCtx & { db: Tx }, o: NewOrder): Promise<q.OrderRow> {
  const tx = ctx.db
  const cod = o.paymentMethod === 'cod'
  const order = await q.insertOrder(tx, {
    websiteId: ctx.site.id,
    userId: o.userId,
    orderNumber: formatOrderNumber(await q.nextOrderNumber(tx, ctx.site.id)),
    status: cod ? 'confirmed' : 'placed',
    paymentStatus: cod ? 'cod' : 'pending',
    paymentMethod: o.paymentMethod,
    itemsPaise: o.totals.amountPaise,
    discountPaise: o.totals.discountPaise,
    deliveryPaise: o.totals.finalDeliveryPaise,
    totalPaise: o.totals.totalPaise,
    couponCode: o.couponCode,
    couponRedemptionId: o.couponRedemptionId,
    address: o.address,
    notes: o.notes,
    idempotencyKey: o.idempotencyKey,
    holdExpiresAt: o.holdMinutes ? new Date(Date.now() + o.holdMinutes * 60_000) : null,
  })
  await q.insertItems(
    tx,
    o.lines.map((l) => ({ orderId: order.id, packId: l.packId, warehouseId: l.warehouseId, productId: l.productId, slug: l.slug, image: l.image, productName: l.productName, packName: l.packName, quantity: l.quantity, pricePaise: l.pricePaise, mrpPaise: l.mrpPaise })),
  )
  await q.insertDeliveries(tx, o.deliveries.map((d) => ({ orderId: order.id, deliveryChargeId: d.deliveryChargeId, warehouseId: d.warehouseId, slotId: d.slotId, date: d.date, startTime: d.start, endTime: d.end, chargePaise: d.chargePaise })))
  await q.insertEvent(tx, order.id, 'placed', cod ? 'Cash on delivery' : 'Waiting for payment')
  if (cod) await confirmed(tx, order.id, 'Confirmed: pay cash on delivery')
  return order
}

/** The confirmation message leaves through the outbox, in the same transaction as the change that causes it. */
async function confirmed(tx: Tx | Db, orderId: number, note: string) {
  await q.insertEvent(tx, orderId, 'confirmed', note)
  await q.insertOutbox(tx, 'order_confirmation', { orderId })
}

/** Gives back what an order holds; only the caller that set releasedAt (a conditional update) gets here. */
export async function releaseHold(tx: Tx, order: q.OrderRow) {
  for (const item of await q.itemsOf(tx, order.id)) await releaseStock(tx, item.packId, item.warehouseId, item.quantity)
  for (const d of await q.deliveriesOf(tx, order.id)) await releaseSlot(tx, d.slotId)
  if (order.couponRedemptionId) await coupons.releaseCoupon(tx, order.couponRedemptionId)
}

/** A late payment for a released order: take the stock and slots again if they are still there. */
async function retakeHold(tx: Tx, order: q.OrderRow): Promise<boolean> {
  const items = [...(await q.itemsOf(tx, order.id))].sort((a, b) => a.packId - b.packId || a.warehouseId - b.warehouseId)
  for (const item of items) if (!(await reserveStock(tx, item.packId, item.warehouseId, item.quantity))) return false
  for (const d of await q.deliveriesOf(tx, order.id)) await retakeSlot(tx, d.slotId)
  return true
}

export type PaidOutcome = 'paid' | 'already_paid' | 'refunding' | 'mismatch'

/**
 * The one way an order becomes paid, from a verified webhook or a server-side status fetch: the amount and currency
 * must match the attempt, and the conditional updates make a second caller (webhook and confirm at once) a no-op.
 * A payment for an order that can no longer be fulfilled is refunded through the outbox, never dropped.
 */
export async function markPaid(db: Db | Tx, payment: q.PaymentRow, providerPaymentId: string, amountPaise: number, currency: string): Promise<PaidOutcome> {
  if (amountPaise !== payment.amountPaise || currency !== payment.currency) return 'mismatch'
  return db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, payment.orderId)
    if (!order) return 'mismatch'
    if (!(await q.updatePaymentIf(tx, payment.id, ['created', 'failed'], { status: 'paid', providerPaymentId }))) return 'already_paid'
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded') {
      // a second attempt paid too: give this one back
      await refundLater(tx, payment.id, order.id, 'A second payment for a paid order is refunded')
      return 'refunding'
    }
    const released = order.releasedAt !== null
    if (order.status === 'cancelled' && !released) return 'mismatch'
    if (released && (order.status === 'cancelled' || !(await retakeHold(tx, order)))) {
      await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'refund_pending', status: 'cancelled' })
      await refundLater(tx, payment.id, order.id, 'Paid after the order was released and the items are gone: refunding')
      return 'refunding'
    }
    await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'paid', status: 'confirmed', releasedAt: null, holdExpiresAt: null })
    await q.insertEvent(tx, order.id, 'paid', `Paid online (${payment.provider})`)
    await confirmed(tx, order.id, 'Payment received')
    return 'paid'
  })
}

export async function refundLater(tx: Tx, paymentId: number, orderId: number, note: string) {
  await q.updatePaymentIf(tx, paymentId, ['paid'], { status: 'refund_pending' })
  await q.insertEvent(tx, orderId, 'refund_requested', note)
  await q.insertOutbox(tx, 'refund', { paymentId })
}

/** A failed attempt: the order stays payable (retry, another method) until its hold runs out. */
export async function markFailed(db: Db | Tx, payment: q.PaymentRow) {
  await db.transaction(async (tx) => {
    if (!(await q.updatePaymentIf(tx, payment.id, ['created'], { status: 'failed' }))) return
    await q.updateOrderIf(tx, payment.orderId, { paymentStatus: ['pending'] }, { paymentStatus: 'failed' })
    await q.insertEvent(tx, payment.orderId, 'payment_failed', `Payment failed (${payment.provider}, attempt ${payment.attempt})`)
  })
}

/** The sweeper: unpaid orders past their hold give back stock, slot and coupon; safe with several processes. */
export async function releaseExpired(db: Db, now = new Date()): Promise<number> {
  let released = 0
  for (const { id } of await q.expiredHolds(db, now)) {
    await db.transaction(async (tx) => {
      if (!(await q.updateOrderIf(tx, id, { paymentStatus: ['pending', 'failed'], held: true }, { releasedAt: now, status: 'expired' }))) return
      const order = (await q.lockOrder(tx, id))!
      await releaseHold(tx, order)
      await q.insertEvent(tx, id, 'expired', 'Not paid in time: the items were released')
      released++
    })
  }
  return released
}

/** A refund the provider reports done (webhook or the refund call's answer); once. */
export async function refundSettled(db: Db | Tx, payment: q.PaymentRow, amountPaise: number, providerRefundId: string | null): Promise<boolean> {
  const done = await q.updatePaymentIf(db, payment.id, ['refund_pending', 'paid'], { status: 'refunded', refundedPaise: amountPaise, ...(providerRefundId ? { providerRefundId } : {}) })
  if (!done) return false
  await q.updateOrderIf(db, payment.orderId, { paymentStatus: ['refund_pending', 'paid'] }, { paymentStatus: 'refunded' })
  await q.insertEvent(db, payment.orderId, 'refunded', 'Refunded to your original payment method')
  return true
}
