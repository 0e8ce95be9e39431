import type { Db, Tx } from '../../db/client'
import type { AddressSnapshot, OrderBuyer } from '../../db/schema/orders'
import type { RequestCtx } from '../../platform/request-context'
import type { CheckoutLine } from '../cart/checkout-cart'
import type { CartTotals } from '../cart/price-cart'
import * as coupons from '../coupons/service'
import { releaseSlot, retakeSlot } from '../delivery/slots'
import * as invoices from '../invoices/service'
import * as stock from '../stock/service'
import * as q from './queries'
import { type Capture, refundCapture } from './refunds'

export interface NewOrder {
  userId: number
  paymentMethod: string
  totals: CartTotals
  couponCode: string | null
  couponRedemptionId: number | null
  address: AddressSnapshot
  /** a registered business buying (B2B invoice); null or absent: B2C */
  buyer?: OrderBuyer | null
  notes: string | null
  idempotencyKey: string
  requestHash: string
  holdMinutes: number | null
  /** the sales agent who placed it for the customer (agent mode) */
  agentId?: number | null
  lines: CheckoutLine[]
  deliveries: { deliveryChargeId: number; warehouseId: number; slotId: number; date: string; start: string; end: string; chargePaise: number }[]
}

export const formatOrderNumber = (n: number) => `OD${String(n).padStart(6, '0')}`

/** Inside the checkout transaction: the order, its snapshot lines, deliveries and first event (and, for COD, its message). */
export async function createOrder(ctx: RequestCtx & { db: Tx }, o: NewOrder): Promise<q.OrderRow> {
  const tx = ctx.db
  const cod = o.paymentMethod === 'cod'
  // on the customer's khata (a sales agent's order, docs/decisions/0047): settled on credit, confirmed at once
  const onKhata = o.paymentMethod === 'khata'
  const order = await q.insertOrder(tx, {
    websiteId: ctx.site.id,
    userId: o.userId,
    orderNumber: formatOrderNumber(await q.nextOrderNumber(tx, ctx.site.id)),
    status: cod || onKhata ? 'confirmed' : 'placed',
    paymentStatus: cod ? 'cod' : onKhata ? 'paid' : 'pending',
    paymentMethod: o.paymentMethod,
    itemsPaise: o.totals.amountPaise,
    discountPaise: o.totals.discountPaise,
    deliveryPaise: o.totals.finalDeliveryPaise,
    totalPaise: o.totals.totalPaise,
    couponCode: o.couponCode,
    couponRedemptionId: o.couponRedemptionId,
    address: o.address,
    buyer: o.buyer ?? null,
    notes: o.notes,
    idempotencyKey: o.idempotencyKey,
    requestHash: o.requestHash,
    holdExpiresAt: o.holdMinutes ? new Date(Date.now() + o.holdMinutes * 60_000) : null,
    ...(o.agentId ? { agentId: o.agentId, channel: 'agent' as const } : {}),
  })
  await q.insertItems(
    tx,
    o.lines.map((l) => ({
      orderId: order.id,
      packId: l.packId,
      warehouseId: l.warehouseId,
      productId: l.productId,
      slug: l.slug,
      image: l.image,
      productName: l.productName,
      packName: l.packName,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
      mrpPaise: l.mrpPaise,
    })),
  )
  await q.insertDeliveries(
    tx,
    o.deliveries.map((d) => ({
      orderId: order.id,
      deliveryChargeId: d.deliveryChargeId,
      warehouseId: d.warehouseId,
      slotId: d.slotId,
      date: d.date,
      startTime: d.start,
      endTime: d.end,
      chargePaise: d.chargePaise,
    })),
  )
  await q.insertEvent(tx, order.id, 'placed', cod ? 'Cash on delivery' : onKhata ? 'On khata' : 'Waiting for payment')
  if (cod) await confirmed(tx, order.id, 'Confirmed: pay cash on delivery')
  if (onKhata) await confirmed(tx, order.id, 'Confirmed: on the customer’s khata')
  return order
}

