import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'

describe.each(drivers)('search calls (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => staffCall(t, who.admin, method, `/s/api/admin/search/${url}`, payload)
  const list = async (q: string) => {
    const res = await t.call({ method: 'GET', url: '/s/api/products', query: { q } })
    expect(res.statusCode).toBe(200)
    return res.json() as { data: { product_name: string }[]; meta: { total: number } }
  }
  const suggest = async (q: string) => {
    const res = await t.call({ method: 'GET', url: '/s/api/search/suggest', query: { q } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as {
      products: { name: string; slug: string; image: string; price: number }[]
      categories: { slug: string }[]
      brands: { slug: string }[]
    }
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
  })
  afterAll(() => t.close())

  it('suggests products with image and price, categories and brands as the shopper types', async () => {
    const s = await suggest('aata')
    expect(s.products[0]?.name).toMatch(/Atta/)
    expect(s.products[0]?.price).toBeGreaterThan(0)
    expect(s.products[0]?.image).toMatch(/\.(webp|png|jpg|svg)$/)
    expect(s.products.length).toBeLessThanOrEqual(6)
    expect(s.categories.map((c) => c.slug)).toContain('atta-flours')
    expect((await suggest('bas')).products[0]?.name).toMatch(/Basmati/)
    expect((await suggest('kesar v')).brands.map((b) => b.slug)).toContain('kesar-valley')
    expect(await suggest('zzqqxx')).toEqual({ products: [], categories: [], brands: [] })
    expect((await t.call({ method: 'GET', url: '/s/api/search/suggest', query: { q: 'x'.repeat(101) } })).statusCode).toBe(422)
  })

  it('lists Hinglish and Devanagari searches with the issue’s examples first', async () => {
    expect((await list('आटा')).data[0]?.product_name).toMatch(/Atta/)
    expect((await list('basmatti chawal')).data[0]?.product_name).toMatch(/Basmati Rice/)
    expect((await list('toor')).data.map((p) => p.product_name)).toEqual(['Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'])
    expect((await list('maggi')).meta.total).toBeGreaterThan(0)
  })

  type Recovered = {
    data: unknown[]
    meta: { total: number }
    did_you_mean?: { kind: string; slug: string; name: string }[]
    instead?: { kind: string; slug: string; name: string; total: number; data: { product_name: string; slug: string }[] }
  }
  it('a search that found nothing answers the nearest category with its products; the miss is still reported (issue 31)', async () => {
    for (const [q, slug] of [
      ['biskit', 'biscuits'],
      ['surf excel', 'detergents'],
      ['cold drink', 'juices-drinks'],
    ] as const) {
      const r = (await list(q)) as unknown as Recovered
      expect(r.meta.total, q).toBe(0)
      expect(r.data, q).toEqual([])
      expect(r.did_you_mean?.[0], q).toMatchObject({ kind: 'category', slug })
      expect(r.instead, q).toMatchObject({ kind: 'category', slug })
      expect(r.instead!.data.length, q).toBeGreaterThan(0)
      expect(r.instead!.total, q).toBeGreaterThanOrEqual(r.instead!.data.length)
      expect((await suggest(q)).products, q).toEqual([])
      expect(((await suggest(q)) as { did_you_mean?: { slug: string }[] }).did_you_mean?.[0]?.slug, q).toBe(slug)
    }
    const biscuits = (await t.call({ method: 'GET', url: '/s/api/products', query: { c: 'biscuits', perPage: '50' } })).json() as { data: { slug: string }[] }
    const inBiscuits = new Set(biscuits.data.map((p) => p.slug))
    expect(((await list('biskit')) as unknown as Recovered).instead!.data.every((p) => inBiscuits.has(p.slug))).toBe(true)
    // a page past the first, a filtered search and a search that finds something carry no recovery
    const page2 = (await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'biskit', page: '2' } })).json() as Recovered
    expect(page2.did_you_mean).toBeUndefined()
    expect(((await t.call({ method: 'GET', url: '/s/api/products', query: { q: 'biskit', c: 'dairy' } })).json() as Recovered).instead).toBeUndefined()
    expect(((await list('biscuits')) as unknown as Recovered).did_you_mean).toBeUndefined()
    expect(((await list('zzqqxx')) as unknown as Recovered).did_you_mean).toBeUndefined()
    const report = (await admin('GET', 'misses')).json().data as { query: string }[]
    expect(report.map((m) => m.query)).toEqual(expect.arrayContaining(['biskit', 'surf excel', 'cold drink']))
  })

  it('lists the staple before products that only mention it: milk, doodh, दूध, haldi (issue 31)', async () => {
    for (const q of ['milk', 'doodh', 'दूध']) {
      const names = (await list(q)).data.map((p) => p.product_name)
      expect(names[0], q).toBe('Dhavala Dairy Toned Milk UHT')
      expect(names.indexOf('Mithas Cocoa Milk Chocolate Bar'), q).toBeGreaterThan(names.indexOf('Dhavala Dairy Skimmed Milk Powder'))
    }
    const haldi = (await list('haldi')) as unknown as Recovered & { data: { product_name: string }[] }
    expect(haldi.data[0]?.product_name).toBe('Desi Tadka Turmeric Powder')
    // very little found (2): the categories near it to browse for more, and no products instead
    expect(haldi.did_you_mean?.map((t) => t.slug)).toContain('powdered-spices')
    expect(haldi.instead).toBeUndefined()
    expect((await suggest('milk')).products[0]?.name).toBe('Dhavala Dairy Toned Milk UHT')
  })

  it('reports searches that found nothing; a staff synonym (audited) fixes the query and leaves the report', async () => {
    expect((await list('Xyzzy  Chawal')).meta.total).toBe(0)
    const report = (await admin('GET', 'misses')).json().data as { query: string; count: number }[]
    expect(report.find((m) => m.query === 'xyzzy chawal')?.count).toBe(1)

    expect((await admin('POST', 'synonyms', { term: ' ', means: 'rice' })).statusCode).toBe(422)
    const res = await admin('POST', 'synonyms', { term: 'Xyzzy Chawal', means: 'Basmati Rice' })
    expect(res.statusCode, res.body).toBe(201)
    const synonym = res.json() as { id: number; term: string; means: string }
    expect(synonym).toMatchObject({ term: 'xyzzy chawal', means: 'basmati rice' })
    expect((await auditOf(t, res)).map((a) => [a.action, a.entity, a.entityId])).toEqual([['search_synonym.create', 'search_synonym', String(synonym.id)]])

    expect((await list('xyzzy chawal')).data[0]?.product_name).toMatch(/Basmati Rice/)
    expect(((await admin('GET', 'misses')).json().data as { query: string }[]).some((m) => m.query === 'xyzzy chawal')).toBe(false)
    expect(((await admin('GET', 'synonyms')).json().data as { term: string }[]).map((s) => s.term)).toContain('xyzzy chawal')

    expect((await admin('DELETE', `synonyms/${synonym.id}`)).statusCode).toBe(200)
    expect((await admin('DELETE', `synonyms/${synonym.id}`)).statusCode).toBe(404)
    expect((await list('xyzzy chawal')).meta.total).toBe(0)
  })
  it('searches of the shop’s own staff (the counter typing a barcode) are not shoppers’ misses', async () => {
    const code = `8901${Date.now() % 1e9}`
    const res = await staffCall(t, who.admin, 'GET', `/s/api/products?q=${code}`)
    expect(res.json().meta.total).toBe(0)
    expect(((await admin('GET', 'misses')).json().data as { query: string }[]).some((m) => m.query === code)).toBe(false)
    await list(code)
    expect(((await admin('GET', 'misses')).json().data as { query: string }[]).some((m) => m.query === code)).toBe(true)
  })
})
