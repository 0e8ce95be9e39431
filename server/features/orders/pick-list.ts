import type { PackingSlip, PickLine, PickListAnswer, PickListQuery } from '../../../common/contracts/admin-orders'
import type { AddressSnapshot } from '../../db/schema/orders'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './queries'
import { slipMoney } from './slip'

/**
 * Slot work (docs/decisions/0018-order-fulfilment.md): what to pick and pack for a delivery slot. Open orders are the
 * confirmed ones: a placed order still waits for its payment or the shop's yes, and a packed one is picked already.
 */
export async function pickList(ctx: StaffCtx, query: PickListQuery): Promise<PickListAnswer> {
  const slot = query.slot ?? null
  const date = query.date ?? (await q.nextPickDay(ctx.db, ctx.site.id, indiaDay(0))) ?? indiaDay(1)
  const [rows, slots] = await Promise.all([q.openSlotLines(ctx.db, ctx.site.id, date, slot), q.slotWindowsOn(ctx.db, ctx.site.id, date)])
  const lines = new Map<string, PickLine>()
  const orders = new Map<number, { order: q.OrderRow; slot: string }>()
  for (const { order, item, startTime, endTime, sku, warehouse } of rows) {
    const key = `${item.packId}:${item.warehouseId}`
    const line = lines.get(key) ?? {
      product: item.productName,
      pack: item.packName,
      sku,
      pack_id: item.packId,
      warehouse_id: item.warehouseId,
      warehouse: warehouse ?? '',
      quantity: 0,
      order_numbers: [],
    }
    line.quantity += item.quantity
    if (!line.order_numbers.includes(order.orderNumber)) line.order_numbers.push(order.orderNumber)
    lines.set(key, line)
    if (!orders.has(order.id)) orders.set(order.id, { order, slot: `${date} ${startTime}–${endTime}` })
  }
  const picked = [...lines.values()].sort(
    (a, b) => a.warehouse.localeCompare(b.warehouse) || a.product.localeCompare(b.product) || a.pack.localeCompare(b.pack),
  )
  const slipLines = await q.slipLinesOf(ctx.db, [...orders.keys()])
  const slips = [...orders.values()].map(({ order, slot: window }) =>
    packingSlip(
      ctx.site.name,
      order,
      window,
      slipLines.filter((l) => l.item.orderId === order.id),
    ),
  )
  return { date, slot, slots, lines: picked, slips }
}

type SlipLine = Awaited<ReturnType<typeof q.slipLinesOf>>[number]

/** One order's slip: the whole order's lines and money, those of another delivery marked with its window. */
function packingSlip(shop: string, order: q.OrderRow, window: string, rows: SlipLine[]): PackingSlip {
  const money = slipMoney({
    lines: rows.map((r) => ({ quantity: r.item.quantity, pricePaise: r.item.pricePaise })),
    discountPaise: order.discountPaise,
    deliveryPaise: order.deliveryPaise,
    totalPaise: order.totalPaise,
  })
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    shop,
    customer: order.address.name,
    phone: order.address.mobile,
    address: addressLine(order.address),
    slot: window,
    note: order.notes?.trim() || null,
    lines: rows.map((r, i) => {
      const theirs = r.date ? `${r.date} ${r.startTime}–${r.endTime}` : null
      return {
        product: r.item.productName,
        pack: r.item.packName,
        sku: r.sku,
        quantity: r.item.quantity,
        price: r.item.pricePaise,
        amount: money.amounts[i],
        other_delivery: theirs && theirs !== window ? theirs : null,
      }
    }),
    items_total: money.items,
    discount: money.discount,
    coupon: order.couponCode,
    delivery: money.delivery,
    round_off: money.roundOff,
    total: money.total,
    payment_method: order.paymentMethod,
    cod_amount: order.paymentMethod === 'cod' ? order.totalPaise : null,
  }
}

/** A day of India's calendar, `days` from today (the shops are in India). */
const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

const addressLine = (a: AddressSnapshot) =>
  [a.house, a.street, a.area, a.landmark, a.city, a.state && a.pincode ? `${a.state} ${a.pincode}` : a.state || a.pincode].filter(Boolean).join(', ')