/**
 * The shopper's message leaves through the outbox, in the same transaction as the change that causes it; the tax
 * invoice is issued in it too (docs/decisions/0030-gst-invoices.md). An order settled as it is placed (cash on
 * delivery, khata) or by its payment is confirmed at once: the shopper hears "order placed". "Confirmed" is for a
 * distinct confirmation, the shop's (staff confirming an order that waited), docs/decisions/0052.
 */
export async function confirmed(tx: Tx, orderId: number, note: string, userId: number | null = null, by: 'placement' | 'shop' = 'placement') {
  await q.insertEvent(tx, orderId, 'confirmed', note, userId)
  await q.insertOutbox(tx, by === 'shop' ? 'order_confirmation' : 'order_placed', { orderId })
  await invoices.issueInvoice(tx, orderId)
}

/**
 * Gives back what an order holds; only the caller that set releasedAt (a conditional update) gets here. Rows in
 * checkout's order (stock by pack and warehouse, then slots, then the coupon), so a release and a checkout never deadlock.
 */
export async function releaseHold(tx: Tx, order: q.OrderRow) {
  await stock.releaseForOrder(tx, order.websiteId, (await q.heldItemsOf(tx, order.id)).sort(stock.stockRowOrder), order.id)
  for (const d of await q.deliveriesOf(tx, order.id)) await releaseSlot(tx, d.slotId)
  if (order.couponRedemptionId) await coupons.releaseCoupon(tx, order.couponRedemptionId)
}

/** A late payment for a released order: take the stock and slots again if they are still there. */
async function retakeHold(tx: Tx, order: q.OrderRow): Promise<boolean> {
  // All or none: a refused retake leaves no line held (the order is then refunded and cancelled).
  if (!(await stock.holdForOrder(tx, order.websiteId, [...(await q.heldItemsOf(tx, order.id))].sort(stock.stockRowOrder), order.id)).ok) return false
  for (const d of await q.deliveriesOf(tx, order.id)) await retakeSlot(tx, d.slotId)
  return true
}

export type PaidOutcome = 'paid' | 'already_paid' | 'refunding' | 'mismatch'

/**
 * The one way an order becomes paid, from a verified webhook or a server-side status fetch, with the order row
 * locked so webhook and confirm at once run one after the other. The capture must match the attempt's amount and
 * currency and the order must still be payable; any other capture (wrong amount, order cancelled or released and
 * its items gone, a second payment) is refunded through the outbox, never kept and never dropped.
 */
export async function markPaid(db: Db | Tx, payment: q.PaymentRow, c: Capture): Promise<PaidOutcome> {
  return db.transaction(async (tx) => {
    const order = (await q.lockOrder(tx, payment.orderId))!
    const refunded = await q.findRefundByPayment(tx, payment.websiteId, payment.provider, c.providerPaymentId)
    if (refunded) return refunded.reason === 'amount_mismatch' ? 'mismatch' : 'refunding'
    const attempt = (await q.findPaymentById(tx, payment.id))!
    if (attempt.providerPaymentId === c.providerPaymentId) return 'already_paid'
    if (c.amountPaise !== attempt.amountPaise || c.currency !== attempt.currency) {
      // the attempt is spent (its provider order is paid): the shopper can start another, or the hold runs out
      if (await q.updatePaymentIf(tx, attempt.id, ['created'], { status: 'failed' })) {
        await q.updateOrderIf(tx, order.id, { paymentStatus: ['pending'] }, { paymentStatus: 'failed' })
      }
      await refundCapture(tx, attempt, c, 'amount_mismatch', 'The amount paid does not match the order: refunding it')
      return 'mismatch'
    }
    if (attempt.status !== 'created' && attempt.status !== 'failed') {
      await refundCapture(tx, attempt, c, 'duplicate', 'A second payment for this order is refunded')
      return 'refunding'
    }
    const own = { status: 'refund_pending' as const, providerPaymentId: c.providerPaymentId }
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded') {
      await q.updatePaymentIf(tx, attempt.id, ['created', 'failed'], own)
      await refundCapture(tx, attempt, c, 'duplicate', 'A second payment for this order is refunded')
      return 'refunding'
    }
    if (order.status === 'cancelled' || (order.releasedAt !== null && !(await retakeHold(tx, order)))) {
      await q.updatePaymentIf(tx, attempt.id, ['created', 'failed'], own)
      await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'refund_pending', status: 'cancelled' })
      await refundCapture(tx, attempt, c, 'order_released', 'Paid after the order was cancelled or released and its items are gone: refunding')
      return 'refunding'
    }
    await q.updatePaymentIf(tx, attempt.id, ['created', 'failed'], { status: 'paid', providerPaymentId: c.providerPaymentId })
    await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'paid', status: 'confirmed', releasedAt: null, holdExpiresAt: null })
    await q.insertEvent(tx, order.id, 'paid', `Paid online (${payment.provider})`)
    await confirmed(tx, order.id, 'Payment received')
    return 'paid'
  })
}

