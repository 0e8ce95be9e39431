import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Product, type Product as ProductT } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, type TestApp } from '../../test/app'

type ListBody = { data: ProductT[]; meta: { total: number; page: number; perPage: number; lastPage: number; sort: string } }

const minPrice = (p: ProductT) => Math.min(...p.packs.map((k) => k.price))
const maxDiscount = (p: ProductT) => Math.max(...p.packs.map((k) => k.discount))
const names = (list: ProductT[]) => list.map((p) => p.product_name)

function expectOrdered<T>(values: T[], inOrder: (a: T, b: T) => boolean, label: string) {
  for (let i = 1; i < values.length; i++) expect(inOrder(values[i - 1], values[i]), `${label}: ${String(values[i - 1])} then ${String(values[i])}`).toBe(true)
}

describe.each(drivers)('GET /s/api/products (%s)', (driver) => {
  let t: TestApp
  let total: number
  const list = async (query: Record<string, string>, origin?: string): Promise<ListBody> => {
    const res = await t.call({ method: 'GET', url: '/s/api/products', query, origin })
    expect(res.statusCode, JSON.stringify(query)).toBe(200)
    return res.json()
  }
  /** Every product a query matches, page by page (100 at a time). */
  const all = async (query: Record<string, string>, origin?: string) => {
    const first = await list({ ...query, perPage: '100' }, origin)
    const rest = await Promise.all(Array.from({ length: first.meta.lastPage - 1 }, (_, i) => list({ ...query, perPage: '100', page: String(i + 2) }, origin)))
    return [first, ...rest].flatMap((p) => p.data)
  }
  const column = async (name: 'popularity' | 'created_at') =>
    new Map(rowsOf<{ id: number; v: unknown }>(await t.app.deps.db.execute(sql.raw(`select id, ${name} as v from products`))).map((r) => [r.id, r.v]))

  beforeAll(async () => {
    t = await buildTestApp(driver)
    total = (await list({})).meta.total
  })
  afterAll(() => t.close())

  it('lists 24 products by popularity by default, each in the contract shape', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/products' })
    expect(res.headers['cache-control']).toBe('public, max-age=30')
    expect(res.headers.vary).toMatch(/x-web-url/)
    const { data, meta } = res.json() as ListBody
    expect(total).toBeGreaterThanOrEqual(200)
    expect(meta).toEqual({ total, page: 1, perPage: 24, lastPage: Math.ceil(total / 24), sort: 'popularity' })
    expect(data).toHaveLength(24)
    for (const p of data) {
      expect(() => Product.parse(p), p.slug).not.toThrow()
      expect(p.packs.length).toBeGreaterThanOrEqual(1)
      expect(p.packs.length).toBeLessThanOrEqual(4)
      expect(p.image).toBe(p.medias[0].src)
      for (const k of p.packs) expect(k.price).toBeLessThanOrEqual(k.act_price)
    }
    const popularity = await column('popularity')
    expectOrdered(
      data.map((p) => Number(popularity.get(p.product_id))),
      (a, b) => a >= b,
      'popularity',
    )
  })

  it('pages through the whole list without repeats or gaps', async () => {
    const [p1, p2] = await Promise.all([list({}), list({ page: '2' })])
    expect(p2.meta.page).toBe(2)
    const ids1 = new Set(p1.data.map((p) => p.product_id))
    expect(p2.data.some((p) => ids1.has(p.product_id))).toBe(false)
    const everything = await all({})
    expect(everything).toHaveLength(total)
    expect(new Set(everything.map((p) => p.product_id)).size).toBe(total)
    const five = await list({ perPage: '5' })
    expect(five.data).toHaveLength(5)
    expect(five.meta).toMatchObject({ perPage: 5, lastPage: Math.ceil(total / 5) })
    expect(five.data.map((p) => p.product_id)).toEqual(p1.data.slice(0, 5).map((p) => p.product_id))
  })

  it('answers a page beyond the end with an empty list and the right total', async () => {
    const { data, meta } = await list({ page: '999' })
    expect(data).toEqual([])
    expect(meta).toEqual({ total, page: 999, perPage: 24, lastPage: Math.ceil(total / 24), sort: 'popularity' })
  })

  it('orders by every sort key', async () => {
    const byPrice = await all({ s: 'price_asc' })
    expectOrdered(byPrice.map(minPrice), (a, b) => a <= b, 'price_asc')
    expect(byPrice).toHaveLength(total)
    expectOrdered((await all({ s: 'price_desc' })).map(minPrice), (a, b) => a >= b, 'price_desc')
    const byDiscount = await all({ s: 'discount' })
    expectOrdered(byDiscount.map(maxDiscount), (a, b) => a >= b, 'discount')
    expect(maxDiscount(byDiscount[0])).toBeGreaterThan(0)
    const created = await column('created_at')
    expectOrdered(
      (await all({ s: 'newest' })).map((p) => new Date(created.get(p.product_id) as string).getTime()),
      (a, b) => a >= b,
      'newest',
    )
    const byName = names(await all({ s: 'name' }))
    expectOrdered(byName, (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) <= 0, 'name')
    expect((await list({ s: 'name' })).meta.sort).toBe('name')
  })

  it('finds products by words, prefixes and typos, most relevant first', async () => {
    const basmati = await list({ q: 'basmati' })
    expect(basmati.meta.sort).toBe('relevance')
    expect(basmati.data[0].product_name).toContain('Basmati')
    expect(names(basmati.data)).toEqual(
      expect.arrayContaining(['Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice']),
    )
    for (const q of ['basm', 'basmatti', 'BASMATI', '  basmati  ', 'basmati%']) {
      const found = await list({ q })
      expect(found.data[0]?.product_name, q).toContain('Basmati')
      expect(names(found.data), q).toContain('Kesar Valley Basmati Rice')
    }
    const toor = await list({ q: 'toor dal' })
    expect(names(toor.data).slice(0, 2).sort()).toEqual(['Kesar Valley Unpolished Toor Dal', 'Sona Khet Toor Dal'])
    expect((await list({ q: 'basmati', s: 'price_desc' })).meta.sort).toBe('price_desc')
    expect((await list({ q: 'zzqqxxnotaproduct' })).meta.total).toBe(0)
  })

  it('answers search text with SQL and LIKE meta-characters, up to 100 characters', async () => {
    for (const q of ['%', '_', "'", '\\', "'; drop table products; --", '%_%', 'a'.repeat(100), 'rice & | ! :* ( )', '🍚 चावल']) {
      const res = await t.call({ method: 'GET', url: '/s/api/products', query: { q } })
      expect(res.statusCode, q).toBe(200)
      expect(Array.isArray(res.json().data)).toBe(true)
    }
    expect((await list({ q: "basmati' or '1'='1" })).meta.total).toBeLessThan(total)
    const tooLong = await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'a'.repeat(101) } })
    expect(tooLong.statusCode).toBe(422)
    expect(tooLong.json()).toEqual({
      message: 'Search text is limited to 100 characters',
      code: 'invalid',
      errors: { q: 'Search text is limited to 100 characters' },
    })
  })

  it('filters by a top-level category including its subcategories, and by a subcategory', async () => {
    const top = await all({ c: 'atta-rice-dals' })
    const subs = ['atta-flours', 'rice', 'dals-pulses']
    expect(new Set(top.map((p) => p.category_slug))).toEqual(new Set(subs))
    const counts = await Promise.all(subs.map(async (c) => (await list({ c })).meta.total))
    expect(top).toHaveLength(counts.reduce((a, b) => a + b, 0))
    const rice = await all({ c: 'rice' })
    expect(rice.length).toBeGreaterThan(0)
    for (const p of rice) expect(p.category_slug).toBe('rice')
    const two = await list({ c: 'rice,dals-pulses' })
    expect(two.meta.total).toBe(counts[1] + counts[2])
    expect((await list({ c: 'RICE, rice,,' })).meta.total).toBe(counts[1])
    expect((await list({ c: 'no-such-category' })).meta.total).toBe(0)
  })

  it('treats an empty category or brand list as no filter', async () => {
    for (const query of [{ c: '' }, { c: ',,,' }, { b: '' }, { b: ' , ' }, { c: '', b: '' }] as Record<string, string>[]) {
      expect((await list(query)).meta.total, JSON.stringify(query)).toBe(total)
    }
    expect((await list({ c: ',rice,' })).meta.total).toBe((await list({ c: 'rice' })).meta.total)
  })

  it('filters by brand, and by category and brand together', async () => {
    const kesar = await all({ b: 'kesar-valley' })
    expect(kesar.length).toBeGreaterThan(0)
    for (const p of kesar) expect(p).toMatchObject({ brand_slug: 'kesar-valley', brand_name: 'Kesar Valley' })
    const both = await all({ c: 'rice', b: 'kesar-valley' })
    expect(both.length).toBeGreaterThan(0)
    expect(both.length).toBeLessThan(kesar.length)
    for (const p of both) expect(p).toMatchObject({ brand_slug: 'kesar-valley', category_slug: 'rice' })
    expect(both.map((p) => p.product_id).sort()).toEqual(
      kesar
        .filter((p) => p.category_slug === 'rice')
        .map((p) => p.product_id)
        .sort(),
    )
    const withSearch = await list({ c: 'rice', b: 'kesar-valley', q: 'basmati' })
    expect(names(withSearch.data).sort()).toEqual(['Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice'])
  })

  it.each([
    ['page=0', 'page', 'page must be 1 or more'],
    ['page=-1', 'page', 'page must be 1 or more'],
    ['page=1.5', 'page', 'page must be a whole number'],
    ['page=NaN', 'page', 'page must be a whole number'],
    ['page=1e9', 'page', 'page is too large'],
    ['perPage=0', 'perPage', 'perPage must be 1 or more'],
    ['perPage=-1', 'perPage', 'perPage must be 1 or more'],
    ['perPage=10000', 'perPage', 'perPage is at most 100'],
    ['s=price%20desc', 's', 'Sort must be one of: relevance, popularity, price_asc, price_desc, discount, newest, name'],
    ['s=price%3B--', 's', 'Sort must be one of: relevance, popularity, price_asc, price_desc, discount, newest, name'],
    ['s=(CASE%20WHEN%201%3D1%20THEN%20price%20END)', 's', 'Sort must be one of: relevance, popularity, price_asc, price_desc, discount, newest, name'],
    ['s=pg_sleep(5)', 's', 'Sort must be one of: relevance, popularity, price_asc, price_desc, discount, newest, name'],
    [`c=${Array.from({ length: 51 }, (_, i) => `cat-${i}`).join(',')}`, 'c', 'At most 50 values'],
    ["c=rice'", 'c.0', 'Invalid slug'],
    ['c=%22rice%22', 'c.0', 'Invalid slug'],
    ["b=kesar-valley,x'%20or%201%3D1", 'b.1', 'Invalid slug'],
  ])('rejects %s with 422 and a field error', async (qs, field, message) => {
    const started = Date.now()
    const res = await t.call({ method: 'GET', url: `/s/api/products?${qs}` })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ message, code: 'invalid', errors: { [field]: message } })
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe.each(drivers)('GET /s/api/products/{id} and tenancy (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver)
  })
  afterAll(() => t.close())

  it('answers one product by slug and by id, with packs, medias and brand', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/products/kesar-valley-basmati-rice' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=30')
    const product = Product.parse(res.json())
    expect(product).toMatchObject({ product_name: 'Kesar Valley Basmati Rice', brand_name: 'Kesar Valley', brand_slug: 'kesar-valley', category_slug: 'rice' })
    expect(product.packs.map((k) => k.pack_name)).toEqual(['1 kg', '5 kg'])
    expect(product.medias).toEqual([{ src: 'demo/products/kesar-valley-basmati-rice.webp' }])
    expect(product.product_description).toBeTruthy()
    const byId = await t.call({ method: 'GET', url: `/s/api/products/${product.product_id}` })
    expect(byId.statusCode).toBe(200)
    expect(byId.json()).toEqual(res.json())
    expect((await t.call({ method: 'GET', url: '/s/api/products/Kesar-Valley-Basmati-Rice' })).json().product_id).toBe(product.product_id)
  })

  it('answers an unknown product with 404 and a message', async () => {
    for (const id of ['no-such-product', '999999', '0']) {
      const res = await t.call({ method: 'GET', url: `/s/api/products/${id}` })
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ message: 'This product is not available', code: 'not_found' })
    }
  })

  it('refuses injection-shaped ids with 422, never 500', async () => {
    for (const id of ['1%20OR%201%3D1', "1'", '1%3Bselect%201', "kesar-valley-basmati-rice'--", '%00']) {
      const res = await t.call({ method: 'GET', url: `/s/api/products/${id}` })
      expect(res.statusCode, id).toBe(422)
      expect(res.json()).toEqual({ message: 'Invalid product id or slug', code: 'invalid', errors: { id: 'Invalid product id or slug' } })
    }
  })

  it("never shows one website's product through another website's origin", async () => {
    const mainProduct = (await t.call({ method: 'GET', url: '/s/api/products/kesar-valley-basmati-rice' })).json() as ProductT
    for (const id of [mainProduct.slug, String(mainProduct.product_id)]) {
      const res = await t.call({ method: 'GET', url: `/s/api/products/${id}`, origin: 'http://shop2.localhost:3000' })
      expect(res.statusCode, id).toBe(404)
      expect(res.json().message).toBe('This product is not available')
    }
    const shop2First = ((await t.call({ method: 'GET', url: '/s/api/products', origin: 'http://shop2.localhost:3000' })).json() as ListBody).data[0]
    expect((await t.call({ method: 'GET', url: `/s/api/products/${shop2First.slug}`, origin: 'http://shop2.localhost:3000' })).json().product_id).toBe(
      shop2First.product_id,
    )
    expect((await t.call({ method: 'GET', url: `/s/api/products/${shop2First.product_id}` })).statusCode).toBe(404)
  })

  it('lists only the catalogue subset of shop2', async () => {
    const shop2 = 'http://shop2.localhost:3000'
    const mainTotal = ((await t.call({ method: 'GET', url: '/s/api/products' })).json() as ListBody).meta.total
    const init = (await t.call({ method: 'GET', url: '/s/api/init', origin: shop2 })).json() as { categories: { slug: string; children: { slug: string }[] }[] }
    const allowed = new Set(init.categories.flatMap((c) => c.children.map((s) => s.slug)))
    const first = (await t.call({ method: 'GET', url: '/s/api/products', query: { perPage: '100' }, origin: shop2 })).json() as ListBody
    expect(first.meta.total).toBeGreaterThan(0)
    expect(first.meta.total).toBeLessThan(mainTotal)
    const pages = await Promise.all(
      Array.from({ length: first.meta.lastPage }, (_, i) =>
        t.call({ method: 'GET', url: '/s/api/products', query: { perPage: '100', page: String(i + 1) }, origin: shop2 }),
      ),
    )
    const products = pages.flatMap((r) => (r.json() as ListBody).data)
    expect(products).toHaveLength(first.meta.total)
    for (const p of products) expect(allowed.has(p.category_slug), p.category_slug).toBe(true)
    const foreign = await t.call({ method: 'GET', url: '/s/api/products', query: { c: 'atta-rice-dals' }, origin: shop2 })
    expect(foreign.json().meta.total).toBe(0)
    const search = (await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'basmati rice' }, origin: shop2 })).json() as ListBody
    expect(search.data.filter((p) => p.product_name.includes('Basmati Rice'))).toEqual([])
  })
})
