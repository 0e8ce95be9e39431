import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

describe.each(drivers)('counter sales in the reports and the orders list (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const call = async (method: 'GET' | 'POST', url: string, body?: object) => staffCall(h.k().t, await signIn(h.k().t, '9876500001'), method, url, body)

  it('nets counter returns out of revenue by channel and method; the orders list filters by cash, upi, card and split', async () => {
    const current = (await call('GET', '/s/api/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/s/api/pos/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const register = (await call('GET', '/s/api/pos/shifts/current')).json().register
    const [a, b] = h.k().sellable()
    await h.k().setStock(a.pack_id, register.warehouse_id, 50)
    await h.k().setStock(b.pack_id, register.warehouse_id, 50)
    // on a day of their own (sold offline, sent later), so the report holds these sales only
    const day = '2024-01-15'
    const sold_at = `${day}T06:00:00.000Z`
    const sell = async (payments: object[], lines: object[]) => {
      const res = await call('POST', '/s/api/pos/sales', { client_id: randomUUID(), lines, payments, offline: true, sold_at })
      expect(res.statusCode).toBe(201)
      return res.json() as { order_number: string; total: number }
    }
    const cash = await sell([{ method: 'cash', amount: a.price * 3 }], [{ pack_id: a.pack_id, quantity: 3 }])
    const split = await sell(
      [
        { method: 'card', amount: b.price },
        { method: 'upi', amount: b.price },
      ],
      [{ pack_id: b.pack_id, quantity: 2 }],
    )
    // one unit of the cash sale and the whole split sale come back
    expect(
      (await call('POST', '/s/api/pos/returns', { order_number: cash.order_number, lines: [{ pack_id: a.pack_id, quantity: 1 }], refund_method: 'cash' }))
        .statusCode,
    ).toBe(201)
    expect((await call('POST', '/s/api/pos/returns', { order_number: split.order_number, refund_method: 'original' })).statusCode).toBe(201)

    const report = (await call('GET', `/s/api/admin/reports/channels?from=${day}&to=${day}`)).json()
    const net = Math.round(a.price * 2 * 100) / 100
    expect(report.channels).toEqual([{ channel: 'pos', orders: 2, revenue: net }])
    expect(report.payment_methods).toEqual(
      expect.arrayContaining([
        { payment_method: 'cash', orders: 1, revenue: net },
        { payment_method: 'split', orders: 1, revenue: 0 },
      ]),
    )
    const sales = (await call('GET', `/s/api/admin/reports/sales?from=${day}&to=${day}`)).json()
    expect(sales.rows[0]).toMatchObject({ orders: 2, revenue: net })

    const list = async (method: string) =>
      ((await call('GET', `/s/api/admin/orders?channel=pos&payment_method=${method}&from=${day}&to=${day}`)).json().data as { order_number: string }[]).map(
        (o) => o.order_number,
      )
    expect(await list('cash')).toEqual([cash.order_number])
    expect(await list('split')).toEqual([split.order_number])
    expect(await list('upi')).toEqual([])
    expect(await list('card')).toEqual([])
    expect((await call('GET', '/s/api/admin/orders?payment_method=cheque')).statusCode).toBe(422)
  })
})
