import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { useCheckoutApp } from '../checkout/test-kit'
import { releaseExpired } from '../orders/service'
import { ledgerDrift } from './test-kit'

describe.each(drivers)('checkout writes its holds and releases to the stock ledger (%s)', (driver) => {
  const { k, db } = useCheckoutApp(driver)
  const rowsOfOrder = async (orderId: number) =>
    rowsOf<{ pack_id: number; reason: string; reserved_change: number; on_hand_change: number; user_id: number | null }>(
      await db().execute(sql`select pack_id, reason, reserved_change, on_hand_change, user_id from stock_ledger where order_id = ${orderId} order by id`),
    )

  it('a placed order’s hold rows carry its id; cancelling writes the release rows, and the sums still match', async () => {
    const [a, b] = k()
      .sellable()
      .filter((p, i, all) => all.findIndex((x) => x.pack_id === p.pack_id) === i)
    const s = await k().shopperWithCart([a, b], 2)
    const { res, order } = await k().place(s, 'cod')
    expect(res.statusCode, res.body).toBe(200)
    const held = await rowsOfOrder(order.order_id)
    expect(held.map((r) => [r.pack_id, r.reason, r.reserved_change, r.on_hand_change, r.user_id]).sort()).toEqual(
      [
        [a.pack_id, 'order_hold', 2, 0, null],
        [b.pack_id, 'order_hold', 2, 0, null],
      ].sort(),
    )
    expect((await k().call(s, 'POST', `/orders/${order.order_id}/cancel`, {})).statusCode).toBe(200)
    const all = await rowsOfOrder(order.order_id)
    expect(
      all
        .filter((r) => r.reason === 'order_release')
        .map((r) => [r.pack_id, r.reserved_change])
        .sort(),
    ).toEqual(
      [
        [a.pack_id, -2],
        [b.pack_id, -2],
      ].sort(),
    )
    expect(await ledgerDrift(k().t)).toEqual({ rows: 0, products: 0 })
  })

  it('an unpaid order past its hold releases with its id', async () => {
    const [a] = k().sellable()
    const s = await k().shopperWithCart([a], 1)
    const { res, order } = await k().place(s, 'razorpay')
    expect(res.statusCode, res.body).toBe(200)
    expect(await releaseExpired(db(), new Date(Date.now() + 24 * 3600_000))).toBeGreaterThanOrEqual(1)
    expect((await rowsOfOrder(order.order_id)).map((r) => [r.reason, r.reserved_change])).toEqual([
      ['order_hold', 1],
      ['order_release', -1],
    ])
  })
})
