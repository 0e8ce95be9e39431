import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminBrand, AdminCategory, AdminProduct } from '../../../common/contracts/admin-catalogue'
import type { CategoryNode } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, SHOP2, type TestApp } from '../../test/app'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'

describe.each(drivers)('staff categories and brands (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => staffCall(t, who.admin, method, `/s/api/admin/${url}`, payload)
  const categories = async () => (await admin('GET', 'categories')).json().data as AdminCategory[]
  const newCategory = async (payload: object) => {
    const res = await admin('POST', 'categories', payload)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as AdminCategory
  }
  /** the product row's version as PostgreSQL keeps it: changes when the row is written */
  const rowVersion = async (id: number) => rowsOf<{ v: string }>(await t.app.deps.db.execute(sql`select xmin::text as v from products where id = ${id}`))[0]!.v
  const tree = async () => (await t.call({ method: 'GET', url: '/s/api/init' })).json().categories as CategoryNode[]
  const search = async (q: string) =>
    ((await t.call({ method: 'GET', url: '/s/api/products', query: { q, perPage: '100' } })).json().data as { product_id: number }[]).map((p) => p.product_id)

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
  })
  afterAll(() => t.close())

  it('lists the tree flat: parents before children, siblings by position, with product counts', async () => {
    const list = await categories()
    expect(list.length).toBeGreaterThan(20)
    const index = new Map(list.map((c, i) => [c.id, i]))
    for (const c of list) if (c.parent_id !== null) expect(index.get(c.parent_id)!).toBeLessThan(index.get(c.id)!)
    expect(list.find((c) => c.slug === 'rice')!.products).toBeGreaterThan(0)
  })

  it('creates categories with a generated slug at the end of their parent, and the storefront shows them', async () => {
    const top = await newCategory({ name: 'Frozen & Chilled' })
    expect(top).toMatchObject({ slug: 'frozen-and-chilled', parent_id: null, products: 0, avatar: null })
    const tops = (await categories()).filter((c) => c.parent_id === null)
    expect(tops.at(-1)!.id).toBe(top.id)
    const child = await newCategory({ name: 'Ice Cream', parent_id: top.id, avatar: '/cdn/200/ice-cream.webp' })
    expect(child).toMatchObject({ slug: 'ice-cream', parent_id: top.id, position: 0, avatar: '/cdn/200/ice-cream.webp' })
    expect((await newCategory({ name: 'Ice  Cream!' })).slug).toBe('ice-cream-2')
    expect((await tree()).find((c) => c.slug === 'frozen-and-chilled')!.children.map((c) => c.slug)).toEqual(['ice-cream'])

    for (const [payload, errors] of [
      [{ name: 'X', slug: 'rice' }, { slug: 'Another category already uses this slug' }],
      [{ name: 'X', parent_id: 999999 }, { parent_id: 'No such parent category' }],
      [{ name: '' }, { name: 'Name is required' }],
      [{ name: 'X', avatar: 'javascript:alert(1)' }, { avatar: 'Avatar must be an uploaded image, a path like /cdn/… or an https address' }],
    ] as const) {
      const res = await admin('POST', 'categories', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(422)
      expect(res.json().errors).toEqual(errors)
    }
  })

  it('renames a category: products are found by the new name, the audit keeps before and after', async () => {
    const aisle = await newCategory({ name: 'Plain Aisle' })
    const made = await admin('POST', 'products', {
      product_name: 'Category Rename Widget',
      brand: 'Sona Khet',
      categories: ['atta-flours', aisle.slug],
      packs: [{ pack_name: '1', price: 1, act_price: 1 }],
    })
    const product = made.json() as AdminProduct
    expect(await search('zanzibarian')).not.toContain(product.product_id)
    const written = await rowVersion(product.product_id)
    const res = await admin('PATCH', `categories/${aisle.id}`, { name: 'Zanzibarian Aisle', slug: 'zanzibar' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Zanzibarian Aisle', slug: 'zanzibar', products: 1 })
    expect(await search('zanzibarian')).toContain(product.product_id)
    // set-based by not writing products at all (issue 30: 20,000 products took 7–10 s): the shelf reads names as they are
    expect(await rowVersion(product.product_id)).toBe(written)
    // a parent's new name finds its subcategories' products too
    const parent = await newCategory({ name: 'Plain Parent' })
    expect((await admin('POST', `categories/${aisle.id}/move`, { parent_id: parent.id, position: 0 })).statusCode).toBe(200)
    expect(await search('quixotic')).not.toContain(product.product_id)
    expect((await admin('PATCH', `categories/${parent.id}`, { name: 'Quixotic Parent' })).statusCode).toBe(200)
    expect(await search('quixotic')).toContain(product.product_id)
    expect(await rowVersion(product.product_id)).toBe(written)
    const [row] = await auditOf(t, res)
    expect(row).toMatchObject({
      action: 'category.update',
      before: { name: 'Plain Aisle', slug: 'plain-aisle' },
      after: { name: 'Zanzibarian Aisle', slug: 'zanzibar' },
    })
    expect((await admin('PATCH', 'categories/999999', { name: 'x' })).statusCode).toBe(404)
  })

  it('moves and reorders categories; never under itself or its own subcategory', async () => {
    const parent = await newCategory({ name: 'Move Parent' })
    const [a, b, c] = [
      await newCategory({ name: 'Move A', parent_id: parent.id }),
      await newCategory({ name: 'Move B', parent_id: parent.id }),
      await newCategory({ name: 'Move C', parent_id: parent.id }),
    ]
    const moved = await admin('POST', `categories/${c.id}/move`, { parent_id: parent.id, position: 0 })
    expect(moved.statusCode, moved.body).toBe(200)
    const under = (list: AdminCategory[], id: number) => list.filter((x) => x.parent_id === id).map((x) => [x.name, x.position])
    expect(under(moved.json().data, parent.id)).toEqual([
      ['Move C', 0],
      ['Move A', 1],
      ['Move B', 2],
    ])
    // Out to the top level at position 1: the old siblings close the gap.
    const out = (await admin('POST', `categories/${a.id}/move`, { parent_id: null, position: 1 })).json().data as AdminCategory[]
    expect(under(out, parent.id)).toEqual([
      ['Move C', 0],
      ['Move B', 1],
    ])
    const tops = out.filter((x) => x.parent_id === null)
    expect(tops[1].id).toBe(a.id)
    expect(tops.map((x) => x.position)).toEqual(tops.map((_, i) => i))
    expect((await tree())[1].slug).toBe(a.slug)

    for (const target of [parent.id, b.id]) {
      const res = await admin('POST', `categories/${parent.id}/move`, { parent_id: target, position: 0 })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ parent_id: 'A category cannot go under itself or one of its subcategories' })
    }
  })

  it('deletes an empty category only', async () => {
    const empty = await newCategory({ name: 'Delete Me' })
    const res = await admin('DELETE', `categories/${empty.id}`)
    expect(res.statusCode).toBe(200)
    expect((await auditOf(t, res))[0]).toMatchObject({ action: 'category.delete', before: { name: 'Delete Me' }, after: null })
    expect((await categories()).some((c) => c.id === empty.id)).toBe(false)
    const rice = (await categories()).find((c) => c.slug === 'rice')!
    const used = await admin('DELETE', `categories/${rice.id}`)
    expect(used.statusCode).toBe(409)
    expect(used.json().message).toMatch(/^“Rice” has \d+ products: move them to another category first$/)
    const parent = (await categories()).find((c) => c.slug === 'beverages')!
    expect((await admin('DELETE', `categories/${parent.id}`)).json().message).toBe('“Beverages” has subcategories: move or delete them first')
  })

  it('adds and changes brands; names and slugs stay unique; a rename is searchable', async () => {
    const res = await admin('POST', 'brands', { name: 'Gir Gold', logo: 'https://cdn.example/gir.png' })
    expect(res.statusCode, res.body).toBe(201)
    const brand = res.json() as AdminBrand
    expect(brand).toMatchObject({ name: 'Gir Gold', slug: 'gir-gold', logo: 'https://cdn.example/gir.png', products: 0 })
    for (const [payload, errors] of [
      [{ name: 'gir GOLD' }, { name: 'There is already a brand with this name' }],
      [{ name: 'Other', slug: 'sona-khet' }, { slug: 'Another brand already uses this slug' }],
    ] as const) {
      const bad = await admin('POST', 'brands', payload)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().errors).toEqual(errors)
    }
    const product = (
      await admin('POST', 'products', {
        product_name: 'Brand Rename Ghee',
        brand: 'Gir Gold',
        categories: ['ghee-vanaspati'],
        packs: [{ pack_name: '1 l', price: 1, act_price: 1 }],
      })
    ).json() as AdminProduct
    const written = await rowVersion(product.product_id)
    const renamed = await admin('PATCH', `brands/${brand.id}`, { name: 'Gir Platinum' })
    expect(renamed.json()).toMatchObject({ name: 'Gir Platinum', slug: 'gir-gold', products: 1 })
    expect(await search('platinum')).toContain(product.product_id)
    expect(await rowVersion(product.product_id)).toBe(written)
    expect((await admin('PATCH', `brands/${brand.id}`, { name: 'Sona Khet' })).statusCode).toBe(422)

    const page = (await admin('GET', 'brands?q=gir&perPage=5')).json()
    expect(page).toEqual({
      data: [{ id: brand.id, name: 'Gir Platinum', slug: 'gir-gold', logo: 'https://cdn.example/gir.png', products: 1 }],
      meta: { total: 1, page: 1, perPage: 5 },
    })
    const byCount = (await admin('GET', 'brands?sort=-products&perPage=5')).json().data as AdminBrand[]
    expect(byCount.map((b) => b.products)).toEqual([...byCount.map((b) => b.products)].sort((x, y) => y - x))
    // Another website's admin finds neither the brand nor the category.
    const there = await staffCall(t, who.adminShop2, 'GET', '/s/api/admin/brands?q=gir', undefined, SHOP2)
    expect(there.json().meta.total).toBe(0)
    expect((await staffCall(t, who.adminShop2, 'PATCH', `/s/api/admin/brands/${brand.id}`, { name: 'Mine now' }, SHOP2)).statusCode).toBe(404)
  })
})
