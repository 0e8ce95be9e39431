import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type CheckoutKit, startCheckoutApp } from '../checkout/test-kit'
import { ledgerDrift } from './test-kit'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('checkouts and staff stock changes at once (postgres)', () => {
  let k: CheckoutKit
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db

  it('50 checkouts of a pack while staff set and adjust it: no oversell, never negative, the ledger adds up to every row', { timeout: 180_000 }, async () => {
    // two packs of one product, sold from one warehouse: the product's figure is moved by both
    const sellable = k.sellable()
    const product = k.catalogue.find(
      (x) => x.packs.filter((y) => sellable.some((q) => q.pack_id === y.pack_id && q.warehouse_id === x.packs[0].warehouse_id)).length >= 2,
    )!
    const [pack, sibling] = product.packs.filter((y) => sellable.some((q) => q.pack_id === y.pack_id && q.warehouse_id === product.packs[0].warehouse_id))
    const admin = await signIn(k.t, '9876500001')
    const put = (quantity: number) =>
      staffCall(k.t, admin, 'PUT', '/s/api/admin/stock', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity, reason: 'count_correction' })
    const adjust = (change: number) =>
      staffCall(k.t, admin, 'POST', '/s/api/admin/stock/adjust', {
        pack_id: pack.pack_id,
        warehouse_id: pack.warehouse_id,
        change,
        reason: change > 0 ? 'received' : 'damaged',
      })
    expect((await put(1000)).statusCode).toBe(200)
    const shoppers = []
    for (let i = 0; i < 50; i += 10)
      shoppers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => k.shopperWithCart((i + j) % 2 ? [pack, sibling] : [pack])))))
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))
    expect((await put(30)).statusCode).toBe(200)

    const checkouts = shoppers.map((s, i) =>
      k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `stock-race-${i}-key` }),
    )
    const staff = Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? put(20 + i) : i % 4 === 1 ? put(8) : adjust(i % 2 ? 3 : -3)))
    const [placed, staffed] = await Promise.all([Promise.all(checkouts), Promise.all(staff)])

    const codes = placed.map((r) => r.statusCode)
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(','),
    ).toBe(true)
    expect(
      staffed.map((r) => r.statusCode).every((c) => c === 200 || c === 422),
      staffed.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    for (const r of staffed.filter((x) => x.statusCode === 422)) expect(r.json().message).toMatch(/held by open orders|below 0/)
    const ordered = codes.filter((c) => c === 200).length
    expect(ordered).toBeGreaterThan(0)

    const [row] = rowsOf<{ quantity: number; reserved: number }>(
      await db().execute(sql`select quantity, reserved from stock where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`),
    )
    // every placed order holds its one unit; nothing else holds this pack
    expect(row.reserved).toBe(ordered)
    expect(row.quantity).toBeGreaterThanOrEqual(row.reserved)
    // what the orders hold, in SQL
    const [held] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where i.pack_id = ${pack.pack_id} and i.warehouse_id = ${pack.warehouse_id} and o.released_at is null and o.status <> 'cancelled'`,
      ),
    )
    expect(held.n).toBe(row.reserved)
    expect(await ledgerDrift(k.t)).toEqual({ rows: 0, products: 0 })
    // each ledger row's figures after are the running sums of the changes before it: the rows took turns
    const broken = rowsOf<{ id: number }>(
      await db().execute(sql`
        select id from (
          select id, on_hand_after, reserved_after,
                 sum(on_hand_change) over (partition by pack_id, warehouse_id order by id) as q,
                 sum(reserved_change) over (partition by pack_id, warehouse_id order by id) as r
          from stock_ledger where pack_id in (${pack.pack_id}, ${sibling.pack_id})) l
        where q <> on_hand_after or r <> reserved_after or on_hand_after < reserved_after or reserved_after < 0`),
    )
    expect(broken).toEqual([])
    // every hold row names its order
    const [orphans] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from stock_ledger where reason = 'order_hold' and order_id is null and pack_id = ${pack.pack_id}`),
    )
    expect(orphans.n).toBe(0)
  })
})
