import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

/** the migration that took the cashier off old walk-in sales, by its name (its number is given when it lands) */
const MIGRATION = readdirSync(new URL('../../../drizzle/', import.meta.url)).find((f) => f.endsWith('_walk_in_no_customer.sql'))!

const ADMIN = '9876500001'

describe.each(drivers)('walk-in sales at the counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const admin = () => signIn(h.k().t, ADMIN)
  const call = async (method: 'GET' | 'POST', url: string, body?: object) => staffCall(h.k().t, await admin(), method, `/s/api${url}`, body)
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await h.db().execute(q))
  /** the cashier as a row of Customers */
  const cashierRow = async () => {
    const list = (await call('GET', `/admin/customers?q=${ADMIN}`)).json().data as { user_id: number; orders_count: number; total_spent: number }[]
    return list.find((c) => c) ?? null
  }

  it('a walk-in sale has no customer: the cashier’s Customers figures stay as they were; a sale to a mobile number counts for that customer; old rows are fixed by the migration', async () => {
    const register = (await call('GET', '/pos/shifts/current')).json()
    if (!register.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 100 })).statusCode).toBe(201)
    const pack = h.k().sellable()[0]
    await h.k().setStock(pack.pack_id, register.register.warehouse_id, 10)
    const before = await cashierRow()
    const sell = (extra: object = {}) =>
      call('POST', '/pos/sales', {
        client_id: randomUUID(),
        lines: [{ pack_id: pack.pack_id, quantity: 1 }],
        payments: [{ method: 'cash', amount: pack.price }],
        ...extra,
      })

    const walkIn = await sell()
    expect(walkIn.statusCode, walkIn.body).toBe(201)
    const [order] = await rows<{ id: number; user_id: number | null }>(sql`select id, user_id from orders where order_number = ${walkIn.json().order_number}`)
    expect(order.user_id).toBeNull()
    const after = await cashierRow()
    expect({ orders: after?.orders_count ?? 0, spent: after?.total_spent ?? 0 }).toEqual({ orders: before?.orders_count ?? 0, spent: before?.total_spent ?? 0 })
    // staff still read it: the order (no customer), the receipt, the orders list
    const detail = await call('GET', `/admin/orders/${order.id}`)
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ customer: null, address: { name: 'Walk-in customer' } })
    expect((await call('GET', `/pos/sales/${walkIn.json().order_number}`)).statusCode).toBe(200)
    expect((await call('GET', '/admin/orders?channel=pos&perPage=50')).json().data).toContainEqual(
      expect.objectContaining({ order_number: walkIn.json().order_number, customer: 'Walk-in customer' }),
    )

    const phone = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    const named = await sell({ customer_phone: phone })
    expect(named.statusCode, named.body).toBe(201)
    const customer = (await call('GET', `/admin/customers?q=${phone}`)).json().data
    expect(customer).toEqual([expect.objectContaining({ phone, orders_count: 1, total_spent: Math.round(pack.price * 100) })])

    // a walk-in sale made before the change named the cashier: the migration's backfill gives it no customer,
    // and leaves the named sale and every web order alone
    const [{ id: cashierId }] = await rows<{ id: number }>(sql`select id from users where phone = ${ADMIN}`)
    await h.db().execute(sql`update orders set user_id = ${cashierId} where id = ${order.id}`)
    const cashierOrders = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${cashierId}`))[0].n
    const cashierBefore = await cashierOrders()
    expect(cashierBefore).toBeGreaterThan(0)
    const web = await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id is not null`)
    const backfill = readFileSync(new URL(`../../../drizzle/${MIGRATION}`, import.meta.url), 'utf8').split('--> statement-breakpoint')[1]
    await h.db().execute(sql.raw(backfill))
    const [fixed] = await rows<{ user_id: number | null }>(sql`select user_id from orders where id = ${order.id}`)
    expect(fixed.user_id).toBeNull()
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id is not null`)).toEqual([{ n: web[0].n - 1 }])
    expect(await cashierOrders()).toBe(cashierBefore - 1)
    expect((await cashierRow())?.orders_count ?? 0).toBe(before?.orders_count ?? 0)
  })
})
