import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { orderDeliveries, orderEvents, orderItems, orders } from '../../../db/schema/orders'
import type { OrderRow } from './orders'

type Conn = Db | Tx

export const itemsOf = (db: Conn, orderId: number) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
/** The lines that still hold units (a line staff removed before packing stays listed with quantity 0). */
export const heldItemsOf = async (db: Conn, orderId: number) => (await itemsOf(db, orderId)).filter((i) => i.quantity > 0)
/** A line's new quantity; what was ordered is kept the first time it changes. */
export async function setItemQuantity(tx: Tx, id: number, quantity: number) {
  await tx
    .update(orderItems)
    .set({ quantity, orderedQuantity: sql`coalesce(${orderItems.orderedQuantity}, ${orderItems.quantity})` })
    .where(eq(orderItems.id, id))
}
/** The order's money after its lines changed. */
export async function setOrderTotals(tx: Tx, id: number, t: Pick<OrderRow, 'itemsPaise' | 'discountPaise' | 'deliveryPaise' | 'totalPaise'>) {
  await tx
    .update(orders)
    .set({ ...t, updatedAt: new Date() })
    .where(eq(orders.id, id))
}
/** A delivery none of whose lines is left. */
export const deleteDelivery = (tx: Tx, orderId: number, warehouseId: number) =>
  tx.delete(orderDeliveries).where(and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.warehouseId, warehouseId)))
/** In delivery-charge order, the order checkout takes slots in (so a release or retake never waits in a cycle with it). */
export const deliveriesOf = (db: Conn, orderId: number) =>
  db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(asc(orderDeliveries.deliveryChargeId))
export const eventsOf = (db: Conn, orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))

/** The timeline with the name of the staff member behind each move. */
export const eventsWithWho = (db: Conn, orderId: number) =>
  db
    .select({ kind: orderEvents.kind, note: orderEvents.note, at: orderEvents.createdAt, by: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id))
