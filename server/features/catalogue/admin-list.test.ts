import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminProduct, AdminProductRow, type CreateProductInput } from '../../../common/contracts/admin-catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { type Cast, cast, staffCall } from '../../test/staff'

type Page = { data: AdminProductRow[]; meta: { total: number; page: number; perPage: number } }

describe.each(drivers)('GET /s/api/admin/products (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let all: number
  let made: AdminProduct[]
  const list = async (query: Record<string, string>): Promise<Page> => {
    const res = await staffCall(t, who.admin, 'GET', `/s/api/admin/products?${new URLSearchParams(query)}`)
    expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200)
    return res.json()
  }
  const ids = (page: Page) => page.data.map((r) => r.product_id)
  const create = async (body: CreateProductInput) => {
    const res = await staffCall(t, who.admin, 'POST', '/s/api/admin/products', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as AdminProduct
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    const site = await websiteOf(t, MAIN)
    all = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from products where website_id = ${site.id}`))[0].n
    made = [
      await create({
        product_name: 'Zebra Stripe Candy',
        brand: 'Crunchwala',
        categories: ['chocolates-sweets', 'namkeen'],
        status: 'draft',
        packs: [{ pack_name: '50 g', price: 20, act_price: 25, sku: 'ZSC-50', barcode: '8909999000011' }],
      }),
      await create({
        product_name: 'Aardvark Almond Bar',
        brand: 'Crunchwala',
        categories: ['healthy-snacks'],
        packs: [
          { pack_name: '40 g', price: 45, act_price: 50 },
          { pack_name: '6 x 40 g', price: 250, act_price: 300 },
        ],
      }),
    ]
  })
  afterAll(() => t.close())

  it('lists every product of the website in any status, 20 a page by default, with the total', async () => {
    const page = await list({})
    expect(page.meta).toEqual({ total: all + 2, page: 1, perPage: 20 })
    expect(page.data).toHaveLength(20)
    for (const row of page.data) expect(() => AdminProductRow.parse(row)).not.toThrow()
    // Newest change first: the two just made.
    expect(ids(page).slice(0, 2).sort()).toEqual(made.map((p) => p.product_id).sort())
    const bar = page.data.find((r) => r.product_id === made[1].product_id)!
    expect(bar).toMatchObject({
      product_name: 'Aardvark Almond Bar',
      brand_name: 'Crunchwala',
      status: 'active',
      packs: 2,
      min_price: 45,
      max_price: 250,
      version: 1,
      categories: [{ slug: 'healthy-snacks', name: 'Healthy Snacks' }],
    })
    expect(bar.available).toBe(0)
  })

  it('pages with 5, 10, 20, 50 or 100 rows; anything else is a 422', async () => {
    const [p1, p2] = [await list({ perPage: '5' }), await list({ perPage: '5', page: '2' })]
    expect(p2.meta).toEqual({ total: all + 2, page: 2, perPage: 5 })
    expect(ids(p1).some((id) => ids(p2).includes(id))).toBe(false)
    expect((await list({ perPage: '100', page: '999' })).data).toEqual([])
    for (const perPage of ['7', '0', '1000', 'x']) {
      const res = await staffCall(t, who.admin, 'GET', `/s/api/admin/products?perPage=${perPage}`)
      expect(res.statusCode, perPage).toBe(422)
      expect(res.json().errors.perPage).toMatch(/perPage must be/)
    }
    const badSort = await staffCall(t, who.admin, 'GET', '/s/api/admin/products?sort=cost')
    expect(badSort.statusCode).toBe(422)
  })

  it('searches by words, by SKU, barcode, slug and id', async () => {
    expect(ids(await list({ q: 'zebra stripe' }))).toEqual([made[0].product_id])
    expect(ids(await list({ q: 'zebr' }))).toContain(made[0].product_id)
    for (const q of ['ZSC-50', '8909999000011', made[1].slug, String(made[1].product_id)]) {
      expect(ids(await list({ q })), q).toContain(made[q === 'ZSC-50' || q === '8909999000011' ? 0 : 1].product_id)
    }
    expect((await list({ q: 'qqqxxxnothing' })).meta.total).toBe(0)
    expect((await list({ q: '%%%' })).meta.total).toBe(0)
  })

  it('filters by status, brand, category (any of a product’s, with subcategories) and stock', async () => {
    expect(ids(await list({ status: 'draft' }))).toEqual([made[0].product_id])
    const brand = await list({ brand: 'crunchwala', perPage: '100' })
    expect(brand.data.every((r) => r.brand_slug === 'crunchwala')).toBe(true)
    expect(ids(brand)).toEqual(expect.arrayContaining(made.map((p) => p.product_id)))
    // The candy's second category is namkeen, under snacks-namkeen.
    for (const category of ['namkeen', 'snacks-namkeen']) expect(ids(await list({ category, perPage: '100' })), category).toContain(made[0].product_id)
    expect(ids(await list({ category: 'beverages', perPage: '100' }))).not.toContain(made[0].product_id)
    expect((await list({ category: 'no-such-category' })).meta.total).toBe(0)
    expect((await list({ brand: 'no-such-brand' })).meta.total).toBe(0)
    const out = await list({ stock: 'out_of_stock', perPage: '100' })
    expect(ids(out)).toEqual(expect.arrayContaining(made.map((p) => p.product_id)))
    expect(out.data.every((r) => r.available === 0)).toBe(true)
    const inStock = await list({ stock: 'in_stock', perPage: '100' })
    expect(inStock.data.every((r) => r.available > 0)).toBe(true)
    expect(inStock.meta.total + out.meta.total).toBe(all + 2)
    const combined = await list({ status: 'active', brand: 'crunchwala', category: 'healthy-snacks', q: 'almond' })
    expect(ids(combined)).toEqual([made[1].product_id])
  })

  it('sorts by name, price, stock, status, created and updated, both ways', async () => {
    const ordered = <T>(values: T[], inOrder: (a: T, b: T) => boolean) => values.every((v, i) => i === 0 || inOrder(values[i - 1], v))
    const byName = (await list({ sort: 'name', perPage: '100' })).data.map((r) => r.product_name)
    expect(ordered(byName, (a, b) => a <= b)).toBe(true)
    expect(byName[0]).toBe('Aardvark Almond Bar')
    expect((await list({ sort: '-name' })).data[0].product_name).toBe('Zebra Stripe Candy')
    expect(
      ordered(
        (await list({ sort: 'price', perPage: '100' })).data.map((r) => r.min_price),
        (a, b) => a <= b,
      ),
    ).toBe(true)
    expect(
      ordered(
        (await list({ sort: '-price', perPage: '100' })).data.map((r) => r.min_price),
        (a, b) => a >= b,
      ),
    ).toBe(true)
    expect(
      ordered(
        (await list({ sort: '-available', perPage: '100' })).data.map((r) => r.available),
        (a, b) => a >= b,
      ),
    ).toBe(true)
    expect(
      ordered(
        (await list({ sort: 'status', perPage: '100' })).data.map((r) => r.status),
        (a, b) => a <= b,
      ),
    ).toBe(true)
    expect(
      ordered(
        (await list({ sort: 'updated_at', perPage: '100' })).data.map((r) => r.updated_at),
        (a, b) => a <= b,
      ),
    ).toBe(true)
    const created = await list({ sort: '-created_at', perPage: '5' })
    expect(ids(created).slice(0, 2)).toEqual([made[1].product_id, made[0].product_id])
  })
})
