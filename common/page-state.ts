import type { Product } from './contracts/catalogue'
import type { InitData } from './contracts/site-settings'

/** The part of TanStack Query's dehydrated state read here (the client's entries hand it the whole). */
interface DehydratedState {
  queries: { queryKey: readonly unknown[]; state: { data?: unknown } }[]
}

/**
 * The query state a server-rendered page hands to the browser, made smaller (issue 30: a list page's HTML under 60 KB;
 * the state was 42 of its 124 KB) and made whole again before the browser's query cache takes it:
 * - the category menu's children (spec §3: the menu item whose value is /categories carries the category tree) are
 *   left out when the browser can rebuild them, equal, from init's categories: the same tree was in the state twice;
 * - a product list's products leave out their description and details, which no list shows (the product page has
 *   its own query): both are optional in the contract;
 * - arrays of objects with the same keys are sent as one list of keys and one row of values per object.
 * `fullState(JSON.parse(leanState(state)))` is what the browser hydrates: the same answers, but for the two texts.
 * A list's products then read as they would from an answer without them (server/web/pages.test.ts checks this).
 */
export function leanState<S extends DehydratedState>(state: S): string {
  const queries = state.queries.map((q) => {
    const [key] = q.queryKey
    const data = key === 'init' ? leanInit(q.state.data as InitData) : isList(q.queryKey) ? leanList(q.state.data as ProductList) : q.state.data
    return { ...q, state: { ...q.state, data } }
  })
  return JSON.stringify(packed({ ...state, queries }))
}

export function fullState<S extends DehydratedState = DehydratedState>(sent: unknown): S {
  const state = unpacked(sent) as S
  for (const q of state.queries) {
    const data = q.state.data
    if (q.queryKey[0] === 'init' && data) q.state.data = fullInit(data as InitData)
  }
  return state
}

type ProductList = { data: Product[] }
const isList = (key: readonly unknown[]) => key[0] === 'catalogue' && key[1] === 'list'

const leanList = (list: ProductList | undefined) =>
  list && { ...list, data: list.data.map(({ product_description: _d, product_info: _i, ...card }: Product) => card) }

type Nav = InitData['navs'][number]

/** As the server fills the menu (server/features/site-settings/service.ts withCategoryChildren). */
const toNav = (c: InitData['categories'][number]): Nav => ({
  group: 0,
  name: c.name,
  icon: null,
  show_icon: 0,
  link: `/products?c=${c.slug}`,
  value: null,
  image: c.avatar,
  slug: c.slug,
  children: c.children.map(toNav),
})

const CATEGORIES = '/categories'

function mapMenus(init: InitData, item: (nav: Nav) => Nav): InitData {
  const walk = (items: Nav[]): Nav[] => items.map((nav) => item(nav.children ? { ...nav, children: walk(nav.children) } : nav))
  return { ...init, navs: walk(init.navs), footers: walk(init.footers) }
}

/** A category menu whose children the browser rebuilds is sent with children null. */
function leanInit(init: InitData | undefined) {
  if (!init) return init
  const tree = JSON.stringify(init.categories.map(toNav))
  return mapMenus(init, (nav) => (nav.value === CATEGORIES && JSON.stringify(nav.children) === tree ? { ...nav, children: null as unknown as Nav[] } : nav))
}

const fullInit = (init: InitData): InitData => mapMenus(init, (nav) => (nav.children === null ? { ...nav, children: init.categories.map(toNav) } : nav))

/**
 * An array of objects with the same keys, in the same order, and no undefined values as { $k: keys, $v: one row of
 * values per object } the first time those keys come, { $s: n, $v: rows } after (n counts the $k sent before it,
 * in the order a reader meets them). A key of the data that starts with $ is sent with one more $, so no object of
 * the data reads as a packed array.
 */
function packed(value: unknown, shapes = new Map<string, number>()): unknown {
  if (Array.isArray(value)) {
    const keys = sameKeys(value)
    const shape = keys && keys.join('\0')
    const known = shape !== false ? shapes.get(shape) : undefined
    if (!keys || (known === undefined && value.length < 2)) return value.map((v) => packed(v, shapes))
    if (known === undefined) shapes.set(shape as string, shapes.size)
    const head = known === undefined ? { $k: keys.map(escaped) } : { $s: known }
    return { ...head, $v: value.map((o: Record<string, unknown>) => keys.map((k) => packed(o[k], shapes))) }
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [escaped(k), packed(v, shapes)]))
  return value
}

const escaped = (key: string) => (key.startsWith('$') ? `$${key}` : key)
const unescaped = (key: string) => (key.startsWith('$$') ? key.slice(1) : key)
const isObject = (o: unknown): o is Record<string, unknown> => !!o && typeof o === 'object' && !Array.isArray(o)

function sameKeys(items: unknown[]): string[] | false {
  const [first] = items
  if (!isObject(first)) return false
  const keys = Object.keys(first)
  const shape = keys.join('\0')
  const same = (o: unknown) => isObject(o) && Object.keys(o).join('\0') === shape && Object.values(o).every((v) => v !== undefined)
  return keys.length > 0 && items.every(same) && keys
}

function unpacked(value: unknown, shapes: string[][] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => unpacked(v, shapes))
  if (!isObject(value)) return value
  const { $k, $s, $v } = value
  if ((Array.isArray($k) || typeof $s === 'number') && Array.isArray($v)) {
    const keys = Array.isArray($k) ? ($k as string[]).map(unescaped) : (shapes[$s as number] ?? [])
    if (Array.isArray($k)) shapes.push(keys)
    return ($v as unknown[][]).map((row) => Object.fromEntries(keys.map((k, i) => [k, unpacked(row[i], shapes)])))
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [unescaped(k), unpacked(v, shapes)]))
}
