import type { OrderDetail } from '../../../common/contracts/orders'
import type { PaymentRefund } from '../../../common/contracts/payment-refunds'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import type { Result } from '../../platform/result'
import * as cart from '../cart/service'
import { canCancel, detail, summary } from './answer'
import { cancelLocked } from './lifecycle'
import * as q from './queries'

export {
  createCounterOrder,
  createOrder,
  lockSiteOrderByNumber,
  markCounterRefunded,
  markFailed,
  noteEvent,
  type OrderLine,
  orderLines,
  markPaid,
  type PaidOutcome,
  releaseExpired,
} from './lifecycle'
export { findRefund, findRefundForEvent, hasRefund, refundAccepted, refundFailed, refundSettled } from './refunds'
export type { OrderRow, PaymentRow } from './queries'
export * as attempts from './attempts'

const PAGE_SIZE = 10
const STAFF_PAGE_SIZE = 50
const NOT_FOUND = { ok: false, kind: 'not_found', message: 'No such order' } as const

export type OrderResult = Result<OrderDetail>

export const findByIdempotencyKey = (ctx: RequestCtx, userId: number, key: string) => q.findByIdempotencyKey(ctx.db, ctx.site.id, userId, key)
export const findOrderById = (db: Db | Tx, id: number) => q.findOrderById(db, id)
/** A message for the outbox worker (`kind` names its handler), written in the caller's transaction. */
export const enqueueOutbox = (tx: Tx, kind: string, payload: Record<string, unknown>) => q.insertOutbox(tx, kind, payload)
/**
 * A payment webhook's event is stored once per address it came to (null the second time), then marked with what it
 * did: `site` is the website its address names (null: the process's), so one website's events never silence another's.
 */
export const insertPaymentEvent = (tx: Tx, site: number | null, event: Omit<Parameters<typeof q.insertPaymentEvent>[1], 'websiteId'>) =>
  q.insertPaymentEvent(tx, { ...event, websiteId: site })
export const markEventProcessed = (tx: Tx, id: number, outcome: string) => q.markEventProcessed(tx, id, outcome)

/** Another user's or another website's order id is not found, never forbidden (no hint that it exists). */
export function findOwn(ctx: RequestCtx, id: number) {
  const user = requireUser(ctx)
  return q.findOwnOrder(ctx.db, ctx.site.id, user.id, id)
}

export async function list(ctx: RequestCtx, page = 1) {
  const user = requireUser(ctx)
  const { rows, total } = await q.listOwnOrders(ctx.db, ctx.site.id, user.id, PAGE_SIZE, (page - 1) * PAGE_SIZE)
  return { orders: rows.map((r) => summary(r.order, r.items, r.placedBy)), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total }
}

/** The website's refunds, for staff (the route checks the role). */
export async function listRefunds(ctx: RequestCtx, page = 1): Promise<{ refunds: PaymentRefund[]; page: number; pages: number; total: number }> {
  const { rows, total } = await q.listRefunds(ctx.db, ctx.site.id, STAFF_PAGE_SIZE, (page - 1) * STAFF_PAGE_SIZE)
  const refunds = rows.map(({ refund: r, orderNumber }) => ({
    id: r.id,
    order_id: r.orderId,
    order_number: orderNumber,
    provider: r.provider,
    provider_payment_id: r.providerPaymentId,
    amount: r.amountPaise,
    currency: r.currency,
    reason: r.reason,
    state: r.status,
    reference: r.reference,
    provider_refund_id: r.providerRefundId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }))
  return { refunds, page, pages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)), total }
}

export async function get(ctx: RequestCtx, id: number): Promise<OrderResult> {
  const order = await findOwn(ctx, id)
  return order ? { ok: true, value: await detail(ctx.db, order) } : NOT_FOUND
}

export async function getByNumber(ctx: RequestCtx, orderNumber: string): Promise<OrderResult> {
  const user = requireUser(ctx)
  const order = await q.findOwnOrderByNumber(ctx.db, ctx.site.id, user.id, orderNumber)
  return order ? { ok: true, value: await detail(ctx.db, order) } : NOT_FOUND
}

/** Before packing only. Held items go back; a paid online order is refunded through its provider (outbox job). */
export async function cancel(ctx: RequestCtx, id: number): Promise<OrderResult> {
  const own = await findOwn(ctx, id)
  if (!own) return NOT_FOUND
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = (await q.lockOrder(tx, id))!
    if (!canCancel(order)) return 'too_late' as const
    await cancelLocked(tx, order, 'Cancelled by you', 'Cancelled after paying: refunding to your original payment method')
    return 'cancelled' as const
  })
  if (outcome === 'too_late') return { ok: false, kind: 'conflict', message: 'This order can no longer be cancelled' }
  return get(ctx, id)
}

/** Each line back into the cart, one unit at a time through the cart's own rules (stock, delivery, limits). */
export async function reorder(ctx: RequestCtx, id: number) {
  const order = await findOwn(ctx, id)
  if (!order) return null
  let added = 0
  const skipped: string[] = []
  for (const item of await q.itemsOf(ctx.db, id)) {
    let got = 0
    for (let i = 0; i < item.quantity; i++) {
      const result = await cart.add(ctx, { pack_id: item.packId, warehouse_id: item.warehouseId })
      if (!result.ok) break
      got++
    }
    added += got
    if (got < item.quantity) skipped.push(`${item.productName} (${item.packName})`)
  }
  return { added, skipped }
}

/** The admin home's order figures (docs/decisions/0020). */
export { dayFigures, waitingByStatus } from './dashboard'

/** A customer's newest orders on this website, for staff (the accounts feature's customer detail). */
export async function customerOrders(db: Db | Tx, websiteId: number, userId: number, limit = 50) {
  const { rows, total } = await q.listOwnOrders(db, websiteId, userId, limit, 0)
  return { orders: rows.map((r) => summary(r.order, r.items, r.placedBy)), total }
}

/** A privacy erase (accounts feature): the orders stay for the accounts, without the person's name, phone, street or notes. */
export async function anonymiseCustomerOrders(tx: Tx, websiteId: number, userId: number) {
  await tx.execute(sql`update orders set notes = null,
    address = jsonb_build_object('name', 'Erased customer', 'mobile', '', 'house', '', 'street', '', 'area', '', 'landmark', '',
      'city', address->>'city', 'state', address->>'state', 'pincode', address->>'pincode')
    where website_id = ${websiteId} and user_id = ${userId}`)
}
