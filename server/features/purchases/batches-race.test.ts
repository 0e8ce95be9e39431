import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type CheckoutKit, startCheckoutApp } from '../checkout/test-kit'
import { batchDrift, ledgerDrift } from '../stock/test-kit'

const inDays = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

// On PostgreSQL the calls race; PGlite runs one transaction at a time, so there they run queued and the same
// invariants are checked.
describe.each(drivers)('batches under concurrent sales, returns and a goods receipt (%s)', (driver) => {
  let k: CheckoutKit
  beforeAll(async () => {
    k = await startCheckoutApp(driver)
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db

  it('50 web checkouts, counter sales, counter returns and a bill at once: batches always sum to on hand; no web order holds an expired batch', {
    timeout: 240_000,
  }, async () => {
    const admin = await signIn(k.t, '9876500001')
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => staffCall(k.t, admin, method, `/s/api${url}`, body)
    const current = (await call('GET', '/pos/shifts/current')).json()
    const house = current.register.warehouse_id as number
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 1000 })).statusCode).toBe(201)
    // a pack the shoppers of 560001 buy from the register's warehouse, so web and counter share its batches
    const pack = k.sellable().find((p) => p.warehouse_id === house) ?? k.sellable()[0]
    const at = pack.warehouse_id
    expect(at, 'the demo register sells from the warehouse that serves 560001').toBe(house)
    expect((await call('PUT', '/admin/stock', { pack_id: pack.pack_id, warehouse_id: at, quantity: 0, reason: 'count_correction' })).statusCode).toBe(200)
    const supplier = (await call('POST', '/admin/suppliers', { name: 'Race Traders' })).json()
    const bill = (lines: object[]) => call('POST', '/admin/purchases', { supplier_id: supplier.id, warehouse_id: at, lines })
    const line = (quantity: number, batch: string, expiry: string, cost: number) => ({ pack_id: pack.pack_id, quantity, cost_price: cost, batch, expiry })
    expect((await bill([line(6, 'OLD', inDays(-1), 10), line(15, 'D10', inDays(10), 20), line(15, 'D40', inDays(40), 25)])).statusCode).toBe(201)

    // counter sales made before, to be returned during the race
    const sale = (quantity: number) =>
      call('POST', '/pos/sales', { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity }], payments: [{ method: 'cash', amount: 100000 }] })
    const toReturn: string[] = []
    if (at === house) {
      for (let i = 0; i < 5; i++) {
        const r = await sale(1)
        expect(r.statusCode, r.body).toBe(201)
        toReturn.push(r.json().order_number)
      }
    }
    const shoppers = []
    for (let i = 0; i < 50; i += 10) shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => k.shopperWithCart([pack])))))
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))

    const checkouts = shoppers.map((s, i) =>
      k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `batch-race-${i}-key` }),
    )
    const counter = at === house ? Array.from({ length: 12 }, () => sale(2)) : []
    const returns = toReturn.map((order_number) => call('POST', '/pos/returns', { order_number, refund_method: 'cash' }))
    const receipt = bill([line(20, 'D20', inDays(20), 22)])
    const adjust = [1, -1].map((change) =>
      call('POST', '/admin/stock/adjust', { pack_id: pack.pack_id, warehouse_id: at, change, reason: change > 0 ? 'received' : 'damaged' }),
    )
    const [placed, sold, returned, received, adjusted] = await Promise.all([
      Promise.all(checkouts),
      Promise.all(counter),
      Promise.all(returns),
      receipt,
      Promise.all(adjust),
    ])

    expect(
      placed.every((r) => r.statusCode === 200 || r.statusCode === 409),
      placed.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    expect(placed.some((r) => r.statusCode === 200)).toBe(true)
    expect(
      sold.every((r) => r.statusCode === 201 || r.statusCode === 409),
      sold.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    expect(
      returned.every((r) => r.statusCode === 201),
      returned.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    expect(received.statusCode, received.body).toBe(201)
    expect(adjusted.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true)

    // the invariant, in SQL, for every pack and warehouse: batches sum to on hand and to reserved
    expect(await batchDrift(k.t)).toEqual([])
    expect(await ledgerDrift(k.t)).toEqual({ rows: 0, products: 0 })
    const [bad] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from stock_batches where quantity < 0 or reserved < 0 or reserved > quantity`),
    )
    expect(bad.n).toBe(0)
    // no web order holds (so never sells) an expired batch
    const [expiredHeld] = rowsOf<{ n: number }>(
      await db().execute(sql`
        select count(*)::int as n from stock_batch_moves m join stock_ledger l on l.id = m.ledger_id join stock_batches b on b.id = m.batch_id
        where l.reason = 'order_hold' and m.reserved_change > 0 and b.expiry < (now() at time zone 'Asia/Kolkata')::date`),
    )
    expect(expiredHeld.n).toBe(0)
    // what each placed web order holds is on the batches it took, first expiring first: D10 before D20 and D40
    const held = rowsOf<{ batch: string; n: number }>(
      await db().execute(sql`
        select b.batch, sum(m.reserved_change)::int as n from stock_batch_moves m join stock_ledger l on l.id = m.ledger_id
        join stock_batches b on b.id = m.batch_id where l.reason = 'order_hold' and b.pack_id = ${pack.pack_id} and b.warehouse_id = ${at}
        group by b.batch order by b.batch`),
    )
    const ordered = placed.filter((r) => r.statusCode === 200).length
    expect(held.reduce((n, h) => n + h.n, 0)).toBe(ordered)
    expect(held.find((h) => h.batch === 'OLD')).toBeUndefined()
    // every line of a placed order knows its cost
    const [noCost] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from order_items i join stock_ledger l on l.order_id = i.order_id where i.pack_id = ${pack.pack_id} and l.pack_id = i.pack_id and i.cost_paise is null`,
      ),
    )
    expect(noCost.n).toBe(0)
  })
})
