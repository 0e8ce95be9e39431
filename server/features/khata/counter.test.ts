import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { stock } from '../../db/schema/catalogue'
import { type Driver, drivers } from '../../test/app'
import { freshPhone } from '../../test/fixture-kit'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/** The counter's "On khata" tender (issue 28; docs/decisions/0047-khata.md). */
describe.each(drivers)('selling on khata at the counter (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const admin = () => signIn(h.k().t, '9876500001')
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => staffCall(h.k().t, await admin(), method, `/s/api${url}`, body)
  async function ready(units = 100) {
    const current = (await call('GET', '/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const pack = h.k().sellable()[0]
    await h.k().setStock(pack.pack_id, current.register.warehouse_id, units)
    return pack
  }
  const sale = (packId: number, quantity: number, payments: object[], extra: object = {}) =>
    call('POST', '/pos/sales', { client_id: randomUUID(), lines: [{ pack_id: packId, quantity }], payments, ...extra })
  /** a customer made at the counter by a cash sale, with this credit limit */
  async function customer(limit: number) {
    const pack = await ready()
    const phone = freshPhone()
    expect((await sale(pack.pack_id, 1, [{ method: 'cash', amount: pack.price }], { customer_phone: phone })).statusCode).toBe(201)
    const [{ id }] = await rows<{ id: number }>(sql`select id from users where phone = ${phone}`)
    expect((await call('PUT', `/admin/customers/${id}/khata`, { credit_limit: limit })).statusCode).toBe(200)
    return { phone, id, pack }
  }
  const ledger = async (userId: number) =>
    (
      await rows<{ balance: number; ledger: number }>(sql`
        select k.balance_paise as balance, coalesce((select sum(amount_paise) from khata_entries e where e.khata_id = k.id), 0)::int as ledger
        from khata_accounts k where k.user_id = ${userId}`)
    )[0]

  it('puts part of a bill on khata: a sale with its invoice, the receipt says so, the khata shows the order; within the limit only', async () => {
    const { phone, id, pack } = await customer(3 * (await ready()).price)
    const sold = await sale(
      pack.pack_id,
      2,
      [
        { method: 'cash', amount: 1 },
        { method: 'khata', amount: pack.price * 2 - 1 },
      ],
      { customer_phone: phone },
    )
    expect(sold.statusCode, sold.body).toBe(201)
    const { order_number } = sold.json()
    const receipt = (await call('GET', `/pos/sales/${order_number}`)).json()
    expect(receipt.payments.map((p: { method: string }) => p.method)).toEqual(['cash', 'khata'])
    expect(receipt.tax).not.toBeNull()
    const k = (await call('GET', `/admin/customers/${id}/khata`)).json()
    expect(k.balance).toBeCloseTo(pack.price * 2 - 1, 2)
    expect(k.entries).toEqual([expect.objectContaining({ kind: 'sale', order_number, amount: k.balance })])
    expect(await ledger(id)).toEqual({ balance: Math.round(k.balance * 100), ledger: Math.round(k.balance * 100) })

    // past the limit: 422 naming the limit and the balance; nothing is sold
    const over = await sale(pack.pack_id, 2, [{ method: 'khata', amount: pack.price * 2 }], { customer_phone: phone })
    expect(over.statusCode).toBe(422)
    expect(over.json().message).toMatch(/credit limit of ₹/)
    expect(over.json().message).toMatch(/balance of ₹/)
    expect(over.json().errors).toHaveProperty('payments')
    // an admin may give it anyway, with a reason kept on the entry
    const overridden = await sale(pack.pack_id, 2, [{ method: 'khata', amount: pack.price * 2 }], {
      customer_phone: phone,
      khata_override_reason: 'Wedding order, agreed with the owner',
    })
    expect(overridden.statusCode, overridden.body).toBe(201)
    const after = (await call('GET', `/admin/customers/${id}/khata`)).json()
    expect(after.entries.at(-1)).toMatchObject({ kind: 'sale', reason: 'Over the limit: Wedding order, agreed with the owner' })
    const [audit] = await rows<{ after: { khata: { overLimit: boolean } } }>(
      sql`select after from audit_log where action = 'pos.sale' and entity_id = (select id::text from orders where order_number = ${overridden.json().order_number})`,
    )
    expect(audit.after.khata.overLimit).toBe(true)
  })

  it('refuses khata without a mobile, to a number that has not consented, and to a customer with no credit', async () => {
    const pack = await ready()
    const none = await sale(pack.pack_id, 1, [{ method: 'khata', amount: pack.price }])
    expect(none.statusCode).toBe(422)
    expect(none.json().errors).toHaveProperty('customer_phone')
    // a number that is not the shop's customer yet: their consent first (issue 28)
    const phone = freshPhone()
    const stranger = await sale(pack.pack_id, 1, [{ method: 'khata', amount: pack.price }], { customer_phone: phone })
    expect(stranger.statusCode).toBe(422)
    expect(stranger.json().message).toMatch(/is not a customer of this shop yet: a khata needs their consent/)
    // a customer of the shop (a cash sale to their number) with no credit set
    expect((await sale(pack.pack_id, 1, [{ method: 'cash', amount: pack.price }], { customer_phone: phone })).statusCode).toBe(201)
    const noCredit = await sale(pack.pack_id, 1, [{ method: 'khata', amount: pack.price }], { customer_phone: phone })
    expect(noCredit.statusCode).toBe(422)
    expect(noCredit.json().message).toMatch(/no credit with the shop \(credit limit ₹0, balance ₹0\)/)
  })

  it('a return of goods sold on khata comes off the khata first, then the rest in cash; a payment clears it', async () => {
    const { phone, id, pack } = await customer(10_000)
    const sold = await sale(pack.pack_id, 3, [{ method: 'khata', amount: pack.price * 3 }], { customer_phone: phone })
    expect(sold.statusCode, sold.body).toBe(201)
    const back = await call('POST', '/pos/returns', {
      order_number: sold.json().order_number,
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      refund_method: 'cash',
    })
    expect(back.statusCode, back.body).toBe(201)
    expect(back.json().refunds).toEqual([{ method: 'khata', amount: pack.price }])
    const k = (await call('GET', `/admin/customers/${id}/khata`)).json()
    expect(k.balance).toBeCloseTo(pack.price * 2, 2)
    expect(k.entries.at(-1)).toMatchObject({ kind: 'return', amount: pack.price, change: -pack.price })
    // paid down to zero, the next return is given in cash
    expect((await call('POST', `/admin/customers/${id}/khata/payments`, { amount: k.balance, method: 'cash' })).statusCode).toBe(201)
    const rest = await call('POST', '/pos/returns', {
      order_number: sold.json().order_number,
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      refund_method: 'original',
    })
    expect(rest.json().refunds).toEqual([{ method: 'cash', amount: pack.price }])
    expect(await ledger(id)).toEqual({ balance: 0, ledger: 0 })
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('the khata under concurrent writes (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  const invariant = async (userId: number) =>
    (
      await rows<{ balance: number; ledger: number; limit_paise: number; below_zero: number; entries: number }>(sql`
        select k.balance_paise as balance, k.credit_limit_paise as limit_paise,
          coalesce((select sum(amount_paise) from khata_entries e where e.khata_id = k.id), 0)::int as ledger,
          (select count(*)::int from khata_entries e where e.khata_id = k.id and e.balance_after_paise < 0) as below_zero,
          (select count(*)::int from khata_entries e where e.khata_id = k.id) as entries
        from khata_accounts k where k.user_id = ${userId}`)
    )[0]

  it('20 credit sales to one customer from two counters never pass the limit; 20 payments never take it below zero; balance = Σ ledger', {
    timeout: 120_000,
  }, async () => {
    const k = h.k()
    const a = await signIn(k.t, '9876500001')
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => staffCall(k.t, a, method, `/s/api${url}`, body)
    // counter 1: the demo register; counter 2: a register of a second warehouse
    const first = (await call('GET', '/pos/shifts/current')).json()
    if (!first.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 0 })).statusCode).toBe(201)
    const store = await call('POST', '/admin/warehouses', { name: `Khata race ${Date.now()}` })
    expect(store.statusCode).toBe(201)
    expect((await call('POST', '/pos/shifts', { opening_cash: 0, warehouse_id: store.json().id })).statusCode).toBe(201)
    const second = (await call('GET', '/pos/registers')).json().registers.find((r: { warehouse_id: number }) => r.warehouse_id === store.json().id)
    const [pack] = k.sellable()
    await k.setStock(pack.pack_id, first.register.warehouse_id, 1000)
    await k.t.app.deps.db
      .insert(stock)
      .values({ packId: pack.pack_id, warehouseId: store.json().id, quantity: 1000 })
      .onConflictDoUpdate({ target: [stock.packId, stock.warehouseId], set: { quantity: 1000, reserved: 0 } })

    const phone = freshPhone()
    const opening = await call('POST', '/pos/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'cash', amount: pack.price }],
      customer_phone: phone,
    })
    expect(opening.statusCode).toBe(201)
    const [{ id }] = await rows<{ id: number }>(sql`select id from users where phone = ${phone}`)
    // room for 7 sales of one unit
    const limit = pack.price * 7 + pack.price / 2
    expect((await call('PUT', `/admin/customers/${id}/khata`, { credit_limit: limit })).statusCode).toBe(200)

    const sales = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/pos/sales', {
          client_id: randomUUID(),
          ...(i % 2 ? { register_id: second.id } : {}),
          lines: [{ pack_id: pack.pack_id, quantity: 1 }],
          payments: [{ method: 'khata', amount: pack.price }],
          customer_phone: phone,
        }),
      ),
    )
    expect(
      sales.every((r) => r.statusCode === 201 || r.statusCode === 422),
      sales.map((r) => r.statusCode).join(),
    ).toBe(true)
    const sold = sales.filter((r) => r.statusCode === 201).length
    expect(sold).toBe(7)
    expect(sales.find((r) => r.statusCode === 422)?.json().message).toMatch(/credit limit/)
    const afterSales = await invariant(id)
    expect(afterSales).toMatchObject({ balance: Math.round(pack.price * 700), ledger: Math.round(pack.price * 700), below_zero: 0, entries: 7 })
    expect(afterSales.balance).toBeLessThanOrEqual(afterSales.limit_paise)

    // 20 payments of one sale each: only what is owed is taken
    const payments = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/admin/customers/${id}/khata/payments`, { amount: pack.price, method: 'cash' })),
    )
    expect(payments.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true)
    expect(payments.filter((r) => r.statusCode === 201).length).toBe(7)
    expect(await invariant(id)).toMatchObject({ balance: 0, ledger: 0, below_zero: 0, entries: 14 })
    const [all] = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from khata_accounts k
      where k.balance_paise <> coalesce((select sum(amount_paise) from khata_entries e where e.khata_id = k.id), 0) or k.balance_paise < 0`)
    expect(all.bad).toBe(0)
  })
})
