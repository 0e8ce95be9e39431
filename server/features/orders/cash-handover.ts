import type { CashHandoverAnswer, CashHandoverPerson, CashHandoverQuery } from '../../../common/contracts/admin-orders'
import type { StaffCtx } from '../../platform/staff-write'
import * as q from './queries'

/** Today in India (the shops' calendar). */
const indiaToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)

/**
 * A day's cash handover (docs/decisions/0018 "Delivered"): the cash-on-delivery orders marked delivered that day,
 * per delivery person (by phone; those delivered without one named together), with the cash each brings back to
 * the shop, the UPI taken at the door and what is still due. The people are listed by name.
 */
export async function cashHandover(ctx: StaffCtx, query: CashHandoverQuery): Promise<CashHandoverAnswer> {
  const date = query.date ?? indiaToday()
  const rows = await q.deliveredOn(ctx.db, ctx.site.id, date)
  const people = new Map<string, CashHandoverPerson>()
  for (const r of rows) {
    const key = r.deliveryPerson?.phone ?? ''
    const person = people.get(key) ?? { name: r.deliveryPerson?.name ?? null, phone: r.deliveryPerson?.phone ?? null, cash: 0, upi: 0, due: 0, orders: [] }
    const cash = r.cashPaise ?? 0
    const upi = r.upiPaise ?? 0
    person.cash += cash
    person.upi += upi
    person.due += r.duePaise
    person.orders.push({ id: r.id, order_number: r.orderNumber, total: r.totalPaise, paid_at_door: r.paidAtDoor, cash, upi, due: r.duePaise })
    people.set(key, person)
  }
  const list = [...people.values()].sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name)))
  const sum = (f: (p: CashHandoverPerson) => number) => list.reduce((s, p) => s + f(p), 0)
  return {
    date,
    people: list,
    totals: { cash: sum((p) => p.cash), upi: sum((p) => p.upi), due: sum((p) => p.due), orders: rows.length },
  }
}
