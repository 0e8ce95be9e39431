import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { orders } from '../../../db/schema/orders'

type Conn = Db | Tx

const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`

/** The website's cash-on-delivery orders marked delivered on an India day, with who took them out and what came at the door. */
export function deliveredOn(db: Conn, websiteId: number, date: string) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalPaise: orders.totalPaise,
      deliveryPerson: orders.deliveryPerson,
      paidAtDoor: orders.paidAtDoor,
      cashPaise: orders.cashCollectedPaise,
      upiPaise: orders.upiCollectedPaise,
      duePaise: orders.duePaise,
    })
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.paymentMethod, 'cod'),
        isNotNull(orders.deliveredAt),
        gte(orders.deliveredAt, dayStart(date)),
        lt(orders.deliveredAt, sql`${dayStart(date)} + interval '1 day'`),
      ),
    )
    .orderBy(asc(orders.deliveredAt), asc(orders.id))
}
