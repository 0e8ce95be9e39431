import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { orderEvents, orders } from '../../../db/schema/orders'
import { posPayments, posRegisters, posReturnLines, posSaleLines, posSales, posShifts } from '../../../db/schema/pos'
import { websites } from '../../../db/schema/sites'

type Conn = Db | Tx

/** The website's counter sale by its order number, with its order. */
export const saleByOrderNumber = (db: Conn, websiteId: number, orderNumber: string) =>
  db
    .select({ order: orders, sale: posSales })
    .from(orders)
    .innerJoin(posSales, eq(posSales.orderId, orders.id))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber)))
    .then((r) => r[0] ?? null)

/** What the sale took (not what its returns gave back), in the order it was taken. */
export const salePayments = (db: Conn, orderId: number) =>
  db
    .select()
    .from(posPayments)
    .where(and(eq(posPayments.orderId, orderId), isNull(posPayments.returnId)))
    .orderBy(asc(posPayments.id))

export const registerNameOfShift = (db: Conn, shiftId: number): Promise<string> =>
  db
    .select({ name: posRegisters.name })
    .from(posShifts)
    .innerJoin(posRegisters, eq(posRegisters.id, posShifts.registerId))
    .where(eq(posShifts.id, shiftId))
    .then((r) => r[0]?.name ?? '')

/** The staff member who rang the sale up: the one on its 'placed' event. */
export const cashierOf = (db: Conn, orderId: number): Promise<string> =>
  db
    .select({ name: users.name })
    .from(orderEvents)
    .innerJoin(users, eq(users.id, orderEvents.userId))
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'placed')))
    .limit(1)
    .then((r) => r[0]?.name ?? '')

/** Every line of every return of the sale. */
export const returnLinesOfSale = (db: Conn, saleId: number) =>
  db
    .select({ saleLineId: posReturnLines.saleLineId, quantity: posReturnLines.quantity, refundPaise: posReturnLines.refundPaise })
    .from(posReturnLines)
    .where(inArray(posReturnLines.saleLineId, db.select({ id: posSaleLines.id }).from(posSaleLines).where(eq(posSaleLines.saleId, saleId))))

/** The order's number and its website, for a receipt sent later (the outbox). */
export const orderAndWebsite = (db: Db, orderId: number) =>
  db
    .select({ number: orders.orderNumber, site: websites })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .where(eq(orders.id, orderId))
    .then((r) => r[0] ?? null)

export const orderIdByNumber = (db: Conn, websiteId: number, orderNumber: string): Promise<number | null> =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber)))
    .then((r) => r[0]?.id ?? null)

/** How many times the receipt was queued to be sent (the outbox rows of its kind). */
export async function receiptSends(db: Conn, kind: string, websiteId: number, orderNumber: string): Promise<number> {
  const [sent] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from outbox where kind = ${kind} and payload->>'websiteId' = ${String(websiteId)} and payload->>'orderNumber' = ${orderNumber}`,
    ),
  )
  return sent.n
}
