import { describe, expect, it } from 'vitest'
import { fullState, leanState } from './page-state'

const category = (slug: string, children: unknown[] = []) => ({ name: slug.toUpperCase(), slug, avatar: `c/${slug}.webp`, children })
const nav = (c: ReturnType<typeof category>): unknown => ({
  group: 0,
  name: c.name,
  icon: null,
  show_icon: 0,
  link: `/products?c=${c.slug}`,
  value: null,
  image: c.avatar,
  slug: c.slug,
  children: (c.children as ReturnType<typeof category>[]).map(nav),
})
const item = (name: string, value: string | null, children: unknown[] = []) => ({
  group: 0,
  name,
  icon: null,
  show_icon: 0,
  link: '/x',
  value,
  image: null,
  slug: null,
  children,
})

const categories = [category('tea', [category('green-tea')]), category('rice')]
const init = {
  web: { name: 'Shop' },
  categories,
  navs: [item('Categories', '/categories', categories.map(nav)), item('Offers', null)],
  footers: [item('Shop', null, [item('Categories', '/categories', categories.map(nav))])],
}
const product = (id: number) => ({
  product_id: id,
  product_name: `P${id}`,
  product_description: 'long text',
  product_info: 'more text',
  medias: [{ src: 'a.webp' }],
  packs: [
    { pack_id: id, price: 10, discount_type: null },
    { pack_id: id + 100, price: 20, discount_type: 'percent' },
  ],
})
const list = { data: [product(1), product(2)], meta: { total: 2 } }
const query = (queryKey: unknown[], data: unknown) => ({ queryKey, queryHash: JSON.stringify(queryKey), state: { data, status: 'success', error: null } })
const state = {
  mutations: [],
  queries: [query(['init'], init), query(['catalogue', 'list', { perPage: 24 }], list), query(['pages', '/x'], { blocks: [{ $k: 1 }, { $k: 2 }], $v: 'x' })],
} as unknown as Parameters<typeof leanState>[0]

describe('the state a page hands to the browser', () => {
  it('is whole again in the browser: the same answers, less the list products’ texts', () => {
    const sent = leanState(state)
    const back = fullState(JSON.parse(sent))
    const { product_description: _d, product_info: _i, ...card } = product(1)
    expect(back.queries[0].state.data).toEqual(init)
    const { product_description: _d2, product_info: _i2, ...card2 } = product(2)
    expect(back.queries[1].state.data).toEqual({ ...list, data: [card, card2] })
    // the packs' keys are sent once for the whole list
    expect(sent.match(/discount_type/g)?.length).toBe(1)
    expect(back.queries[2].state.data).toEqual({ blocks: [{ $k: 1 }, { $k: 2 }], $v: 'x' })
    expect(back.queries.map((q) => q.queryKey)).toEqual(state.queries.map((q) => q.queryKey))
    // the category tree is sent once, not again in each menu
    expect(sent.match(/GREEN-TEA/g)?.length).toBe(1)
    expect(sent).not.toContain('long text')
  })

  it('keeps a category menu the browser could not rebuild as it is', () => {
    const own = { ...init, navs: [item('Categories', '/categories', [item('Hand-made', null)])] }
    const back = fullState(JSON.parse(leanState({ mutations: [], queries: [query(['init'], own)] } as unknown as Parameters<typeof leanState>[0])))
    expect(back.queries[0].state.data).toEqual(own)
  })

  it('leaves out no key of an object whose value is undefined', () => {
    const rows = [
      { a: 1, b: undefined },
      { a: 2, b: 3 },
    ]
    const back = fullState(JSON.parse(leanState({ mutations: [], queries: [query(['x'], rows)] } as unknown as Parameters<typeof leanState>[0])))
    expect(back.queries[0].state.data).toEqual(JSON.parse(JSON.stringify(rows)))
  })
})
