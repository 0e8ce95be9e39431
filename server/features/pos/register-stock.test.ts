import { describe, expect, it } from 'vitest'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

describe.each(drivers)('the stock the counter’s tiles show (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const get = async (url: string, origin?: string, phone = '9876500001') =>
    staffCall(h.k().t, await signIn(h.k().t, phone, origin), 'GET', `/s/api/pos${url}`, undefined, origin)

  it('answers what is free to sell at the register’s own warehouse, not elsewhere; another website’s register is not found', async () => {
    const register = (await get('/shifts/current')).json().register as { id: number; warehouse_id: number }
    const store = await staffCall(h.k().t, await signIn(h.k().t, '9876500001'), 'POST', '/s/api/admin/warehouses', { name: `Jayanagar ${Date.now()}` })
    expect(store.statusCode).toBe(201)
    const [a, b] = h.k().sellable()
    await h.k().setStock(a.pack_id, register.warehouse_id, 7)
    await h.k().setStock(b.pack_id, register.warehouse_id, 0)
    await h.k().setStock(b.pack_id, store.json().id, 50)
    const res = await get(`/stock?register_id=${register.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json() as { warehouse_id: number; data: { pack_id: number; available: number }[] }
    expect(answer.warehouse_id).toBe(register.warehouse_id)
    const of = (id: number) => answer.data.find((r) => r.pack_id === id)?.available ?? 0
    expect([of(a.pack_id), of(b.pack_id)]).toEqual([7, 0])
    expect((await get('/stock')).json().warehouse_id).toBe(register.warehouse_id)
    expect((await get(`/stock?register_id=${register.id}`, SHOP2)).statusCode).toBe(404)
    expect((await get('/stock?register_id=-1')).statusCode).toBe(422)
  })
  it('says how many of the free units are in expired batches, for the counter to warn; a sale takes them only when nothing else is left', async () => {
    const t = h.k().t
    const admin = await signIn(t, '9876500001')
    const call = (method: 'POST' | 'PUT', url: string, body: object) => staffCall(t, admin, method, `/s/api${url}`, body)
    const current = (await get('/shifts/current')).json()
    const house = current.register.warehouse_id as number
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 100 })).statusCode).toBe(201)
    const [, , c] = h.k().sellable()
    expect((await call('PUT', '/admin/stock', { pack_id: c.pack_id, warehouse_id: house, quantity: 0, reason: 'count_correction' })).statusCode).toBe(200)
    const supplier = (await call('POST', '/admin/suppliers', { name: 'Expired Goods Co' })).json()
    const day = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)
    const bill = await call('POST', '/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: house,
      lines: [
        { pack_id: c.pack_id, quantity: 3, cost_price: 10, batch: 'OLD-1', expiry: day(-3) },
        { pack_id: c.pack_id, quantity: 4, cost_price: 10, batch: 'NEW-1', expiry: day(60) },
      ],
    })
    expect(bill.statusCode, bill.body).toBe(201)
    const row = async () => (await get('/stock')).json().data.find((r: { pack_id: number }) => r.pack_id === c.pack_id)
    expect(await row()).toEqual({ pack_id: c.pack_id, available: 7, expired: 3 })
    // 5 sold: the 4 fresh, then 1 of the expired batch (the counter warned: 5 > 7 − 3)
    const sold = await call('POST', '/pos/sales', {
      client_id: crypto.randomUUID(),
      lines: [{ pack_id: c.pack_id, quantity: 5 }],
      payments: [{ method: 'cash', amount: 100000 }],
    })
    expect(sold.statusCode, sold.body).toBe(201)
    expect(await row()).toEqual({ pack_id: c.pack_id, available: 2, expired: 2 })
  })
})
