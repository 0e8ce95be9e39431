import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, CreateProductInput, PriceChangeLine } from '../../../common/contracts/admin-catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'

describe.each(drivers)('staff bulk actions on products (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let n = 0
  const post = (url: string, payload: unknown) => staffCall(t, who.admin, 'POST', `/s/api/admin/products/${url}`, payload)
  const get = async (id: number) => (await staffCall(t, who.admin, 'GET', `/s/api/admin/products/${id}`)).json() as AdminProduct
  const create = async (over: Partial<CreateProductInput> = {}) => {
    const res = await staffCall(t, who.admin, 'POST', '/s/api/admin/products', {
      product_name: `Bulk item ${++n}`,
      brand: 'Sona Khet',
      categories: ['atta-flours'],
      packs: [
        { pack_name: '1 kg', price: 100, act_price: 120 },
        { pack_name: '5 kg', price: 450.5, act_price: 500 },
      ],
      ...over,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as AdminProduct
  }
  const onStorefront = async (slug: string) => (await t.call({ method: 'GET', url: `/s/api/products/${slug}` })).statusCode === 200

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
  })
  afterAll(() => t.close())

  it('unpublishes, publishes and archives many products in one call, an audit row and a new version each', async () => {
    const [a, b] = [await create(), await create()]
    const off = await post('bulk', { action: 'unpublish', ids: [a.product_id, b.product_id, a.product_id] })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toEqual({ updated: 2 })
    expect([await onStorefront(a.slug), await onStorefront(b.slug)]).toEqual([false, false])
    const rows = await auditOf(t, off)
    expect(rows.map((r) => [r.action, r.entityId, (r.before as { status: string }).status, (r.after as { status: string }).status])).toEqual([
      ['product.unpublish', String(a.product_id), 'active', 'draft'],
      ['product.unpublish', String(b.product_id), 'active', 'draft'],
    ])
    expect((await get(a.product_id)).version).toBe(2)

    expect((await post('bulk', { action: 'publish', ids: [a.product_id] })).json()).toEqual({ updated: 1 })
    expect(await onStorefront(a.slug)).toBe(true)
    expect((await post('bulk', { action: 'archive', ids: [a.product_id] })).statusCode).toBe(200)
    expect((await get(a.product_id)).status).toBe('archived')
    expect(await onStorefront(a.slug)).toBe(false)

    // An editor who read version 1 of b before the bulk change gets 409 naming the status.
    const stale = await staffCall(t, who.admin, 'PATCH', `/s/api/admin/products/${b.product_id}`, { version: 1, product_name: 'Late edit' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().changed).toEqual(['status'])
  })

  it('sets the category of many products: replacing them, or adding one', async () => {
    const [a, b] = [await create({ categories: ['atta-flours', 'rice'] }), await create()]
    const add = await post('bulk', { action: 'set_category', ids: [a.product_id, b.product_id], category: 'dals-pulses', mode: 'add' })
    expect(add.statusCode, add.body).toBe(200)
    expect((await get(a.product_id)).categories).toEqual(['atta-flours', 'rice', 'dals-pulses'])
    expect((await get(b.product_id)).categories).toEqual(['atta-flours', 'dals-pulses'])
    const replace = await post('bulk', { action: 'set_category', ids: [a.product_id], category: 'namkeen' })
    expect(replace.statusCode).toBe(200)
    expect(await get(a.product_id)).toMatchObject({ categories: ['namkeen'], category_slug: 'namkeen' })
    const shown = await t.call({ method: 'GET', url: '/s/api/products', query: { c: 'namkeen', perPage: '100' } })
    expect(shown.json().data.map((p: { product_id: number }) => p.product_id)).toContain(a.product_id)
    const unknown = await post('bulk', { action: 'set_category', ids: [a.product_id], category: 'no-such-aisle' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors).toEqual({ category: 'Unknown category: no-such-aisle' })
  })

  it('previews a price change (old → new per pack) without changing anything', async () => {
    const p = await create()
    const res = await post('prices/preview', { ids: [p.product_id], kind: 'percent', value: 10 })
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.json().lines as PriceChangeLine[]
    expect(lines.map((l) => [l.pack_name, l.old_price, l.new_price, l.old_act_price, l.new_act_price, l.error])).toEqual([
      ['1 kg', 100, 110, 120, 120, null],
      ['5 kg', 450.5, 495.55, 500, 500, null],
    ])
    expect((await get(p.product_id)).packs.map((k) => k.price)).toEqual([100, 450.5])
    expect(await auditOf(t, res)).toEqual([])
    const both = (await post('prices/preview', { ids: [p.product_id], kind: 'amount', value: -50.25, field: 'both' })).json().lines as PriceChangeLine[]
    expect(both.map((l) => [l.new_price, l.new_act_price])).toEqual([
      [49.75, 69.75],
      [400.25, 449.75],
    ])
  })

  it('applies a price change to every pack in one transaction, audited per product', async () => {
    const [a, b] = [await create(), await create()]
    const res = await post('prices/apply', { ids: [a.product_id, b.product_id], kind: 'percent', value: -20, field: 'both' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().updated).toBe(2)
    for (const id of [a.product_id, b.product_id]) {
      const p = await get(id)
      expect(p.packs.map((k) => [k.price, k.act_price])).toEqual([
        [80, 96],
        [360.4, 400],
      ])
      expect(p.version).toBe(2)
    }
    const row = rowsOf<{ min_price_paise: number }>(await t.app.deps.db.execute(sql`select min_price_paise from products where id = ${a.product_id}`))[0]
    expect(row.min_price_paise).toBe(8000)
    const audit = await auditOf(t, res)
    expect(audit.map((r) => [r.action, r.entityId, r.data])).toEqual([
      ['product.price_change', String(a.product_id), { kind: 'percent', value: -20, field: 'both' }],
      ['product.price_change', String(b.product_id), { kind: 'percent', value: -20, field: 'both' }],
    ])
    expect((audit[0].before as { packs: { price: number }[] }).packs[0].price).toBe(100)
    expect((audit[0].after as { packs: { price: number }[] }).packs[0].price).toBe(80)
    // The storefront shows the new price at once.
    expect((await t.call({ method: 'GET', url: `/s/api/products/${a.slug}` })).json().packs[0].price).toBe(80)
  })

  it('refuses a change any pack cannot take (422 naming the packs), changing nothing', async () => {
    const [a, b] = [await create(), await create({ packs: [{ pack_name: '1 pc', price: 10, act_price: 10 }] })]
    const above = await post('prices/apply', { ids: [a.product_id, b.product_id], kind: 'amount', value: 5 })
    expect(above.statusCode).toBe(422)
    expect(above.json().errors).toEqual({ [`packs.${b.packs[0].pack_id}`]: `${b.product_name}, 1 pc: the price would be above the MRP` })
    const negative = await post('prices/preview', { ids: [b.product_id], kind: 'percent', value: -100 })
    expect(negative.json().lines[0].error).toBe('the price would be ₹0 or less')
    expect((await get(a.product_id)).packs[0].price).toBe(100)
    expect((await get(a.product_id)).version).toBe(1)
    for (const bad of [
      { kind: 'percent', value: 0 },
      { kind: 'percent', value: 'ten' },
      { kind: 'ratio', value: 2 },
      { kind: 'percent', value: 5, ids: [] },
    ]) {
      const res = await post('prices/apply', { ids: [a.product_id], ...bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
    }
  })

  it('answers 404 when any id is not a product of this website, changing none', async () => {
    const mine = await create()
    const site2 = await websiteOf(t, SHOP2)
    const theirs = rowsOf<{ id: number }>(await t.app.deps.db.execute(sql`select id from products where website_id = ${site2.id} limit 1`))[0].id
    for (const [url, body] of [
      ['bulk', { action: 'archive', ids: [mine.product_id, theirs] }],
      ['prices/preview', { ids: [mine.product_id, theirs], kind: 'percent', value: 5 }],
      ['prices/apply', { ids: [mine.product_id, theirs], kind: 'percent', value: -5 }],
    ] as const) {
      const res = await post(url, body)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe('1 of the chosen products is not on this website')
    }
    expect(await get(mine.product_id)).toMatchObject({ status: 'active', version: 1 })
    expect((await websiteOf(t, MAIN)).id).not.toBe(site2.id)
  })
})
