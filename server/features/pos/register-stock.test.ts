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
})
