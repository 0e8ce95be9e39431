import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { moveStock, openStock } from './service'
import { ledgerDrift } from './test-kit'

describe.each(drivers)('the stock core (%s)', (driver) => {
  let t: TestApp
  let site: number
  let other: number
  let pack: { id: number; productId: number }
  let house: number
  const db = () => t.app.deps.db
  const row = async () =>
    rowsOf<{ quantity: number; reserved: number }>(
      await db().execute(sql`select quantity, reserved from stock where pack_id = ${pack.id} and warehouse_id = ${house}`),
    )[0]
  const ledger = async () =>
    rowsOf<{
      on_hand_change: number
      reserved_change: number
      on_hand_after: number
      reserved_after: number
      reason: string
      user_id: number | null
      order_id: number | null
      note: string | null
    }>(
      await db().execute(
        sql`select on_hand_change, reserved_change, on_hand_after, reserved_after, reason, user_id, order_id, note from stock_ledger where pack_id = ${pack.id} and warehouse_id = ${house} order by id`,
      ),
    )
  const figure = async () =>
    rowsOf<{ on_hand: number; reserved: number; available: number }>(
      await db().execute(sql`select on_hand, reserved, available from product_stock where product_id = ${pack.productId}`),
    )[0]

  beforeAll(async () => {
    t = await buildTestApp(driver)
    site = (await websiteOf(t, MAIN)).id
    other = (await websiteOf(t, SHOP2)).id
    const [k] = rowsOf<{ id: number; product_id: number }>(
      await db().execute(sql`select id, product_id from packs where website_id = ${site} order by id limit 1`),
    )
    pack = { id: k.id, productId: k.product_id }
    house = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${site} order by id limit 1`))[0].id
  })
  afterAll(() => t.close())

  it('opens the ledger with the seeded stock: every row and product figure adds up', async () => {
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
    expect((await ledger())[0]).toMatchObject({ reason: 'opening', user_id: null })
    await openStock(db(), site) // again: no second opening row
    expect((await ledger()).filter((l) => l.reason === 'opening')).toHaveLength(1)
  })

  it('sets, adjusts, holds and releases, each with its ledger row and the figures after; the product figure follows', async () => {
    const before = await figure()
    const start = await row()
    const userId = rowsOf<{ id: number }>(await db().execute(sql`select id from users order by id limit 1`))[0].id
    const set = await moveStock(db(), { websiteId: site, userId }, [
      { packId: pack.id, warehouseId: house, onHand: { to: start.reserved + 20 }, reason: 'count_correction', note: 'Shelf count' },
    ])
    expect(set).toMatchObject({ ok: true, levels: [{ onHand: start.reserved + 20, reserved: start.reserved }] })
    await moveStock(db(), { websiteId: site, userId }, [{ packId: pack.id, warehouseId: house, onHand: { by: -3 }, reason: 'damaged' }])
    await moveStock(db(), { websiteId: site, userId: null }, [{ packId: pack.id, warehouseId: house, reserved: 5, reason: 'order_hold' }])
    await moveStock(db(), { websiteId: site, userId: null }, [{ packId: pack.id, warehouseId: house, reserved: -2, reason: 'order_release' }])
    const rows = (await ledger()).slice(-4)
    expect(rows).toEqual([
      {
        on_hand_change: 20 + start.reserved - start.quantity,
        reserved_change: 0,
        on_hand_after: start.reserved + 20,
        reserved_after: start.reserved,
        reason: 'count_correction',
        user_id: userId,
        order_id: null,
        note: 'Shelf count',
      },
      {
        on_hand_change: -3,
        reserved_change: 0,
        on_hand_after: start.reserved + 17,
        reserved_after: start.reserved,
        reason: 'damaged',
        user_id: userId,
        order_id: null,
        note: null,
      },
      {
        on_hand_change: 0,
        reserved_change: 5,
        on_hand_after: start.reserved + 17,
        reserved_after: start.reserved + 5,
        reason: 'order_hold',
        user_id: null,
        order_id: null,
        note: null,
      },
      {
        on_hand_change: 0,
        reserved_change: -2,
        on_hand_after: start.reserved + 17,
        reserved_after: start.reserved + 3,
        reason: 'order_release',
        user_id: null,
        order_id: null,
        note: null,
      },
    ])
    const after = await figure()
    expect(after.on_hand - before.on_hand).toBe(start.reserved + 17 - start.quantity)
    expect(after.reserved - before.reserved).toBe(3)
    expect(after.available).toBe(after.on_hand - after.reserved)
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('refuses, all or nothing: a hold over what is available, on hand below reserved or below zero, a missing row', async () => {
    const start = await row()
    const free = start.quantity - start.reserved
    const count = (await ledger()).length
    const second = rowsOf<{ id: number }>(await db().execute(sql`select id from packs where website_id = ${site} and id > ${pack.id} order by id limit 1`))[0]
      .id
    // the first move would fit: it is not written either
    const short = await moveStock(db(), { websiteId: site, userId: null }, [
      { packId: pack.id, warehouseId: house, reserved: 1, reason: 'order_hold' },
      { packId: pack.id, warehouseId: house, reserved: free, reason: 'order_hold' },
    ])
    expect(short).toEqual({ ok: false, at: 1, kind: 'short', available: free - 1 })
    expect(
      await moveStock(db(), { websiteId: site, userId: null }, [
        { packId: pack.id, warehouseId: house, onHand: { to: start.reserved - 1 }, reason: 'count_correction' },
      ]),
    ).toMatchObject({ ok: false, kind: 'below_reserved' })
    expect(
      await moveStock(db(), { websiteId: site, userId: null }, [
        { packId: pack.id, warehouseId: house, onHand: { by: -start.quantity - 1 }, reason: 'damaged' },
      ]),
    ).toMatchObject({ ok: false, kind: 'below_reserved' })
    // a pack of this website at another website's warehouse, and this pack seen from the other website
    const foreignHouse = rowsOf<{ id: number }>(await db().execute(sql`select id from warehouses where website_id = ${other} limit 1`))[0].id
    expect(
      await moveStock(db(), { websiteId: site, userId: null, createMissing: true }, [
        { packId: second, warehouseId: foreignHouse, onHand: { to: 5 }, reason: 'received' },
      ]),
    ).toMatchObject({ ok: false, kind: 'missing' })
    expect(
      await moveStock(db(), { websiteId: other, userId: null }, [{ packId: pack.id, warehouseId: house, onHand: { to: 5 }, reason: 'received' }]),
    ).toMatchObject({ ok: false, kind: 'missing' })
    expect(await row()).toEqual(start)
    expect(await ledger()).toHaveLength(count)
  })

  it('makes a missing row for a staff set, and the database refuses what no move may leave', async () => {
    const [fresh] = rowsOf<{ id: number; product_id: number }>(
      await db().execute(
        sql`insert into packs (website_id, product_id, name, price_paise, mrp_paise, position) select website_id, id, 'Trial pack', 100, 100, 9 from products where website_id = ${site} order by id limit 1 returning id, product_id`,
      ),
    )
    const moved = await moveStock(db(), { websiteId: site, userId: null, createMissing: true }, [
      { packId: fresh.id, warehouseId: house, onHand: { by: 7 }, reason: 'received' },
    ])
    expect(moved).toMatchObject({ ok: true, levels: [{ onHand: 7, reserved: 0 }] })
    await expect(db().execute(sql`update stock set reserved = quantity + 1 where pack_id = ${fresh.id}`)).rejects.toThrow()
    await expect(db().execute(sql`update stock set quantity = -1, reserved = 0 where pack_id = ${fresh.id}`)).rejects.toThrow()
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })
  it('moves 1,000 (pack, warehouse) rows in one call: each row, its ledger row and the product figures add up', async () => {
    const rows = rowsOf<{ pack_id: number; warehouse_id: number; quantity: number }>(
      await db().execute(
        sql`select s.pack_id, s.warehouse_id, s.quantity from stock s join packs k on k.id = s.pack_id where k.website_id = ${site} order by s.pack_id, s.warehouse_id limit 1000`,
      ),
    )
    expect(rows.length).toBeGreaterThan(300)
    const moved = await moveStock(
      db(),
      { websiteId: site, userId: null },
      rows.map((r) => ({ packId: r.pack_id, warehouseId: r.warehouse_id, onHand: { by: 2 }, reason: 'received' as const, note: 'Big delivery' })),
    )
    expect(moved.ok && moved.levels.every((l, i) => l.onHand === rows[i].quantity + 2 && l.ledgerId !== null)).toBe(true)
    const after = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from stock_ledger where website_id = ${site} and note = 'Big delivery' and on_hand_change = 2`),
    )[0]
    expect(after.n).toBe(rows.length)
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })
})