/**
 * Cancels a locked order: what it holds goes back and a paid online payment is refunded through its provider
 * (outbox job). The shopper's cancel and staff's both come here.
 */
export async function cancelLocked(tx: Tx, order: q.OrderRow, note: string, refundNote: string, userId: number | null = null) {
  await q.updateOrderIf(tx, order.id, {}, { status: 'cancelled', releasedAt: order.releasedAt ?? new Date() })
  if (order.releasedAt === null) await releaseHold(tx, order)
  await q.insertEvent(tx, order.id, 'cancelled', note, userId)
  await invoices.creditCancellation(tx, order.id, 'Order cancelled')
  const paid = (await q.paymentsOf(tx, order.id)).find((p) => p.status === 'paid')
  if (paid) {
    await q.updateOrderIf(tx, order.id, {}, { paymentStatus: 'refund_pending' })
    await refundOrderPayment(tx, paid, refundNote)
  }
}

/**
 * The order's own payment goes back (the order was cancelled): what is left of it after the refunds staff made
 * (docs/decisions/0018). Nothing left: the payment is refunded once those refunds are done.
 */
export async function refundOrderPayment(tx: Tx, payment: q.PaymentRow, note: string) {
  if (!payment.providerOrderId || !payment.providerPaymentId) return
  if (!(await q.updatePaymentIf(tx, payment.id, ['paid'], { status: 'refund_pending' }))) return
  const earlier = (await q.refundsOf(tx, payment.orderId)).filter((r) => r.providerPaymentId === payment.providerPaymentId && r.status !== 'failed')
  const left = payment.amountPaise - earlier.reduce((sum, r) => sum + r.amountPaise, 0)
  if (left <= 0) {
    if (earlier.some((r) => r.status === 'pending')) return
    await q.updatePaymentIf(tx, payment.id, ['refund_pending'], { status: 'refunded' })
    await q.updateOrderIf(tx, payment.orderId, { paymentStatus: ['refund_pending'] }, { paymentStatus: 'refunded' })
    return
  }
  const capture = { providerOrderId: payment.providerOrderId, providerPaymentId: payment.providerPaymentId, amountPaise: left, currency: payment.currency }
  await refundCapture(tx, payment, capture, 'cancelled', note)
}

/** A failed attempt: the order stays payable (retry, another method) until its hold runs out. */
export async function markFailed(db: Db | Tx, payment: q.PaymentRow) {
  await db.transaction(async (tx) => {
    if (!(await q.updatePaymentIf(tx, payment.id, ['created'], { status: 'failed' }))) return
    await q.updateOrderIf(tx, payment.orderId, { paymentStatus: ['pending'] }, { paymentStatus: 'failed' })
    await q.insertEvent(tx, payment.orderId, 'payment_failed', `Payment failed (${payment.provider}, attempt ${payment.attempt})`)
  })
}

/** A round looks at this many pages of 50 at most, so that orders kept (their provider not answering) do not hide the rest. */
const KEPT_PAGES = 10

async function expiredIds(db: Db, now: Date, pages: number): Promise<number[]> {
  const ids: number[] = []
  for (let page = 0; page < pages; page++) {
    const found = await q.expiredHolds(db, now, 50, ids.at(-1) ?? 0)
    ids.push(...found.map((r) => r.id))
    if (found.length < 50) break
  }
  return ids
}

