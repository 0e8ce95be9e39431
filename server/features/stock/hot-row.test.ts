import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import type { Config } from '../../config'
import { rowsOf } from '../../db/client'
import { withDatabase } from '../../db/template'
import { BUSY_RETRY_AFTER_SECONDS } from '../../platform/errors'
import { buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { signIn, type SignedIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { shopping, until } from '../checkout/test-kit'
import { BUYING_BUSY } from './service'
import { ledgerDrift } from './test-kit'

const STOCK = 30
const BUYERS = 50

/** A checkout or a counter sale of one unit, and what it can be sent as again (its key). */
interface Buy {
  kind: 'checkout' | 'pos'
  key: string
  send(t: TestApp): Promise<LightMyRequestResponse>
}

/**
 * Issue 25 finding 7: a burst of checkouts and counter sales of one pack used to answer a bare 500 when a statement
 * waited past the statement timeout on the pack's stock row. Now each one is sold (2xx), refused as sold out (409)
 * or told to try again in a moment (503 with Retry-After), having written nothing; its retry with the same key works.
 * PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
 */
describe.skipIf(!drivers.includes('postgres')).each<[string, Partial<Config>]>([
  ['a statement timeout (57014)', { DB_STATEMENT_TIMEOUT_MS: 400, DB_LOCK_TIMEOUT_MS: 0 }],
  ['a lock timeout (55P03)', { DB_LOCK_TIMEOUT_MS: 50 }],
])('50 checkouts and counter sales of one pack whose stock row is held past %s (postgres)', (_what, short) => {
  /** `setup`: the usual timeouts; `busy`: the short ones, for the burst */
  let setup: TestApp
  let busy: TestApp
  beforeAll(async () => {
    const background = { ORDER_JOBS_INTERVAL_MS: 0, SCHEDULED_JOBS_CHECK_MS: 0 }
    ;[setup, busy] = (await buildTestAppsOnOneDatabase(2, background, {}, [{}, short])).apps
  })
  afterAll(async () => {
    await setup.close()
    await busy.close()
  })
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await setup.app.deps.db.execute(query))

  it('answers 2xx, 409 sold out or 503 with Retry-After, never 500; a 503 wrote nothing and its retry works', { timeout: 180_000 }, async () => {
    const admin = await signIn(setup, '9876500001')
    const pos = (t: TestApp, method: 'GET' | 'POST', url: string, body?: object) => staffCall(t, admin, method, `/s/api/pos${url}`, body)
    const current = (await pos(setup, 'GET', '/shifts/current')).json() as { register: { warehouse_id: number }; shift: unknown }
    const register = current.register
    if (!current.shift) expect((await pos(setup, 'POST', '/shifts', { opening_cash: 1000 })).statusCode).toBe(201)
    const catalogue: Product[] = (await setup.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
    const shop = shopping(setup, catalogue)
    // a pack sold online from the counter's own warehouse: both queue on one stock row
    const pack = shop.sellable().find((p) => p.warehouse_id === register.warehouse_id)!
    const setStock = async (quantity: number) => {
      const body = { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity, reason: 'count_correction' }
      expect((await staffCall(setup, admin, 'PUT', '/s/api/admin/stock', body)).statusCode).toBe(200)
    }
    await setStock(1000)
    await setup.app.deps.db.execute(sql`update delivery_slots set capacity = 1000`)

    const buys: Buy[] = []
    for (let i = 0; i < BUYERS; i++) {
      if (i % 2) {
        const body = { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity: 1 }], payments: [{ method: 'cash', amount: pack.price }] }
        buys.push({ kind: 'pos', key: `pos:${body.client_id}`, send: (t) => pos(t, 'POST', '/sales', body) })
      } else {
        const s: SignedIn & { addressId: number } = await shop.shopperWithCart([pack])
        const body = { address_id: s.addressId, slots: await shop.firstSlots(s, s.addressId), payment_method: 'cod', idempotency_key: `hot-row-${i}-key` }
        buys.push({ kind: 'checkout', key: body.idempotency_key, send: (t) => shopping(t, catalogue).call(s, 'POST', '/checkout/place', body) })
      }
    }
    await setStock(STOCK)
    const base = await shop.stockOf(pack.pack_id, pack.warehouse_id)
    expect(await ledgerDrift(setup)).toEqual({ rows: 0, products: 0 })

    // A slow transaction holds the pack's stock row: the burst queues behind it until the first wait runs out.
    const holder = new pg.Client({
      connectionString: withDatabase(inject('pgAdminUrl')!, (await rows<{ db: string }>(sql`select current_database() as db`))[0].db),
    })
    await holder.connect()
    await holder.query('begin')
    await holder.query('select 1 from stock where pack_id = $1 and warehouse_id = $2 for update', [pack.pack_id, pack.warehouse_id])
    const answers: (LightMyRequestResponse | undefined)[] = buys.map(() => undefined)
    const burst = Promise.all(buys.map((b, i) => b.send(busy).then((res) => (answers[i] = res))))
    try {
      // nothing can be sold while the row is held: the first answers are the waits that ran out of time
      await until(async () => answers.some((a) => a !== undefined), 30_000)
    } finally {
      await holder.query('rollback')
      await holder.end()
    }
    await burst
    const first = answers as LightMyRequestResponse[]

    const codes = first.map((r) => r.statusCode)
    const report = first.map((r, i) => `${buys[i].kind} ${r.statusCode} ${r.body}`).join('\n')
    expect(
      codes.every((c) => c === 200 || c === 201 || c === 409 || c === 503),
      report,
    ).toBe(true)
    expect(codes.filter((c) => c === 503).length, report).toBeGreaterThan(0)
    for (const r of first.filter((x) => x.statusCode === 503)) {
      expect(r.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
      expect(r.json()).toEqual({ message: BUYING_BUSY, code: 'busy' })
    }
    for (const r of first.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/sold out|fewer left|out of stock/i)
    const sold = (i: number) => codes[i] === 200 || codes[i] === 201

    /** every order placed with one of the burst's keys, with its lines and stock moves */
    const ordersByKey = async () =>
      new Map(
        (
          await rows<{ key: string; n: number; order_number: string; lines: string; moves: string }>(sql`
            select o.idempotency_key as key, count(*) over (partition by o.idempotency_key)::int as n, o.order_number,
              (select string_agg(i.pack_id || 'x' || i.quantity, ',') from order_items i where i.order_id = o.id) as lines,
              (select string_agg(l.reason || ':' || l.on_hand_change || '/' || l.reserved_change, ',') from stock_ledger l where l.order_id = o.id) as moves
            from orders o where o.idempotency_key = any(${`{${buys.map((b) => `"${b.key}"`).join(',')}}`}::text[])`)
        ).map((r) => [r.key, r]),
      )
    /** the invariants in SQL: the stock row, its ledger and the products' figures agree, never below zero */
    const checkStock = async (orders: Awaited<ReturnType<typeof ordersByKey>>) => {
      const [row] = await rows<{ quantity: number; reserved: number }>(
        sql`select quantity, reserved from stock where pack_id = ${pack.pack_id} and warehouse_id = ${pack.warehouse_id}`,
      )
      const online = [...orders.values()].filter((o) => o.moves.startsWith('order_hold')).length
      const counter = [...orders.values()].filter((o) => o.moves.startsWith('sold')).length
      expect(row).toEqual({ quantity: STOCK - counter, reserved: base.reserved + online })
      expect(row.quantity).toBeGreaterThanOrEqual(row.reserved)
      expect(await ledgerDrift(setup)).toEqual({ rows: 0, products: 0 })
      const broken = await rows<{ id: number }>(sql`
        select id from (
          select id, on_hand_after, reserved_after,
                 sum(on_hand_change) over (partition by pack_id, warehouse_id order by id) as q,
                 sum(reserved_change) over (partition by pack_id, warehouse_id order by id) as r
          from stock_ledger where pack_id = ${pack.pack_id}) l
        where q <> on_hand_after or r <> reserved_after or on_hand_after < 0 or on_hand_after < reserved_after or reserved_after < 0`)
      expect(broken).toEqual([])
      // no order of this pack without its stock move
      const unmoved = await rows<{ id: number }>(sql`
        select o.id from orders o join order_items i on i.order_id = o.id
        where i.pack_id = ${pack.pack_id} and not exists (select 1 from stock_ledger l where l.order_id = o.id)`)
      expect(unmoved).toEqual([])
    }

    const placed = await ordersByKey()
    buys.forEach((b, i) => {
      const order = placed.get(b.key)
      if (!sold(i)) {
        // a 503 or a 409 left no order (and no counter sale's claim) behind
        expect(order, `${b.kind} ${codes[i]}`).toBeUndefined()
        return
      }
      // each sale exists once, with its line and its stock move
      expect(order).toEqual({
        key: b.key,
        n: 1,
        order_number: first[i].json().order_number,
        lines: `${pack.pack_id}x1`,
        moves: b.kind === 'pos' ? 'sold:-1/0' : 'order_hold:0/1',
      })
    })
    expect(placed.size).toBe(codes.filter((_, i) => sold(i)).length)
    const claims = await rows<{ client_id: string; order_id: number | null }>(
      sql`select client_id, order_id from pos_sales where client_id = any(${`{${buys.flatMap((b) => (b.kind === 'pos' ? [b.key.slice(4)] : [])).join(',')}}`}::text[])`,
    )
    expect(claims.every((c) => c.order_id !== null)).toBe(true)
    expect(claims.length).toBe(buys.filter((b, i) => b.kind === 'pos' && sold(i)).length)
    await checkStock(placed)

    // Each 503 sent again, the same key, once the rush is over: sold or sold out, never busy.
    const retried = new Map<number, LightMyRequestResponse>()
    for (const [i, b] of buys.entries()) if (codes[i] === 503) retried.set(i, await b.send(setup))
    for (const [i, res] of retried) {
      expect([200, 201, 409], `${buys[i].kind} ${res.statusCode} ${res.body}`).toContain(res.statusCode)
      if (res.statusCode === 409) expect(res.json().message).toMatch(/sold out|fewer left|out of stock/i)
    }
    // a sale already made, sent again with its key: the same answer, no second order
    const again = buys.findIndex((_, i) => sold(i))
    const replay = await buys[again].send(setup)
    expect(replay.statusCode).toBe(codes[again])
    expect(replay.json().order_number).toBe(first[again].json().order_number)

    const after = await ordersByKey()
    for (const [i, res] of retried) {
      const order = after.get(buys[i].key)
      if (res.statusCode === 409) expect(order).toBeUndefined()
      else expect(order).toMatchObject({ n: 1, order_number: res.json().order_number, lines: `${pack.pack_id}x1` })
    }
    expect(after.size).toBe(placed.size + [...retried.values()].filter((r) => r.statusCode !== 409).length)
    await checkStock(after)
  })
})
