import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry } from '../../../common/contracts/admin'
import type { AdminProduct } from '../../../common/contracts/admin-catalogue'
import { buildTestApp, drivers, SHOP2, type TestApp } from '../../test/app'
import { type Cast, cast, staffCall } from '../../test/staff'

type Page = { data: AuditEntry[]; meta: { total: number; page: number; perPage: number } }

/** A calendar day in India, `days` from today. */
const indiaDay = (days = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000))

describe.each(drivers)('GET /s/api/admin/audit (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let product: AdminProduct
  const audit = async (query: string, session = who.admin, origin?: string): Promise<Page> => {
    const res = await staffCall(t, session, 'GET', `/s/api/admin/audit?${query}`, undefined, origin)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    product = (
      await staffCall(t, who.admin, 'POST', '/s/api/admin/products', {
        product_name: 'Audited Rice',
        brand: 'Sona Khet',
        categories: ['rice'],
        packs: [{ pack_name: '1 kg', price: 70, act_price: 80 }],
      })
    ).json()
    await staffCall(t, who.admin, 'PATCH', `/s/api/admin/products/${product.product_id}`, {
      version: 1,
      packs: [{ pack_id: product.packs[0].pack_id, pack_name: '1 kg', price: 65, act_price: 80 }],
    })
    // A write on the other website must never show here.
    await staffCall(t, who.adminShop2, 'POST', '/s/api/admin/brands', { name: 'Shop Two Only Brand' }, SHOP2)
  })
  afterAll(() => t.close())

  it('reads an entity’s history newest first: who, when, what, before and after', async () => {
    const page = await audit(`entity=product&entity_id=${product.product_id}`)
    expect(page.meta).toEqual({ total: 2, page: 1, perPage: 20 })
    for (const row of page.data) expect(() => AuditEntry.parse(row)).not.toThrow()
    const [update, create] = page.data
    expect(create).toMatchObject({
      action: 'product.create',
      entity: 'product',
      entity_id: String(product.product_id),
      user: { id: who.admin.userId, name: 'Asha Superadmin' },
      before: null,
    })
    expect(update).toMatchObject({ action: 'product.update', before: { version: 1, packs: [{ price: 70 }] }, after: { version: 2, packs: [{ price: 65 }] } })
    // In shop words: the product by name, the pack's price in rupees (100 paise = ₹1), before → after.
    expect(update).toMatchObject({ record: 'Product Audited Rice', what: 'Product changed' })
    expect(update.changes).toContainEqual({ field: '1 kg: Price', before: '₹0.70', after: '₹0.65' })
    expect(create.changes).toContainEqual({ field: 'Name', before: '—', after: 'Audited Rice' })
    for (const c of [...update.changes, ...create.changes]) expect(Object.values(c).join(' ')).not.toMatch(/_id|_paise|[{}"]/)
    expect(update.request_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(update.at).getTime()).toBeGreaterThan(Date.now() - 120_000)
    expect((await audit(`entity=product&entity_id=${product.product_id}&sort=at`)).data.map((r) => r.action)).toEqual(['product.create', 'product.update'])
  })

  it('filters by user, action and India calendar days; pages with the total', async () => {
    expect((await audit(`user_id=${who.admin.userId}&perPage=100`)).data.every((r) => r.user?.id === who.admin.userId)).toBe(true)
    expect((await audit(`user_id=${who.shopper.userId}`)).meta.total).toBe(0)
    expect((await audit('action=product.update')).data.map((r) => r.entity_id)).toEqual([String(product.product_id)])
    expect((await audit('q=update')).data.every((r) => r.action.includes('update'))).toBe(true)
    const today = indiaDay()
    const everything = (await audit('')).meta.total
    expect(everything).toBeGreaterThanOrEqual(2)
    expect((await audit(`from=${today}&to=${today}`)).meta.total).toBe(everything)
    expect((await audit(`to=${indiaDay(-1)}`)).meta.total).toBe(0)
    expect((await audit(`from=${indiaDay(1)}`)).meta.total).toBe(0)
    const first = await audit('perPage=5')
    const second = await audit('perPage=5&page=2')
    expect(first.data.map((r) => r.id).some((id) => second.data.some((r) => r.id === id))).toBe(false)
    const bad = await staffCall(t, who.admin, 'GET', '/s/api/admin/audit?from=31-01-2025')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ from: 'From date must be a real date from 1900 to 2099, written like 2026-01-31' })
  })

  it('filters by every kind of record: only that kind comes back', async () => {
    const brands = await audit('entity=brand&perPage=100', who.adminShop2, SHOP2)
    expect(brands.meta.total).toBeGreaterThanOrEqual(1)
    expect(brands.data.every((r) => r.entity === 'brand')).toBe(true)
    const products = await audit('entity=product&perPage=100')
    expect(products.data.map((r) => r.entity)).toEqual(['product', 'product'])
    expect((await audit('entity=order')).meta.total).toBe(0)
    expect((await staffCall(t, who.admin, 'GET', '/s/api/admin/audit?entity=Robert%27);')).statusCode).toBe(422)
  })

  it('shows each website only its own rows', async () => {
    const main = await audit('entity=brand&perPage=100')
    expect(main.data.some((r) => JSON.stringify(r.after).includes('Shop Two Only Brand'))).toBe(false)
    const shop2 = await audit('entity=brand&perPage=100', who.adminShop2, SHOP2)
    expect(shop2.data.map((r) => (r.after as { name: string }).name)).toContain('Shop Two Only Brand')
    expect(shop2.data.some((r) => r.entity_id === String(product.product_id))).toBe(false)
  })
})
