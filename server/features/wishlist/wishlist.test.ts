import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { MAX_WISHLISTS } from '../../../common/contracts/wishlist'
import { wishlistItems } from '../../db/schema/cart'
import { buildTestApp, drivers, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { newShopper, type SignedIn } from '../../test/shopper'

describe.each(drivers)('wishlist calls (%s)', (driver) => {
  let t: TestApp
  let products: Product[]
  let shop2Product: Product
  const update = (s: TestSession | undefined, body: object, origin?: string) =>
    t.call({ method: 'POST', url: '/s/api/wishlist/update', session: s, payload: body, origin })
  const create = (s: TestSession | undefined, name: unknown, origin?: string) =>
    t.call({ method: 'POST', url: '/s/api/wishlistCategory', session: s, payload: { name }, origin })
  const lists = (s: TestSession | undefined, origin?: string) => t.call({ method: 'GET', url: '/s/api/wishlist', session: s, origin })
  const rowsOf = async (who: SignedIn) => t.app.deps.db.select().from(wishlistItems).where(eq(wishlistItems.userId, who.userId))

  beforeAll(async () => {
    t = await buildTestApp(driver)
    products = (await t.call({ method: 'GET', url: '/s/api/products?perPage=10' })).json().data
    shop2Product = (await t.call({ method: 'GET', url: '/s/api/products?perPage=1', origin: SHOP2 })).json().data[0]
  })
  afterAll(() => t.close())

  it('answers visitors with 401 on every wishlist call, whatever they send', async () => {
    const v = await t.visitor()
    for (const res of [
      await update(v, { product_id: products[0].product_id }),
      await update(v, { nonsense: true }),
      await create(v, 'Party'),
      await lists(v),
      await lists(undefined),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ message: 'Please sign in to continue', code: 'unauthorized' })
    }
  })

  it('creates named wishlists and lists them after Default', async () => {
    const me = await newShopper(t)
    expect((await lists(me)).json()).toEqual([{ id: null, name: 'Default', products: [] }])
    const party = await create(me, '  Diwali party ')
    expect(party.statusCode).toBe(200)
    expect(party.json()).toEqual({ id: expect.any(Number), name: 'Diwali party' })
    await create(me, 'Monthly staples')
    expect((await lists(me)).json().map((l: { name: string }) => l.name)).toEqual(['Default', 'Diwali party', 'Monthly staples'])
  })

  it('refuses empty, too long, duplicate names and more than the most lists', async () => {
    const me = await newShopper(t)
    expect((await create(me, '   ')).json()).toMatchObject({ message: 'New Wishlist is required', code: 'invalid' })
    expect((await create(me, 'x'.repeat(61))).json().message).toBe('A wishlist name has at most 60 characters')
    expect((await create(me, 42)).statusCode).toBe(422)
    expect((await create(me, 'default')).json().message).toBe('You already have a wishlist named default')
    await create(me, 'Snacks')
    expect((await create(me, 'SNACKS')).json().message).toBe('You already have a wishlist named SNACKS')
    for (let i = 1; i < MAX_WISHLISTS; i++) expect((await create(me, `List ${i}`)).statusCode).toBe(200)
    expect((await create(me, 'One too many')).json().message).toBe(`You can have at most ${MAX_WISHLISTS} wishlists`)
  })

  it('toggles a product in Default or a named list and flags it on product answers, list and detail', async () => {
    const me = await newShopper(t)
    const [p, q] = products
    const listId = (await create(me, 'Party')).json().id as number
    expect((await update(me, { product_id: p.product_id, wishlist_category_id: '' })).json()).toEqual({
      product_id: p.product_id,
      wishlist_category_id: null,
      saved: true,
      wishlist: true,
    })
    expect((await update(me, { product_id: p.product_id, wishlist_category_id: listId })).json()).toEqual({
      product_id: p.product_id,
      wishlist_category_id: listId,
      saved: true,
      wishlist: true,
    })
    expect((await update(me, { product_id: q.product_id })).json()).toMatchObject({ saved: true, wishlist: true })
    const got = (await lists(me)).json() as { id: number | null; products: Product[] }[]
    expect(got.map((l) => [l.id, l.products.map((x) => x.product_id)])).toEqual([
      [null, [p.product_id, q.product_id]],
      [listId, [p.product_id]],
    ])
    expect(got[0].products[0]).toMatchObject({ wishlist: true, slug: p.slug, packs: expect.any(Array) })
    const detail = (await t.call({ method: 'GET', url: `/s/api/products/${p.slug}`, session: me })).json() as Product
    expect(detail.wishlist).toBe(true)
    const list = (await t.call({ method: 'GET', url: '/s/api/products?perPage=10', session: me })).json().data as Product[]
    expect(list.filter((x) => x.wishlist).map((x) => x.product_id)).toEqual([p.product_id, q.product_id])
    // toggling again takes it out of that list; the flag stays while another list holds it
    expect((await update(me, { product_id: p.product_id, wishlist_category_id: null })).json()).toMatchObject({ saved: false, wishlist: true })
    expect((await update(me, { product_id: p.product_id, wishlist_category_id: listId })).json()).toMatchObject({ saved: false, wishlist: false })
    expect(((await t.call({ method: 'GET', url: `/s/api/products/${p.slug}`, session: me })).json() as Product).wishlist).toBe(false)
    // others never see my flags, and the cached answers are untouched
    expect((await t.call({ method: 'GET', url: '/s/api/products?perPage=10' })).json().data.some((x: Product) => x.wishlist)).toBe(false)
  })

  it("refuses another shopper's list and another website's list or product with 404, writing nothing (SECURITY AZ-05)", async () => {
    const me = await newShopper(t)
    const them = await newShopper(t)
    const theirList = (await create(them, 'Mine')).json().id as number
    const meThere = await newShopper(t, SHOP2)
    const shop2List = (await create(meThere, 'Chai', SHOP2)).json().id as number
    const [p] = products
    for (const [body, message] of [
      [{ product_id: p.product_id, wishlist_category_id: theirList }, 'This wishlist was not found'],
      [{ product_id: p.product_id, wishlist_category_id: shop2List }, 'This wishlist was not found'],
      [{ product_id: p.product_id, wishlist_category_id: 99_999_999 }, 'This wishlist was not found'],
      [{ product_id: shop2Product.product_id }, 'This product is not available'],
      [{ product_id: 99_999_999 }, 'This product is not available'],
    ] as const) {
      const res = await update(me, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(404)
      expect(res.json()).toEqual({ message, code: 'not_found' })
    }
    expect(await rowsOf(me)).toEqual([])
    expect(await rowsOf(them)).toEqual([])
    for (const body of [{ product_id: '1' }, { product_id: p.product_id, wishlist_category_id: 'abc' }, { product_id: p.product_id, extra: 1 }]) {
      expect((await update(me, body)).statusCode, JSON.stringify(body)).toBe(422)
    }
    // the same person's session on the other website is someone else there: a visitor
    expect((await lists({ cookie: me.cookie, xsrf: me.xsrf }, SHOP2)).statusCode).toBe(401)
  })
})
