import type { EditOrderLinesInput } from '../../../common/contracts/admin-orders'
import { cashTotalPaise, formatINR } from '../../../common/money'
import type { Tx } from '../../db/client'
import { releaseSlot } from '../delivery/slots'
import { fail, invalidFields, type Result } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as stock from '../stock/service'
import * as invoices from '../invoices/service'
import * as q from './queries'
import { giveBack, refundableOf } from './staff-refunds'

/**
 * Before packing, staff take units out of a confirmed order (out of stock at the shelf): docs/decisions/0018 "Line
 * edits". Locks in the house order: the order row, then stock rows (through the stock service), then slots. The
 * coupon's redemption is not touched (the shopper used it; its discount shrinks with the items).
 */

interface Change {
  item: q.ItemRow
  quantity: number
}

/** What the input asks, checked against the order's lines (422 per field): only fewer units, not every line. */
function changesAsked(items: q.ItemRow[], input: EditOrderLinesInput): Result<Change[]> {
  const errors: Record<string, string> = {}
  const byId = new Map(items.map((i) => [i.id, i]))
  const seen = new Map<number, Change>()
  input.lines.forEach((l, i) => {
    const item = byId.get(l.id)
    if (!item) errors[`lines.${i}.id`] = 'This line is not in the order'
    else if (seen.has(l.id)) errors[`lines.${i}.id`] = 'This line is named twice'
    else if (l.quantity > item.quantity) errors[`lines.${i}.quantity`] = `At most ${item.quantity}: a line can only get fewer units`
    else seen.set(l.id, { item, quantity: l.quantity })
  })
  if (Object.keys(errors).length) return invalidFields(errors)
  const changes = [...seen.values()].filter((c) => c.quantity < c.item.quantity)
  if (changes.length === 0) return invalidFields({ lines: 'Nothing changes: lower a quantity or remove a line' })
  const left = items.some((i) => (seen.get(i.id)?.quantity ?? i.quantity) > 0)
  if (!left) return invalidFields({ lines: 'Every line would go: cancel the order instead' })
  return { ok: true, value: changes }
}

/**
 * The order's money with its new lines: items at their order-time prices; the coupon's discount scaled with the
 * items' value (the same share of the items, rounded down), so a shopper never pays more for fewer items even when
 * the coupon's minimum cart is no longer met; a delivery charge stays unless its whole delivery is gone.
 */
export function totalsAfter(order: q.OrderRow, items: { quantity: number; pricePaise: number }[], droppedChargePaise: number) {
  const itemsPaise = items.reduce((sum, i) => sum + i.quantity * i.pricePaise, 0)
  const discountPaise = order.itemsPaise > 0 ? Math.min(itemsPaise, Math.floor((order.discountPaise * itemsPaise) / order.itemsPaise)) : 0
  const deliveryPaise = Math.max(0, order.deliveryPaise - droppedChargePaise)
  const exact = itemsPaise - discountPaise + deliveryPaise
  // cash on delivery stays in whole rupees (rounding never raises a smaller total above the old one)
  return { itemsPaise, discountPaise, deliveryPaise, totalPaise: order.paymentMethod === 'cod' ? cashTotalPaise(exact) : exact }
}

const snapshot = (o: q.OrderRow, items: { id: number; quantity: number }[]) => ({
  total: o.totalPaise,
  discount: o.discountPaise,
  delivery: o.deliveryPaise,
  lines: items.map((i) => ({ id: i.id, quantity: i.quantity })),
})

export async function editLinesLocked(ctx: StaffWriteCtx, order: q.OrderRow, input: EditOrderLinesInput): Promise<Result<null>> {
  if (order.status !== 'confirmed') {
    return fail('conflict', `Order ${order.orderNumber} is ${order.status.replace(/_/g, ' ')}: its items can change only before packing`)
  }
  const items = await q.itemsOf(ctx.db, order.id)
  const asked = changesAsked(items, input)
  if (!asked.ok) return asked
  const changes = asked.value
  const who = ctx.user.id
  return staffWrite(ctx, { action: 'order.lines', entity: 'order', data: { reason: input.reason } }, async (tx) => {
    // stock first (pack, then warehouse), then slots: the house's lock order after the order row
    const released = changes.map((c) => ({ packId: c.item.packId, warehouseId: c.item.warehouseId, quantity: c.item.quantity - c.quantity }))
    await stock.releaseForOrder(tx, order.websiteId, released.sort(stock.stockRowOrder), order.id, who)
    for (const c of changes) await q.setItemQuantity(tx, c.item.id, c.quantity)
    const after = items.map((i) => ({ ...i, quantity: changes.find((c) => c.item.id === i.id)?.quantity ?? i.quantity }))
    const dropped = await dropEmptyDeliveries(tx, order.id, after)
    const totals = totalsAfter(order, after, dropped)
    await q.setOrderTotals(tx, order.id, totals)
    const difference = order.totalPaise - totals.totalPaise
    const note = changes
      .map((c) => `${c.item.productName} (${c.item.packName}) ${c.quantity === 0 ? 'removed' : `${c.item.quantity} → ${c.quantity}`}`)
      .join('; ')
    await q.insertEvent(tx, order.id, 'line_changed', `${note}. New total ${formatINR(totals.totalPaise)}`, who)
    const changed = { ...order, ...totals }
    const money = await refundableOf(tx, changed)
    const lines = changes.map((c) => ({ itemId: c.item.id, quantity: c.item.quantity - c.quantity }))
    if (difference > 0 && money && money.source === 'online' && money.left > 0) {
      await giveBack(tx, changed, money, {
        amount: Math.min(difference, money.left),
        lines,
        reason: 'order_changed',
        note: input.reason,
        userId: who,
        siteName: ctx.site.name,
      })
    } else if (difference > 0) {
      // nothing paid yet (cash on delivery): the invoice issued at confirmation is reduced by a credit note
      await invoices.issueCreditNote(tx, order.id, { amountPaise: difference, lines, reason: 'Order changed before delivery' })
    }
    await q.insertOutbox(tx, 'order_changed', {
      orderId: order.id,
      siteName: ctx.site.name,
      note,
      total: totals.totalPaise,
      cod: order.paymentMethod === 'cod',
    })
    return { result: { ok: true as const, value: null }, id: order.id, before: snapshot(order, items), after: snapshot(changed, after) }
  })
}

/** A delivery with no units left: its slot goes back and its charge comes off. Answers the charges dropped. */
async function dropEmptyDeliveries(tx: Tx, orderId: number, items: { warehouseId: number; quantity: number }[]) {
  let dropped = 0
  for (const d of await q.deliveriesOf(tx, orderId)) {
    if (items.some((i) => i.warehouseId === d.warehouseId && i.quantity > 0)) continue
    await releaseSlot(tx, d.slotId)
    await q.deleteDelivery(tx, orderId, d.warehouseId)
    dropped += d.chargePaise
  }
  return dropped
}
