import {
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderRow,
  type MoveOrderInput,
  ORDER_STATUS_LABELS,
  type RefundOrderInput,
  type EditOrderLinesInput,
  type StaffMove,
} from '../../../common/contracts/admin-orders'
import { parseSort } from '../../../common/contracts/admin'
import type { ListMeta } from '../../../common/contracts/admin'
import { formatINR } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import { fail, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as stock from '../stock/service'
import { detail } from './answer'
import { type DoorPayment, doorNote, doorPayment } from './door-payment'
import { cancelLocked, confirmed } from './lifecycle'
import * as q from './queries'
import { editLinesLocked } from './line-edits'
import { refundableMoney, refundableOf, refundLocked } from './staff-refunds'

/**
 * Staff moves along the order lifecycle of issue 5 (docs/decisions/0018-order-fulfilment.md). The order row is
 * locked first and its state checked under the lock, so of two staff moving one order at once one wins and the
 * other gets 409.
 */
const NEXT: Record<q.OrderRow['status'], StaffMove[]> = {
  placed: ['cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['out_for_delivery', 'cancelled'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
  expired: [],
}

/** A placed order waits for its payment; staff may confirm it only once it is paid (or cash on delivery). */
export function nextMoves(o: q.OrderRow): StaffMove[] {
  const moves = NEXT[o.status] ?? []
  return o.status === 'placed' && (o.paymentStatus === 'paid' || o.paymentStatus === 'cod') ? ['confirmed', ...moves] : moves
}

const NOT_FOUND = fail('not_found', 'No such order')
const label = (status: string) => ORDER_STATUS_LABELS[status]?.toLowerCase() ?? status

export async function listOrders(
  ctx: StaffCtx,
  query: AdminOrderQuery,
): Promise<{ data: AdminOrderRow[]; meta: ListMeta; counts: Record<string, number>; slots?: { start: string; end: string }[] }> {
  const [{ rows, total, counts }, slots] = await Promise.all([
    q.listSiteOrders(ctx.db, ctx.site.id, query, parseSort(query.sort)),
    query.slot_date ? q.deliveryWindowsOn(ctx.db, ctx.site.id, query.slot_date) : undefined,
  ])
  return {
    data: rows.map(({ order: o, customer, slot }) => ({
      id: o.id,
      order_number: o.orderNumber,
      status: o.status,
      payment_status: o.paymentStatus,
      payment_method: o.paymentMethod,
      total: o.totalPaise,
      created_at: o.createdAt.toISOString(),
      customer: o.address.name || customer || '',
      phone: o.address.mobile,
      pincode: o.address.pincode,
      slot,
      channel: o.channel,
    })),
    meta: { total, page: query.page, perPage: query.perPage },
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
    ...(slots ? { slots } : {}),
  }
}

export async function staffDetail(db: Db | Tx, o: q.OrderRow): Promise<AdminOrderDetail> {
  const [base, customer, payments, refunds, events, money, names] = await Promise.all([
    detail(db, o),
    o.userId === null ? null : q.customerOf(db, o.websiteId, o.userId),
    q.paymentsOf(db, o.id),
    q.refundsOf(db, o.id),
    q.eventsWithWho(db, o.id),
    refundableOf(db, o),
    q.refundersOf(db, o.id),
  ])
  return {
    ...base,
    customer: customer ?? (o.userId === null ? null : { id: o.userId, name: o.address.name, phone: null, email: null }),
    payments: payments.map((p) => ({
      attempt: p.attempt,
      provider: p.provider,
      status: p.status,
      amount: p.amountPaise,
      provider_payment_id: p.providerPaymentId,
      at: p.createdAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amountPaise,
      reason: r.reason,
      state: r.status,
      provider: r.provider,
      note: r.note,
      by: names.get(r.id) ?? null,
      lines: r.lines ? r.lines.map((l) => ({ id: l.itemId, quantity: l.quantity })) : null,
      at: r.createdAt.toISOString(),
    })),
    refundable: refundableMoney(money),
    events: events.map((e) => ({ kind: e.kind, note: e.note, at: e.at.toISOString(), by: e.by })),
    delivery_person: o.deliveryPerson ?? null,
    cash_collected: o.cashCollectedPaise,
    paid_at_door: o.paidAtDoor ?? null,
    upi_collected: o.upiCollectedPaise,
    due: o.duePaise,
    next: nextMoves(o),
  }
}

export async function getOrder(ctx: StaffCtx, id: number): Promise<Result<AdminOrderDetail>> {
  const order = await q.findSiteOrder(ctx.db, ctx.site.id, id)
  return order ? { ok: true, value: await staffDetail(ctx.db, order) } : NOT_FOUND
}

/** What the input asks beyond the move itself, checked before anything is locked (422 per field). */
function checkInput(input: MoveOrderInput): Result<null> {
  if (input.status === 'cancelled' && !input.note) return fail('invalid', 'Say why the order is cancelled', { note: 'A reason is required to cancel' })
  const name = input.delivery_person_name
  const phone = input.delivery_person_phone
  if (input.status === 'out_for_delivery' && Boolean(name) !== Boolean(phone)) {
    return name
      ? fail('invalid', 'Give the delivery person’s phone too', { delivery_person_phone: 'Phone is required with a name' })
      : fail('invalid', 'Give the delivery person’s name too', { delivery_person_name: 'Name is required with a phone' })
  }
  return { ok: true, value: null }
}

const snapshot = (o: q.OrderRow) => ({
  status: o.status,
  payment_status: o.paymentStatus,
  delivery_person: o.deliveryPerson,
  cash_collected: o.cashCollectedPaise,
  ...(o.paidAtDoor ? { paid_at_door: o.paidAtDoor, upi_collected: o.upiCollectedPaise, due: o.duePaise } : {}),
})

export async function moveOrder(ctx: StaffWriteCtx, id: number, input: MoveOrderInput): Promise<Result<AdminOrderDetail>> {
  const checked = checkInput(input)
  if (!checked.ok) return checked
  if (!(await q.findSiteOrder(ctx.db, ctx.site.id, id))) return NOT_FOUND
  // Locked until the call's transaction ends: a second mover waits here, then sees the new state.
  const order = (await q.lockOrder(ctx.db, id))!
  if (!nextMoves(order).includes(input.status)) {
    return fail('conflict', `Order ${order.orderNumber} is ${label(order.status)}: it cannot be marked ${label(input.status)}`)
  }
  let door: DoorPayment | null = null
  if (input.status === 'delivered' && order.paymentMethod === 'cod') {
    const asked = doorPayment(order.totalPaise, input)
    if (!asked.ok) return asked
    door = asked.value
  } else if (input.status === 'delivered' && input.paid_at_door) {
    return fail('invalid', 'This order was paid online', { paid_at_door: 'Only a cash-on-delivery order is paid at the door' })
  }
  const moved = await staffWrite(ctx, { action: `order.${input.status}`, entity: 'order', data: { note: input.note ?? null } }, async (tx) => {
    const failure = await apply(ctx, tx, order, input, door)
    if (failure) return { result: failure, id, before: snapshot(order), after: snapshot(order) }
    const after = (await q.lockOrder(tx, id))!
    return { result: null, id, before: snapshot(order), after: snapshot(after) }
  })
  if (moved) return moved
  return { ok: true, value: await staffDetail(ctx.db, (await q.findOrderById(ctx.db, id))!) }
}

/** The move itself, its timeline row (with who) and the shopper's message through the outbox. */
async function apply(ctx: StaffWriteCtx, tx: Tx, order: q.OrderRow, input: MoveOrderInput, door: DoorPayment | null): Promise<Result<never> | null> {
  const who = ctx.user.id
  const note = input.note ?? ''
  const notify = (status: string) => q.insertOutbox(tx, 'order_status', { orderId: order.id, status, siteName: ctx.site.name })
  switch (input.status) {
    case 'confirmed':
      await q.updateOrderIf(tx, order.id, {}, { status: 'confirmed' })
      await confirmed(tx, order.id, note || 'Confirmed by the shop', who, 'shop')
      return null
    case 'packed':
      await q.updateOrderIf(tx, order.id, {}, { status: 'packed' })
      await q.insertEvent(tx, order.id, 'packed', note || 'Packed and ready to go', who)
      await notify('packed')
      return null
    case 'out_for_delivery': {
      const person = input.delivery_person_name && input.delivery_person_phone ? { name: input.delivery_person_name, phone: input.delivery_person_phone } : null
      await q.updateOrderIf(tx, order.id, {}, { status: 'out_for_delivery', deliveryPerson: person })
      const withWhom = person ? `With ${person.name} (${person.phone})` : 'On its way'
      await q.insertEvent(tx, order.id, 'out_for_delivery', note ? `${withWhom}. ${note}` : withWhom, who)
      await notify('out_for_delivery')
      return null
    }
    case 'delivered': {
      const items = [...(await q.heldItemsOf(tx, order.id))].sort(stock.stockRowOrder)
      const sold = await stock.sellForOrder(tx, order.websiteId, who, items, order.id)
      if (!sold.ok) return fail('conflict', 'The stock of this order’s items does not add up: check the stock of its packs first')
      const deliveredAt = new Date()
      await q.updateOrderIf(
        tx,
        order.id,
        {},
        door
          ? {
              status: 'delivered',
              // paid when nothing is left to pay; what is still due keeps it cash on delivery (owed)
              paymentStatus: door.due === 0 ? 'paid' : 'cod',
              cashCollectedPaise: door.cash,
              upiCollectedPaise: door.upi,
              paidAtDoor: door.how,
              duePaise: door.due,
              deliveredAt,
            }
          : { status: 'delivered', deliveredAt },
      )
      const cash = door ? doorNote(door) : 'Delivered'
      await q.insertEvent(tx, order.id, 'delivered', note ? `${cash}. ${note}` : cash, who)
      await notify('delivered')
      return null
    }
    case 'cancelled':
      await cancelLocked(tx, order, `Cancelled by the shop: ${note}`, 'Cancelled by the shop: refunding to your original payment method', who)
      await notify('cancelled')
      return null
  }
}

/** A staff refund (docs/decisions/0018 "Refunds"): the order row is locked first, so refunds of one order take turns. */
export async function refundOrder(ctx: StaffWriteCtx, id: number, input: RefundOrderInput): Promise<Result<AdminOrderDetail>> {
  if (!(await q.findSiteOrder(ctx.db, ctx.site.id, id))) return NOT_FOUND
  const done = await refundLocked(ctx, (await q.lockOrder(ctx.db, id))!, input)
  if (!done.ok) return done
  return { ok: true, value: await staffDetail(ctx.db, (await q.findOrderById(ctx.db, id))!) }
}

/** Before packing: fewer units or a line removed (docs/decisions/0018 "Line edits"); the order row is locked first. */
export async function editLines(ctx: StaffWriteCtx, id: number, input: EditOrderLinesInput): Promise<Result<AdminOrderDetail>> {
  if (!(await q.findSiteOrder(ctx.db, ctx.site.id, id))) return NOT_FOUND
  const done = await editLinesLocked(ctx, (await q.lockOrder(ctx.db, id))!, input)
  if (!done.ok) return done
  return { ok: true, value: await staffDetail(ctx.db, (await q.findOrderById(ctx.db, id))!) }
}
