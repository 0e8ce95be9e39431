import { and, asc, eq, gt, gte, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { packs, warehouses } from '../../../db/schema/catalogue'
import { orderDeliveries, orderItems, orders } from '../../../db/schema/orders'

type Conn = Db | Tx

/**
 * The lines of a website's confirmed orders (confirmed, not yet packed) delivered on `date` in the slot starting at
 * `start` (every slot of the day when null): each line with its order, its delivery window, the pack's SKU and the
 * warehouse's name. A line belongs to the delivery of its warehouse.
 */
export function openSlotLines(db: Conn, websiteId: number, date: string, start: string | null) {
  return db
    .select({
      order: orders,
      item: orderItems,
      startTime: orderDeliveries.startTime,
      endTime: orderDeliveries.endTime,
      sku: packs.sku,
      warehouse: warehouses.name,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(orderDeliveries, and(eq(orderDeliveries.orderId, orderItems.orderId), eq(orderDeliveries.warehouseId, orderItems.warehouseId)))
    .leftJoin(packs, eq(packs.id, orderItems.packId))
    .leftJoin(warehouses, eq(warehouses.id, orderItems.warehouseId))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.status, 'confirmed'),
        gt(orderItems.quantity, 0),
        eq(orderDeliveries.date, date),
        start ? eq(orderDeliveries.startTime, start) : undefined,
      ),
    )
    .orderBy(asc(orderDeliveries.startTime), asc(orders.id), asc(orderItems.id))
}

/** The day's delivery windows that have confirmed orders of the website. */
export function slotWindowsOn(db: Conn, websiteId: number, date: string) {
  return db
    .selectDistinct({ start: orderDeliveries.startTime, end: orderDeliveries.endTime })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.status, 'confirmed'), eq(orderDeliveries.date, date)))
    .orderBy(asc(orderDeliveries.startTime), asc(orderDeliveries.endTime))
}

/** Every line still held by the given orders (a packing slip lists the whole order), with its delivery window and SKU. */
export function slipLinesOf(db: Conn, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .select({
      item: orderItems,
      date: orderDeliveries.date,
      startTime: orderDeliveries.startTime,
      endTime: orderDeliveries.endTime,
      sku: packs.sku,
    })
    .from(orderItems)
    .leftJoin(orderDeliveries, and(eq(orderDeliveries.orderId, orderItems.orderId), eq(orderDeliveries.warehouseId, orderItems.warehouseId)))
    .leftJoin(packs, eq(packs.id, orderItems.packId))
    .where(and(inArray(orderItems.orderId, orderIds), gt(orderItems.quantity, 0)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
}

/** The first delivery day from `from` (a calendar date) with confirmed orders of the website; null when none. */
export async function nextPickDay(db: Conn, websiteId: number, from: string): Promise<string | null> {
  const [row] = await db
    .select({ date: orderDeliveries.date })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.status, 'confirmed'), gte(orderDeliveries.date, from)))
    .orderBy(asc(orderDeliveries.date))
    .limit(1)
  return row?.date ?? null
}
