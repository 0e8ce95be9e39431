import { describe, expect, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { type Driver, drivers } from '../../test/app'
import { useCheckoutApp } from '../checkout/test-kit'
import { windowText } from '../delivery/estimate'

/** Issue 18: the product page's shelves (similar, often bought together from real orders) and its delivery estimate. */
describe.each(drivers)('product page shelves and delivery estimate (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  type Related = { similar: Product[]; together: Product[]; together_from: 'orders' | 'category' }

  it('similar products share the category; before any order, often-bought-together falls back to the neighbouring categories', async () => {
    const k = h.k()
    const visitor = await k.t.visitor()
    const product = k.catalogue.find((p) => p.packs.some((x) => x.in_stock))!
    const res = await k.call(visitor, 'GET', `/products/${product.slug}/related`)
    expect(res.statusCode).toBe(200)
    const r: Related = res.json()
    expect(r.similar.length).toBeGreaterThan(0)
    expect(r.similar.every((p) => p.category_slug === product.category_slug && p.product_id !== product.product_id)).toBe(true)
    expect(r.together_from).toBe('category')
    expect(r.together.every((p) => p.category_slug !== product.category_slug && p.product_id !== product.product_id)).toBe(true)
    expect((await k.call(visitor, 'GET', '/products/no-such-product/related')).statusCode).toBe(404)
    expect((await k.call(visitor, 'GET', '/products/bad%20slug/related')).statusCode).toBe(422)
  })

  it('often bought together comes from real orders once there are some, most shared orders first', async () => {
    const k = h.k()
    const [a, b, c] = k.sellable().filter((p, i, all) => all.findIndex((q) => productOf(q.pack_id) === productOf(p.pack_id)) === i)
    function productOf(packId: number) {
      return k.catalogue.find((p) => p.packs.some((x) => x.pack_id === packId))!
    }
    for (const packs of [
      [a, b],
      [a, b],
      [a, c],
    ]) {
      const s = await k.shopperWithCart(packs)
      expect((await k.place(s, 'cod')).res.statusCode).toBe(200)
    }
    const r: Related = (await k.call(await k.t.visitor(), 'GET', `/products/${productOf(a.pack_id).product_id}/related`)).json()
    expect(r.together_from).toBe('orders')
    expect(r.together.slice(0, 2).map((p) => p.product_id)).toEqual([productOf(b.pack_id).product_id, productOf(c.pack_id).product_id])
  })

  it('the delivery estimate names the earliest window for the chosen pincode, and asks for one when there is none', async () => {
    const k = h.k()
    const visitor = await k.t.visitor()
    expect((await k.call(visitor, 'GET', '/delivery/estimate')).json()).toMatchObject({
      pincode: null,
      text: null,
      message: 'Choose your pincode to see when we can deliver',
    })
    await k.call(visitor, 'GET', '/check/pincode/560001')
    const e = (await k.call(visitor, 'GET', '/delivery/estimate')).json()
    expect(e.pincode).toBe('560001')
    expect(e.text).toMatch(/^Delivery by (today|tomorrow|\w{3}, \d{1,2} \w{3}) \d{1,2}(:\d\d)?( [AP]M)?–\d{1,2}(:\d\d)? [AP]M$/)
    expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('window text', () => {
    expect(windowText('19:00', '21:00')).toBe('7–9 PM')
    expect(windowText('07:00:00', '09:30:00')).toBe('7–9:30 AM')
    expect(windowText('11:00', '13:00')).toBe('11 AM–1 PM')
  })
})
