import type { PackingSlip, PickLine, PickListAnswer, PickListQuery } from '../../../common/contracts/admin-orders'
import type { AddressSnapshot } from '../../db/schema/orders'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './queries'

/**
 * Slot work (docs/decisions/0018-order-fulfilment.md): what to pick and pack for a delivery slot. Open orders are the
 * confirmed ones: a placed order still waits for its payment or the shop's yes, and a packed one is picked already.
 */
export async function pickList(ctx: StaffCtx, query: PickListQuery): Promise<PickListAnswer> {
  const slot = query.slot ?? null
  const [rows, slots] = await Promise.all([q.openSlotLines(ctx.db, ctx.site.id, query.date, slot), q.slotWindowsOn(ctx.db, ctx.site.id, query.date)])
  const lines = new Map<string, PickLine>()
  const slips = new Map<number, PackingSlip>()
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

    const slip = slips.get(order.id) ?? {
      order_id: order.id,
      order_number: order.orderNumber,
      customer: order.address.name,
      phone: order.address.mobile,
      address: addressLine(order.address),
      slot: `${query.date} ${startTime}–${endTime}`,
      lines: [],
      total: order.totalPaise,
      payment_method: order.paymentMethod,
      cod_amount: order.paymentMethod === 'cod' ? order.totalPaise : null,
    }
    slip.lines.push({ product: item.productName, pack: item.packName, sku, quantity: item.quantity, price: item.pricePaise })
    slips.set(order.id, slip)
  }
  const picked = [...lines.values()].sort(
    (a, b) => a.warehouse.localeCompare(b.warehouse) || a.product.localeCompare(b.product) || a.pack.localeCompare(b.pack),
  )
  return { date: query.date, slot, slots, lines: picked, slips: [...slips.values()] }
}

const addressLine = (a: AddressSnapshot) =>
  [a.house, a.street, a.area, a.landmark, a.city, a.state && a.pincode ? `${a.state} ${a.pincode}` : a.state || a.pincode].filter(Boolean).join(', ')
