import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import type { SignedIn } from '../../test/shopper'
import { websiteOf } from '../../test/shopper'
import { type Cast, cast, staffCall } from '../../test/staff'
import { batchDrift, ledgerDrift } from '../stock/test-kit'

/**
 * Debit notes and supplier payments at once. On PostgreSQL the calls race; PGlite runs one transaction at a time,
 * so there the same calls run queued and the same invariants are checked.
 */
describe.each(drivers)('debit notes and supplier payments under concurrency (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  const db = () => t.app.deps.db
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(q))
  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
  })
  afterAll(() => t.close())
  let setUps = 0

  /** a supplier, and a bill of `units` of a pack (its stock set to 0 first) into the website's first warehouse */
  async function setUp(session: SignedIn, origin: string, units: number, cost: number) {
    const call = (method: 'POST' | 'PUT', url: string, body: object) => staffCall(t, session, method, `/s/api${url}`, body, origin)
    const site = (await websiteOf(t, origin)).id
    const tag = ++setUps
    const [{ pack_id: packId, warehouse_id: warehouseId }] = await rows<{ pack_id: number; warehouse_id: number }>(sql`
      select k.id as pack_id, (select id from warehouses where website_id = ${site} order by id limit 1) as warehouse_id
      from packs k where k.website_id = ${site} and not exists (select 1 from stock s where s.pack_id = k.id and s.reserved > 0) order by k.id desc limit 1`)
    expect((await call('PUT', '/admin/stock', { pack_id: packId, warehouse_id: warehouseId, quantity: 0, reason: 'count_correction' })).statusCode).toBe(200)
    const supplier = (await call('POST', '/admin/suppliers', { name: `Race Supplier ${origin}` })).json()
    const bill = await call('POST', '/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: warehouseId,
      lines: [
        { pack_id: packId, quantity: units, cost_price: cost, gst_rate: 5, batch: `RACE-1-${tag}`, expiry: null },
        { pack_id: packId, quantity: 10, cost_price: cost, gst_rate: 5, batch: `RACE-2-${tag}`, expiry: null },
      ],
    })
    expect(bill.statusCode, bill.body).toBe(201)
    const batchIds = rowsOf<{ batch_id: number }>(
      await db().execute(sql`select batch_id from purchase_lines where purchase_id = ${bill.json().id} order by id`),
    ).map((r) => r.batch_id)
    return { site, packId, warehouseId, supplierId: supplier.id as number, batchIds, call }
  }

  it('60 debit notes at once on two websites: each website’s series runs 1..N with no gap or duplicate; batches sum to on hand', {
    timeout: 240_000,
  }, async () => {
    const main = await setUp(who.admin, MAIN, 45, 10)
    const shop2 = await setUp(who.adminShop2, SHOP2, 20, 10)
    const note = (s: typeof main, batchId: number) =>
      s.call('POST', '/admin/debit-notes', { supplier_id: s.supplierId, reason: 'Race return', lines: [{ batch_id: batchId, quantity: 1 }] })
    // main: 5 notes from RACE-1 first (numbers 1..5), then 45 more at once from its 40 left (5 refused), 5 from RACE-2
    // alongside; shop2: 10 from its RACE-1 at the same time
    for (let i = 0; i < 5; i++) expect((await note(main, main.batchIds[0])).statusCode).toBe(201)
    const calls = [
      ...Array.from({ length: 45 }, () => note(main, main.batchIds[0])),
      ...Array.from({ length: 5 }, () => note(main, main.batchIds[1])),
      ...Array.from({ length: 10 }, () => note(shop2, shop2.batchIds[0])),
    ]
    const answers = await Promise.all(calls)
    const byStatus: Record<number, number> = {}
    for (const r of answers) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1
    expect(
      answers.every((r) => r.statusCode === 201 || r.statusCode === 422),
      answers.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    expect(byStatus).toEqual({ 201: 55, 422: 5 })

    for (const s of [main, shop2]) {
      const [series] = await rows<{ n: number; distinct_seq: number; distinct_number: number; lo: number; hi: number }>(sql`
        select count(*)::int as n, count(distinct seq)::int as distinct_seq, count(distinct number)::int as distinct_number,
          min(seq)::int as lo, max(seq)::int as hi
        from debit_notes where website_id = ${s.site}`)
      expect(series).toEqual({ n: s === main ? 50 : 10, distinct_seq: series.n, distinct_number: series.n, lo: 1, hi: series.n })
      // every note: its units left through the ledger, once
      const [out] = await rows<{ ledger: number; lines: number }>(sql`
        select (select -sum(on_hand_change)::int from stock_ledger where pack_id = ${s.packId} and warehouse_id = ${s.warehouseId} and reason = 'supplier_return') as ledger,
          (select sum(l.quantity)::int from debit_note_lines l join debit_notes n on n.id = l.debit_note_id where n.website_id = ${s.site}) as lines`)
      expect(out.ledger).toBe(out.lines)
      // the supplier's khata: its balance is the sum of its entries, and each entry's balance after runs in order
      const [khata] = await rows<{ ok: boolean; runs: boolean }>(sql`
        select s.balance_paise = (select sum(amount_paise) from supplier_entries e where e.supplier_id = s.id) as ok,
          not exists (select 1 from (select balance_after_paise, sum(amount_paise) over (order by id) as run from supplier_entries where supplier_id = s.id) x
                      where x.balance_after_paise <> x.run) as runs
        from suppliers s where s.id = ${s.supplierId}`)
      expect(khata).toEqual({ ok: true, runs: true })
    }
    const left = await rows<{ quantity: number }>(sql`select quantity from stock_batches where id = any(${`{${main.batchIds.join(',')}}`}::int[]) order by id`)
    expect(left.map((b) => b.quantity)).toEqual([0, 5])
    expect(await batchDrift(t)).toEqual([])
    expect(await ledgerDrift(t)).toEqual({ rows: 0, products: 0 })
  })

  it('40 payments of ₹30 at once against ₹1,050 due, with a bill and a debit note: never more paid than due; balance = Σ khata', {
    timeout: 240_000,
  }, async () => {
    const s = await setUp(who.admin, MAIN, 90, 10)
    // due: (90 + 10) × ₹10 × 1.05 = ₹1,050
    const pay = () => s.call('POST', `/admin/suppliers/${s.supplierId}/payments`, { amount: 30, method: 'cash' })
    const [paid, bill, note] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, pay)),
      s.call('POST', '/admin/purchases', {
        supplier_id: s.supplierId,
        warehouse_id: s.warehouseId,
        lines: [{ pack_id: s.packId, quantity: 10, cost_price: 10, batch: 'RACE-3', expiry: null }],
      }),
      s.call('POST', '/admin/debit-notes', { supplier_id: s.supplierId, reason: 'Race', lines: [{ batch_id: s.batchIds[1], quantity: 2 }] }),
    ])
    expect(bill.statusCode, bill.body).toBe(201)
    expect(note.statusCode, note.body).toBe(201)
    expect(
      paid.every((r) => r.statusCode === 201 || r.statusCode === 422),
      paid.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toBe(true)
    const made = paid.filter((r) => r.statusCode === 201).length
    // ₹1,050 + ₹100 − ₹21 = ₹1,129 owed in all: the bill before every payment and the note after lets 38 of ₹30 through
    // (₹1,150 due), the note first and the bill after the payments 34; a note may leave the supplier owing the shop
    expect(made).toBeGreaterThanOrEqual(34)
    expect(made).toBeLessThanOrEqual(38)
    const [khata] = await rows<{ balance: number; sum: number; entries: number; payments: number; runs: boolean; never_overpaid: boolean }>(sql`
      select s.balance_paise as balance, (select sum(amount_paise)::int from supplier_entries e where e.supplier_id = s.id) as sum,
        (select count(*)::int from supplier_entries e where e.supplier_id = s.id) as entries,
        (select count(*)::int from supplier_entries e where e.supplier_id = s.id and kind = 'payment') as payments,
        not exists (select 1 from (select balance_after_paise, sum(amount_paise) over (order by id) as run from supplier_entries where supplier_id = s.id) x
                    where x.balance_after_paise <> x.run) as runs,
        not exists (select 1 from supplier_entries where supplier_id = s.id and kind = 'payment' and balance_after_paise < 0) as never_overpaid
      from suppliers s where s.id = ${s.supplierId}`)
    expect(khata).toEqual({ balance: 112_900 - made * 3000, sum: 112_900 - made * 3000, entries: made + 3, payments: made, runs: true, never_overpaid: true })
    expect(await batchDrift(t)).toEqual([])
  })
})
