import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminProduct, type CreateProductInput } from '../../../common/contracts/admin-catalogue'
import { Product } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { auditFor, auditOf, type Cast, cast, staffCall } from '../../test/staff'
import { websiteOf } from '../../test/shopper'
import { listProductSlugs } from './queries'

const URL = '/s/api/admin/products'

// biome-ignore lint/suspicious/noExportsInTest: the other staff catalogue tests build their products with it
export const newProduct = (over: Partial<CreateProductInput> = {}): CreateProductInput => ({
  product_name: 'Tulsi Green Tea',
  brand: 'Himalayan Leaf',
  categories: ['beverages'],
  product_description: '<p>Whole-leaf green tea with <strong>tulsi</strong>.</p>',
  packs: [
    { pack_name: '100 g', price: 149.5, act_price: 180, sku: 'HL-TULSI-100' },
    { pack_name: '250 g', price: 320, act_price: 320 },
  ],
  ...over,
})

describe.each(drivers)('staff products (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let mainId: number
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => staffCall(t, who.admin, method, url, payload)
  const create = async (over: Partial<CreateProductInput> = {}) => {
    const res = await admin('POST', URL, newProduct(over))
    expect(res.statusCode, res.body).toBe(201)
    return AdminProduct.parse(res.json())
  }
  const count = async (table: string) => rowsOf<{ n: number }>(await t.app.deps.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n
  const storefront = (slug: string, origin = MAIN) => t.call({ method: 'GET', url: `/s/api/products/${slug}`, origin })

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    mainId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  it('creates a product as CONTRACT fixes it: 201 in the spec’s product shape, the new brand made, audited', async () => {
    const brandsBefore = await count('brands')
    const res = await admin('POST', URL, newProduct({ categories: ['beverages', 'healthy-snacks'] }))
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(() => Product.parse(body)).not.toThrow()
    const p = AdminProduct.parse(body)
    expect(p).toMatchObject({
      product_name: 'Tulsi Green Tea',
      slug: 'tulsi-green-tea',
      brand_name: 'Himalayan Leaf',
      brand_slug: 'himalayan-leaf',
      category_slug: 'beverages',
      categories: ['beverages', 'healthy-snacks'],
      status: 'active',
      version: 1,
      product_description: '<p>Whole-leaf green tea with <strong>tulsi</strong>.</p>',
    })
    expect(p.packs.map((k) => [k.pack_name, k.price, k.act_price, k.discount, k.sku])).toEqual([
      ['100 g', 149.5, 180, 17, 'HL-TULSI-100'],
      ['250 g', 320, 320, 0, null],
    ])
    expect(p.packs.every((k) => k.pack_id > 0)).toBe(true)
    expect(await count('brands')).toBe(brandsBefore + 1)

    const rows = await auditOf(t, res)
    expect(rows.map((r) => [r.action, r.entity, r.userId, r.websiteId])).toEqual([
      ['brand.create', 'brand', who.admin.userId, mainId],
      ['product.create', 'product', who.admin.userId, mainId],
    ])
    expect(rows[1]).toMatchObject({ entityId: String(p.product_id), before: null })
    expect(rows[1].after).toMatchObject({
      product_name: 'Tulsi Green Tea',
      version: 1,
      brand: 'Himalayan Leaf',
      packs: [{ price: 149.5, sku: 'HL-TULSI-100' }, { price: 320 }],
    })

    // The storefront has it at once: by slug, by either category, by search, with the brand's name searchable.
    const shown = await storefront('tulsi-green-tea')
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toMatchObject({ product_id: p.product_id, category_slug: 'beverages', packs: [{ price: 149.5 }, { price: 320 }] })
    for (const query of [{ c: 'healthy-snacks' }, { c: 'snacks-namkeen' }, { c: 'beverages' }, { q: 'tulsi' }, { q: 'himalayan leaf' }] as Record<
      string,
      string
    >[]) {
      const list = await t.call({ method: 'GET', url: '/s/api/products', query: { ...query, perPage: '100' } })
      expect(
        list.json().data.map((x: { product_id: number }) => x.product_id),
        JSON.stringify(query),
      ).toContain(p.product_id)
    }
  })

  it('uses an existing brand by name in any case, and makes slugs unique', async () => {
    const brandsBefore = await count('brands')
    const a = await create({ product_name: 'Masala Chai Mix', brand: 'himalayan LEAF', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    const b = await create({ product_name: 'Masala Chai Mix', brand: 'Himalayan Leaf', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    expect(await count('brands')).toBe(brandsBefore)
    expect([a.brand_name, b.brand_name]).toEqual(['Himalayan Leaf', 'Himalayan Leaf'])
    expect([a.slug, b.slug]).toEqual(['masala-chai-mix', 'masala-chai-mix-2'])
  })

  it('keeps drafts and archived products off the storefront, the cart and the sitemap', async () => {
    const draft = await create({
      product_name: 'Secret Draft Biscuit',
      status: 'draft',
      packs: [{ pack_name: '1 pc', price: 5, act_price: 5, sku: 'DRAFT-1' }],
    })
    expect(draft.status).toBe('draft')
    expect((await storefront(draft.slug)).statusCode).toBe(404)
    expect((await storefront(String(draft.product_id))).statusCode).toBe(404)
    const search = await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'secret draft biscuit' } })
    expect(search.json().data.map((x: { slug: string }) => x.slug)).not.toContain(draft.slug)
    const visitor = await t.visitor()
    const add = await t.call({
      method: 'POST',
      url: '/s/api/cart/add',
      session: visitor,
      payload: { pack_id: draft.packs[0].pack_id, warehouse_id: draft.packs[0].warehouse_id },
    })
    expect(add.statusCode).toBe(404)
    expect((await listProductSlugs(t.app.deps.db, mainId)).map((r) => r.slug)).not.toContain(draft.slug)

    const live = await create({ product_name: 'Soon Archived Rusk', packs: [{ pack_name: '1 pc', price: 5, act_price: 5 }] })
    expect((await storefront(live.slug)).statusCode).toBe(200)
    const archived = await admin('PATCH', `${URL}/${live.product_id}`, { version: 1, status: 'archived' })
    expect(archived.statusCode, archived.body).toBe(200)
    expect((await storefront(live.slug)).statusCode).toBe(404)
    // Staff still see both.
    expect((await admin('GET', `${URL}/${draft.product_id}`)).json().status).toBe('draft')
    expect((await admin('GET', `${URL}/${live.product_id}`)).json().status).toBe('archived')
  })

  it('refuses bad input with 422 on the field, writing nothing', async () => {
    const existing = await create({
      product_name: 'Code Holder',
      packs: [{ pack_name: '1 kg', price: 50, act_price: 60, sku: 'TAKEN-SKU', barcode: '8901234567890' }],
    })
    const products = await count('products')
    const audit = await count('audit_log')
    const pack = (over: object) => ({ pack_name: '1 kg', price: 10, act_price: 12, ...over })
    const cases: [string, Partial<CreateProductInput> | Record<string, unknown>, Record<string, string>][] = [
      ['negative price', { packs: [pack({ price: -5 })] }, { 'packs.0.price': 'Price must be more than 0' }],
      ['zero MRP', { packs: [pack({ act_price: 0 })] }, { 'packs.0.act_price': 'MRP must be more than 0' }],
      ['non-numeric price', { packs: [pack({ price: '12.50' })] }, { 'packs.0.price': 'Price must be a number' }],
      ['price above MRP', { packs: [pack({ price: 13 })] }, { 'packs.0.price': 'Price cannot be more than the MRP' }],
      ['three decimals', { packs: [pack({ price: 9.999 })] }, { 'packs.0.price': 'Price may have at most two decimals' }],
      ['less than a paisa', { packs: [pack({ price: 1e-9 })] }, { 'packs.0.price': 'Price must be at least ₹0.01' }],
      ['no packs', { packs: [] }, { packs: 'Add at least one pack' }],
      ['no category', { categories: [] }, { categories: 'Choose at least one category' }],
      ['unknown category', { categories: ['beverages', 'no-such-aisle'] }, { categories: 'Unknown category: no-such-aisle' }],
      ['taken slug', { slug: existing.slug }, { slug: 'Another product already uses this slug' }],
      ['bad slug', { slug: 'Not A Slug!' }, { slug: 'Slug may have only a–z, 0–9 and single dashes' }],
      ['taken SKU', { packs: [pack({ sku: 'TAKEN-SKU' })] }, { 'packs.0.sku': 'This SKU is already used by “Code Holder”' }],
      ['taken barcode', { packs: [pack({ barcode: '8901234567890' })] }, { 'packs.0.barcode': 'This barcode is already used by “Code Holder”' }],
      ['SKU twice', { packs: [pack({ sku: 'TWIN' }), pack({ pack_name: '2 kg', sku: 'TWIN' })] }, { 'packs.1.sku': 'Two packs have this SKU' }],
      ['GST rate', { gst_rate: 7 }, { gst_rate: 'GST rate must be one of 0, 5, 12, 18, 28 %' }],
      ['HSN code', { hsn_code: '12' }, { hsn_code: 'HSN code has 4, 6 or 8 digits' }],
      ['cess fraction', { cess_rate: 1.5 }, { cess_rate: 'Cess must be a whole percent' }],
      ['cess too high', { cess_rate: 300 }, { cess_rate: 'Cess is at most 290 %' }],
      ['cess negative', { cess_rate: -1 }, { cess_rate: 'Cess cannot be negative' }],
      ['cess text', { cess_rate: '12' }, { cess_rate: 'Cess must be a number' }],
      ['status', { status: 'archived' }, { status: 'Status must be active or draft' }],
      ['unknown field', { cost_price: 5 }, {}],
    ]
    for (const [label, over, errors] of cases) {
      const res = await admin('POST', URL, { ...newProduct({ product_name: `Bad ${label}` }), ...over })
      expect(res.statusCode, label).toBe(422)
      if (Object.keys(errors).length) expect(res.json().errors, label).toMatchObject(errors)
    }
    expect(await count('products')).toBe(products)
    expect(await count('audit_log')).toBe(audit)
  })

  it('edits with the version it read; a stale save gets 409 with the current product and what changed', async () => {
    const p = await create({
      product_name: 'Cold Brew Coffee',
      product_description: null,
      packs: [{ pack_name: '200 ml', price: 90, act_price: 100, sku: 'CB-200' }],
    })
    // Two editors read version 1.
    const first = await admin('PATCH', `${URL}/${p.product_id}`, {
      version: 1,
      product_name: 'Cold Brew Coffee Original',
      packs: [{ pack_id: p.packs[0].pack_id, pack_name: '200 ml', price: 85, act_price: 100, sku: 'CB-200' }],
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ version: 2, product_name: 'Cold Brew Coffee Original', packs: [{ pack_id: p.packs[0].pack_id, price: 85 }] })
    const second = await admin('PATCH', `${URL}/${p.product_id}`, { version: 1, product_description: '<p>Mine</p>' })
    expect(second.statusCode).toBe(409)
    const body = second.json()
    expect(body).toMatchObject({ code: 'stale', current: { version: 2, product_name: 'Cold Brew Coffee Original' } })
    expect(body.message).toMatch(/changed by someone else/)
    expect(body.changed.sort()).toEqual(['packs', 'product_name'])
    expect(() => AdminProduct.parse(body.current)).not.toThrow()
    // Nothing of the stale save was written; saving on the current version works.
    expect((await admin('GET', `${URL}/${p.product_id}`)).json()).toMatchObject({ version: 2, product_description: null })
    const retry = await admin('PATCH', `${URL}/${p.product_id}`, { version: 2, product_description: '<p>Mine</p>' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json().version).toBe(3)

    const [latest] = await auditFor(t, mainId, 'product', p.product_id)
    expect(latest).toMatchObject({ action: 'product.update', userId: who.admin.userId })
    expect(latest.before).toMatchObject({ version: 2, product_description: null })
    expect(latest.after).toMatchObject({ version: 3, product_description: '<p>Mine</p>' })
  })

  it('changes packs: keeps by pack_id, adds new ones, removes the rest; codes may move between its packs', async () => {
    const p = await create({
      product_name: 'Pack Shuffle Dal',
      packs: [
        { pack_name: '500 g', price: 60, act_price: 70, sku: 'PS-A' },
        { pack_name: '1 kg', price: 110, act_price: 130, sku: 'PS-B' },
      ],
    })
    const [a, b] = p.packs
    const res = await admin('PATCH', `${URL}/${p.product_id}`, {
      version: 1,
      packs: [
        { pack_id: b.pack_id, pack_name: '1 kg', price: 105, act_price: 130, sku: 'PS-A', weight_grams: 1000 },
        { pack_name: '5 kg', price: 480, act_price: 600, sku: 'PS-C', barcode: '8900000000017' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const after = AdminProduct.parse(res.json())
    expect(after.packs.map((k) => [k.pack_id === b.pack_id, k.pack_name, k.price, k.sku, k.weight_grams, k.position])).toEqual([
      [true, '1 kg', 105, 'PS-A', 1000, 0],
      [false, '5 kg', 480, 'PS-C', null, 1],
    ])
    expect(after.packs.some((k) => k.pack_id === a.pack_id)).toBe(false)
    // The storefront sorts by the new lowest price.
    const row = rowsOf<{ min_price_paise: number; max_discount: number }>(
      await t.app.deps.db.execute(sql`select min_price_paise, max_discount from products where id = ${p.product_id}`),
    )[0]
    expect(row).toEqual({ min_price_paise: 10500, max_discount: 20 })

    const foreign = await admin('PATCH', `${URL}/${p.product_id}`, { version: 2, packs: [{ pack_id: 1, pack_name: 'x', price: 1, act_price: 1 }] })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().errors).toEqual({ 'packs.0.pack_id': 'This pack is not one of this product’s' })

    // A pack whose stock open orders hold cannot go.
    const [held, kept] = after.packs
    await t.app.deps.db.execute(
      sql`insert into stock (pack_id, warehouse_id, quantity, reserved) select ${held.pack_id}, id, 5, 2 from warehouses where website_id = ${mainId} limit 1`,
    )
    const removing = await admin('PATCH', `${URL}/${p.product_id}`, {
      version: 2,
      packs: [{ pack_id: kept.pack_id, pack_name: '5 kg', price: 480, act_price: 600 }],
    })
    expect(removing.statusCode).toBe(422)
    expect(removing.json().errors).toEqual({ packs: '“1 kg” cannot be removed: open orders hold its stock' })
    expect((await admin('GET', `${URL}/${p.product_id}`)).json().packs).toHaveLength(2)
  })

  it('refuses an unknown brand, unknown category and taken slug on edit', async () => {
    const p = await create({ product_name: 'Edit Refusals Oats', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    const res = await admin('PATCH', `${URL}/${p.product_id}`, { version: 1, brand: 'Nobody Makes This', categories: ['nope'], slug: 'tulsi-green-tea' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      brand: 'There is no brand “Nobody Makes This”: add it under Brands first',
      categories: 'Unknown category: nope',
      slug: 'Another product already uses this slug',
    })
    expect((await admin('GET', `${URL}/${p.product_id}`)).json().version).toBe(1)
  })

  it('changes the slug; the old one still opens the product on the storefront', async () => {
    const p = await create({ product_name: 'Old Name Poha', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    const res = await admin('PATCH', `${URL}/${p.product_id}`, { version: 1, product_name: 'New Name Poha', slug: 'new-name-poha' })
    expect(res.json()).toMatchObject({ slug: 'new-name-poha', product_name: 'New Name Poha' })
    for (const slug of ['old-name-poha', 'new-name-poha']) {
      const shown = await storefront(slug)
      expect(shown.statusCode, slug).toBe(200)
      expect(shown.json()).toMatchObject({ product_id: p.product_id, slug: 'new-name-poha' })
    }
    // A new product may take the freed slug: it wins over the redirect.
    const taker = await create({ product_name: 'Old Name Poha', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    expect(taker.slug).toBe('old-name-poha')
    expect((await storefront('old-name-poha')).json().product_id).toBe(taker.product_id)
  })

  it('shows every staff write on the storefront at once: the catalogue and page caches are dropped', async () => {
    const page = async () => (await t.call({ method: 'GET', url: '/s/api/page/data/' })).json().data as { type: string; response: unknown }[]
    const carousel = async () =>
      (await page()).filter((b) => b.type === 'product_carousel').flatMap((b) => b.response as { product_id: number; product_name: string; slug: string }[])
    const shown = (await carousel())[0]
    const before = await storefront(shown.slug)
    expect(before.json().product_name).toBe(shown.product_name)
    const list = await t.call({ method: 'GET', url: '/s/api/products', query: { q: shown.product_name } })
    expect(list.json().data.map((p: { product_id: number }) => p.product_id)).toContain(shown.product_id)
    const current = (await admin('GET', `${URL}/${shown.product_id}`)).json() as AdminProduct
    const res = await admin('PATCH', `${URL}/${shown.product_id}`, {
      version: current.version,
      product_name: `${shown.product_name} Renamed`,
      search_keywords: 'zzkeyword chaipatti',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await storefront(shown.slug)).json().product_name).toBe(`${shown.product_name} Renamed`)
    expect((await carousel()).find((p) => p.product_id === shown.product_id)?.product_name).toBe(`${shown.product_name} Renamed`)
    // The staff's search keywords find it on the storefront.
    const byKeyword = await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'chaipatti' } })
    expect(byKeyword.json().data.map((p: { product_id: number }) => p.product_id)).toEqual([shown.product_id])
  })

  it('sanitises description and info on the server', async () => {
    const p = await create({
      product_name: 'Sanitised Ghee',
      product_description: '<p onclick="steal()">Pure <b>ghee</b><script>alert(1)</script><img src=x onerror=alert(2)></p><a href="javascript:alert(3)">x</a>',
      product_info: '<a href="https://example.com" target="_blank">Maker</a><iframe src="https://evil.test"></iframe>',
      packs: [{ pack_name: '1 l', price: 10, act_price: 10 }],
    })
    expect(p.product_description).toBe('<p>Pure <b>ghee</b></p><a rel="noopener noreferrer nofollow">x</a>')
    expect(p.product_info).toBe('<a href="https://example.com" rel="noopener noreferrer nofollow">Maker</a>')
  })

  it('duplicates a product as a draft without SKUs and barcodes', async () => {
    const p = await create({
      product_name: 'Copy Me Jaggery',
      categories: ['atta-rice-dals', 'beverages'],
      hsn_code: '1701',
      gst_rate: 5,
      cess_rate: 12,
      packs: [{ pack_name: '1 kg', price: 80, act_price: 90, sku: 'CMJ-1', barcode: '8900000000024' }],
    })
    const res = await admin('POST', `${URL}/${p.product_id}/duplicate`, {})
    expect(res.statusCode, res.body).toBe(201)
    const copy = AdminProduct.parse(res.json())
    expect(copy).toMatchObject({
      product_name: 'Copy Me Jaggery (copy)',
      slug: 'copy-me-jaggery-copy',
      status: 'draft',
      categories: ['atta-rice-dals', 'beverages'],
      hsn_code: '1701',
      gst_rate: 5,
      cess_rate: 12,
    })
    expect(copy.packs).toMatchObject([{ pack_name: '1 kg', price: 80, act_price: 90, sku: null, barcode: null }])
    expect(copy.product_id).not.toBe(p.product_id)
    expect((await auditOf(t, res)).map((r) => [r.action, r.entityId, r.data])).toEqual([['product.duplicate', String(copy.product_id), { from: p.product_id }]])
  })

  it('answers 404 for another website’s product, and never shows it', async () => {
    const p = await create({ product_name: 'Main Only Muesli', packs: [{ pack_name: '1 kg', price: 10, act_price: 10 }] })
    for (const [method, url, payload] of [
      ['GET', `${URL}/${p.product_id}`],
      ['PATCH', `${URL}/${p.product_id}`, { version: 1, product_name: 'Taken over' }],
      ['POST', `${URL}/${p.product_id}/duplicate`, {}],
    ] as const) {
      const res = await staffCall(t, who.adminShop2, method, url, payload, SHOP2)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.body).not.toContain('Main Only Muesli')
    }
    const list = await staffCall(t, who.adminShop2, 'GET', `${URL}?q=muesli&perPage=100`, undefined, SHOP2)
    expect(list.json().data.map((x: { product_id: number }) => x.product_id)).not.toContain(p.product_id)
    expect((await admin('GET', `${URL}/${p.product_id}`)).json().product_name).toBe('Main Only Muesli')
  })
})