/**
 * The sweeper: unpaid orders past their hold give back stock, slot and coupon; safe with several processes.
 * `beforeRelease` is asked first about each (checkout's: has the provider in fact been paid? docs/decisions/0060):
 * false keeps the order for the next round.
 */
export async function releaseExpired(db: Db, now = new Date(), beforeRelease?: (orderId: number) => Promise<boolean>): Promise<number> {
  let released = 0
  for (const id of await expiredIds(db, now, beforeRelease ? KEPT_PAGES : 1)) {
    if (beforeRelease && !(await beforeRelease(id))) continue
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

/** An order's line as it is kept (checkout's line without its delivery group and problem). */
export type OrderLine = Omit<CheckoutLine, 'deliveryChargeId' | 'problem'>

export interface CounterOrder {
  /** the customer; null: a walk-in (no customer: the sale is nobody's purchase, the cashier's least of all) */
  userId: number | null
  /** who sold it (the order's first event names them) */
  staffId: number
  paymentMethod: string
  itemsPaise: number
  discountPaise: number
  totalPaise: number
  address: AddressSnapshot
  idempotencyKey: string
  requestHash: string
  createdAt: Date
  lines: OrderLine[]
  /** the website's coupon it used, and its use (counted with the web orders') */
  couponCode?: string | null
  couponRedemptionId?: number | null
  /** a registered business buying (B2B): its GSTIN and legal name go on the invoice */
  buyer?: OrderBuyer | null
}

/**
 * A sale at the shop counter (docs/decisions/0024-point-of-sale.md): paid and handed over at once, numbered from
 * the website's one series (the same counter row checkout takes, after the stock rows as checkout does).
 * Answers the order and its lines' ids in the order given.
 */
export async function createCounterOrder(tx: Tx, websiteId: number, o: CounterOrder): Promise<{ order: q.OrderRow; itemIds: number[] }> {
  const order = await q.insertOrder(tx, {
    websiteId,
    userId: o.userId,
    orderNumber: formatOrderNumber(await q.nextOrderNumber(tx, websiteId)),
    status: 'delivered',
    paymentStatus: 'paid',
    paymentMethod: o.paymentMethod,
    channel: 'pos',
    itemsPaise: o.itemsPaise,
    discountPaise: o.discountPaise,
    deliveryPaise: 0,
    totalPaise: o.totalPaise,
    couponCode: o.couponCode ?? null,
    couponRedemptionId: o.couponRedemptionId ?? null,
    address: o.address,
    buyer: o.buyer ?? null,
    notes: null,
    idempotencyKey: o.idempotencyKey,
    requestHash: o.requestHash,
    holdExpiresAt: null,
    createdAt: o.createdAt,
  })
  const itemIds = await q.insertItemsAnsweringIds(
    tx,
    o.lines.map((l) => ({ orderId: order.id, ...l })),
  )
  await q.insertEvent(tx, order.id, 'placed', 'Sold at the shop counter', o.staffId)
  await q.insertEvent(tx, order.id, 'delivered', 'Handed over at the counter', o.staffId)
  await invoices.issueInvoice(tx, order.id, o.createdAt)
  return { order, itemIds }
}

/** A staff member's view of one of the website's orders by its number, locked for a change (returns at the counter). */
export const lockSiteOrderByNumber = (tx: Tx, websiteId: number, orderNumber: string) => q.lockSiteOrderByNumber(tx, websiteId, orderNumber)
export const orderLines = (db: Tx | Db, orderId: number) => q.itemsOf(db, orderId)
export const noteEvent = (tx: Tx, orderId: number, kind: string, note: string, userId: number) => q.insertEvent(tx, orderId, kind, note, userId)

/** Everything of a counter sale came back: its money went back too. */
export async function markCounterRefunded(tx: Tx, orderId: number) {
  await q.updateOrderIf(tx, orderId, {}, { paymentStatus: 'refunded' })
}
