import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductListQuery, Sort } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { brands as seedBrands, categories as seedCategories } from '../../db/seed/data/catalogue'
import { websites } from '../../db/schema/sites'
import { createAppCaches } from '../../platform/cache'
import type { CacheBus } from '../../platform/cache-bus'
import type { RequestCtx } from '../../platform/request-context'
import { buildTestApp, buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { staffCall } from '../../test/staff'
import { signIn } from '../../test/shopper'
import { until } from '../../test/wait'
import * as catalogue from './service'
import { stockSnapshots, STOCK_FRESH_MS } from './shelf-stock'

const SORTS: Sort[] = ['relevance', 'popularity', 'price_asc', 'price_desc', 'discount', 'newest', 'name']
const tops = seedCategories.map((c) => c.slug)
const subs = seedCategories.flatMap((c) => c.children.map((k) => k.slug))
const brandSlugs = seedBrands.map((b) => b.slug)

/** A spread of list queries: every sort, categories (with and without children), brands, both, pages, unknown slugs, searches. */
function listQueries(): ProductListQuery[] {
  const q = (over: Partial<ProductListQuery>): ProductListQuery => ({ page: 1, perPage: 24, ...over })
  const out: ProductListQuery[] = []
  for (const s of SORTS) out.push(q({ s }), q({ s, page: 3 }), q({ s, perPage: 100, page: 2 }))
  tops.forEach((c, i) => out.push(q({ c: [c], s: SORTS[i % SORTS.length] })))
  subs.forEach((c, i) => out.push(q({ c: [c], s: SORTS[(i + 3) % SORTS.length], perPage: 5, page: 1 + (i % 3) })))
  brandSlugs.forEach((b, i) => out.push(q({ b: [b], s: SORTS[(i + 1) % SORTS.length], perPage: 7, page: 1 + (i % 2) })))
  out.push(
    q({ c: [tops[0]!, subs[4]!], b: [brandSlugs[0]!, brandSlugs[1]!], s: 'price_asc' }),
    q({ c: [tops[1]!], b: [brandSlugs[2]!], perPage: 3, page: 2 }),
    q({ c: ['no-such-aisle'] }),
    q({ b: ['no-such-brand'], s: 'name' }),
    q({ c: [], b: [] }),
    q({ page: 1000 }),
    q({ c: [subs[0]!], page: 50 }),
  )
  for (const text of ['atta', 'aata', 'आटा', 'basmatti chawal', 'toor', 'masala', 'ghee 500ml', 'zzqqxx', '  ', 'b'])
    out.push(q({ q: text }), q({ q: text, s: 'price_desc', page: 2, perPage: 5 }), q({ q: text, c: [tops[2]!], b: [brandSlugs[0]!] }))
  return out
}

/** The same app's database, read as it is while nothing may be kept in memory (the SQL path). */
const bareCaches = () => createAppCaches({ live: () => false, onDrop: () => () => {}, invalidateWebsite: async () => {} } as unknown as CacheBus)

describe.each(drivers)('the shelf (in-process read model) answers as the database does (%s)', (driver) => {
  let t: TestApp
  let shelfCtx: RequestCtx
  let dbCtx: RequestCtx
  let websiteId: number

  beforeAll(async () => {
    t = await buildTestApp(driver)
    const { db } = t.app.deps
    websiteId = (await t.call({ method: 'GET', url: '/s/api/init' })).json().web.id
    const [site] = await db.select().from(websites).where(eq(websites.id, websiteId))
    // Stock of every kind at the default warehouse: none left, all reserved, no row at all.
    await db.execute(
      sql`update stock set quantity = 0, reserved = 0 where pack_id in (select id from packs where website_id = ${websiteId} order by id limit 7)`,
    )
    await db.execute(sql`update stock set reserved = quantity where pack_id in (select id from packs where website_id = ${websiteId} order by id desc limit 5)`)
    await db.execute(sql`delete from stock where pack_id in (select id from packs where website_id = ${websiteId} order by id limit 3 offset 20)`)
    // A renamed product (found by its old slug) and a draft one (found by neither).
    const [renamed, draft] = rowsOf<{ id: number; slug: string }>(
      await db.execute(sql`select id, slug from products where website_id = ${websiteId} and status = 'active' order by id limit 2 offset 10`),
    )
    await db.execute(sql`update products set slug = ${`${renamed!.slug}-new`} where id = ${renamed!.id}`)
    await db.execute(sql`insert into product_slug_redirects (website_id, slug, product_id) values (${websiteId}, ${renamed!.slug}, ${renamed!.id})`)
    await db.execute(sql`update products set status = 'draft' where id = ${draft!.id}`)
    await t.app.deps.caches.invalidateWebsite(websiteId)
    const base = { db, config: t.app.deps.config, site: site!, session: null, user: null }
    shelfCtx = { ...base, caches: t.app.deps.caches }
    dbCtx = { ...base, caches: bareCaches() }
  })
  afterAll(() => t.close())

  it('lists: the same bytes for every sort, filter, page and search', async () => {
    const queries = listQueries()
    expect(queries.length).toBeGreaterThan(100)
    for (const query of queries) {
      const [fromShelf, fromDb] = [await catalogue.listProducts(shelfCtx, query), await catalogue.listProducts(dbCtx, query)]
      expect(fromShelf.json, JSON.stringify(query)).toBe(fromDb.json)
    }
    // the spread covers what it should: empty answers, stock both ways, several pages
    const all = await catalogue.listProducts(shelfCtx, { page: 1, perPage: 100 })
    const packs = all.value.data.flatMap((p) => p.packs)
    expect(packs.some((k) => k.in_stock) && packs.some((k) => !k.in_stock)).toBe(true)
    expect((await catalogue.listProducts(shelfCtx, { page: 1, perPage: 24, c: ['no-such-aisle'] })).value.meta.total).toBe(0)
  })

  it('products: by slug, id, earlier slug; drafts and unknown ones not at all', async () => {
    const { db } = t.app.deps
    const rows = rowsOf<{ id: number; slug: string; status: string }>(
      await db.execute(sql`select id, slug, status from products where website_id = ${websiteId} order by id`),
    )
    const moved = rowsOf<{ slug: string }>(await db.execute(sql`select slug from product_slug_redirects where website_id = ${websiteId}`))
    const keys = [...rows.flatMap((r) => [r.slug, String(r.id), r.slug.toUpperCase()]), ...moved.map((m) => m.slug), 'no-such-product', '999999999', '0']
    expect(rows.some((r) => r.status === 'draft')).toBe(true)
    let found = 0
    for (const key of keys) {
      const [fromShelf, fromDb] = [await catalogue.getProduct(shelfCtx, key), await catalogue.getProduct(dbCtx, key)]
      expect(fromShelf?.json ?? null, key).toBe(fromDb?.json ?? null)
      if (fromShelf) found++
    }
    expect(found).toBe(3 * (rows.length - 1) + moved.length)
  })
})

describe('the stock snapshot', () => {
  it('answers from one read while fresh, then from the old one while a new one is read', async () => {
    let clock = 0
    let reads = 0
    let soldOut = [1]
    const snapshots = stockSnapshots(
      async () => {
        reads++
        return soldOut
      },
      () => clock,
    )
    expect(snapshots.at(null)).toBeNull()
    expect([...(await snapshots.at(7)!).soldOut]).toEqual([1])
    soldOut = [1, 2]
    clock = STOCK_FRESH_MS
    expect([...(await snapshots.at(7)!).soldOut]).toEqual([1])
    expect(reads).toBe(1)
    clock = STOCK_FRESH_MS + 1
    expect([...(await snapshots.at(7)!).soldOut], 'the old one while the new one is read').toEqual([1])
    await until(async () => (await snapshots.at(7)!).soldOut.size === 2, 10_000, 'the new snapshot')
    expect([...(await snapshots.at(7)!).soldOut]).toEqual([1, 2])
    expect(reads).toBe(2)
    clock = 60_000
    soldOut = []
    expect([...(await snapshots.at(7)!).soldOut], 'too old to show: waits for a new one').toEqual([])
  })
})

describe.runIf(drivers.includes('postgres'))('the shelf in two app processes', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    ;[a, b] = (await buildTestAppsOnOneDatabase(2)).apps
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it("a staff write in A drops B's shelf: B's list, product and search show it within a second", async () => {
    const get = async (app: TestApp, url: string) => (await app.call({ method: 'GET', url })).json()
    const [first] = (await get(b, '/s/api/products?perPage=1')).data
    const admin = await signIn(a, '9876500001')
    const product = (await staffCall(a, admin, 'GET', `/s/api/admin/products/${first.product_id}`)).json()
    const res = await staffCall(a, admin, 'PATCH', `/s/api/admin/products/${first.product_id}`, {
      version: product.version,
      product_name: 'Zanzibar Clove Honey',
      packs: product.packs.map((k: { pack_id: number; pack_name: string; act_price: number; sku: string | null }, i: number) => ({
        pack_id: k.pack_id,
        pack_name: k.pack_name,
        price: i === 0 ? 1 : k.act_price,
        act_price: k.act_price,
        sku: k.sku,
      })),
    })
    expect(res.statusCode, res.body).toBe(200)
    await until(async () => (await get(b, `/s/api/products/${first.slug}`)).product_name === 'Zanzibar Clove Honey', 1000, 'B to show the product changed')
    expect((await get(b, `/s/api/products/${first.slug}`)).packs[0].price).toBe(1)
    expect((await get(b, '/s/api/products?s=price_asc&perPage=1')).data[0].product_id).toBe(first.product_id)
    expect((await get(b, '/s/api/products?q=zanzibar')).data.map((p: { product_id: number }) => p.product_id)).toEqual([first.product_id])
  })
})
