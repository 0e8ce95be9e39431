import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { startCheckoutApp } from '../checkout/test-kit'
import { moveLinesTo } from './queries'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('a pincode change read by many at once (issue 31, postgres)', () => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db

  /** in-stock packs of the first warehouse (560001) that the second (560080) stocks too */
  async function movablePacks(n: number) {
    const home = k.sellable()
    const both = new Set(
      rowsOf<{ pack_id: number }>(await db().execute(sql`select pack_id from stock group by pack_id having count(distinct warehouse_id) >= 2`)).map(
        (r) => r.pack_id,
      ),
    )
    const packs = home.filter((p) => both.has(p.pack_id)).slice(0, n)
    expect(packs).toHaveLength(n)
    return packs
  }
  const linesOf = async (cartId: number) =>
    rowsOf<{ pack_id: number; warehouse_id: number; quantity: number }>(
      await db().execute(sql`select pack_id, warehouse_id, quantity from cart_items where cart_id = ${cartId} order by pack_id`),
    )
  const cartIdOf = async (userId: number) => rowsOf<{ id: number }>(await db().execute(sql`select id from carts where user_id = ${userId}`))[0].id

  it('30 cart reads at once after the change: every answer has the lines at the new warehouse, each line moved once, quantities kept', async () => {
    const packs = await movablePacks(3)
    const s = await k.shopperWithCart(packs, 3)
    const cartId = await cartIdOf(s.userId)
    const before = await linesOf(cartId)
    const from = before[0].warehouse_id
    expect(before.map((l) => l.quantity)).toEqual([3, 3, 3])
    const amount = (await k.call(s, 'GET', '/cart')).json().amount

    expect((await k.call(s, 'GET', '/check/pincode/560080')).statusCode).toBe(200)
    const answers = await Promise.all(Array.from({ length: 30 }, () => k.call(s, 'GET', '/cart')))
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    const to = answers[0].json().items[0].warehouse_id
    expect(to).not.toBe(from)
    for (const a of answers) {
      const cart = a.json()
      // none answers the lines as they were before the move (stale: "Not deliverable", no amount)
      expect(cart.items.map((i: { warehouse_id: number; valid: boolean; quantity: number }) => [i.warehouse_id, i.valid, i.quantity])).toEqual(
        packs.map(() => [to, true, 3]),
      )
      expect(cart.amount).toBe(amount)
    }
    // in SQL: the same lines, each once, at the new warehouse, the quantities unchanged
    expect(await linesOf(cartId)).toEqual(before.map((l) => ({ ...l, warehouse_id: to })))
  })

  it('20 moves of the same cart at once: each line is moved by exactly one of them', async () => {
    const packs = await movablePacks(4)
    const s = await k.shopperWithCart(packs, 2)
    const cartId = await cartIdOf(s.userId)
    const before = await linesOf(cartId)
    const to = rowsOf<{ warehouse_id: number }>(
      await db().execute(
        sql`select warehouse_id from stock where pack_id = ${packs[0].pack_id} and warehouse_id <> ${before[0].warehouse_id} order by warehouse_id limit 1`,
      ),
    )[0].warehouse_id
    const moved = await Promise.all(Array.from({ length: 20 }, () => moveLinesTo(db(), cartId, to)))
    expect(moved.reduce((n, m) => n + m, 0)).toBe(packs.length)
    expect(await linesOf(cartId)).toEqual(before.map((l) => ({ ...l, warehouse_id: to })))
  })
})
