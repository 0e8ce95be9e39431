import type { OrderDetail, OrderSummary } from '../../../common/contracts/orders'
import type { Db, Tx } from '../../db/client'
import * as q from './queries'

const CANCELLABLE = new Set(['placed', 'confirmed'])

export function summary(o: q.OrderRow, items: number, placedBy: string | null = null): OrderSummary {
  return {
    id: o.id,
    order_number: o.orderNumber,
    status: o.status,
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    total: o.totalPaise,
    items,
    created_at: o.createdAt.toISOString(),
    placed_by: placedBy,
  }
}

export async function detail(db: Db | Tx, o: q.OrderRow): Promise<OrderDetail> {
  const [items, deliveries, events, payments, refunds, placedBy] = await Promise.all([
    q.itemsOf(db, o.id),
    q.deliveriesOf(db, o.id),
    q.eventsOf(db, o.id),
    q.paymentsOf(db, o.id),
    q.refundsOf(db, o.id),
    o.agentId ? q.userName(db, o.agentId) : null,
  ])
  const payment = payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.status !== 'created' && p.status !== 'failed') ?? payments.at(-1) ?? null
  const refunded = refunds
    .filter((r) => r.status === 'processed' && r.providerPaymentId === payment?.providerPaymentId)
    .reduce((sum, r) => sum + r.amountPaise, 0)
  const online = o.paymentMethod !== 'cod'
  return {
    ...summary(
      o,
      items.reduce((n, i) => n + i.quantity, 0),
      placedBy,
    ),
    lines: items.map((i) => ({
      id: i.id,
      pack_id: i.packId,
      product_id: i.productId,
      slug: i.slug,
      image: i.image,
      name: i.productName,
      pack: i.packName,
      quantity: i.quantity,
      price: i.pricePaise,
      amount: i.quantity * i.pricePaise,
      ordered_quantity: i.orderedQuantity,
    })),
    charges: { items: o.itemsPaise, discount: o.discountPaise, delivery: o.deliveryPaise, total: o.totalPaise, coupon: o.couponCode },
    address: o.address,
    deliveries: deliveries.map((d) => ({ date: d.date, start: d.startTime, end: d.endTime, charge: d.chargePaise })),
    payment: payment && { provider: payment.provider, status: payment.status, amount: payment.amountPaise, refunded, attempt: payment.attempt },
    timeline: events.map((e) => ({ kind: e.kind, note: e.note, at: e.createdAt.toISOString() })),
    notes: o.notes,
    can_cancel: CANCELLABLE.has(o.status),
    can_pay: online && o.releasedAt === null && o.status === 'placed' && (o.paymentStatus === 'pending' || o.paymentStatus === 'failed'),
  }
}

export const canCancel = (o: q.OrderRow) => CANCELLABLE.has(o.status)
