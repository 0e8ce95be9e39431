import * as demo from '../server/db/seed/data/catalogue'
import { searchWords } from './generate-catalogue'

export interface Scenario {
  name: string
  /** 'list' | 'q' | 'product': the budget that applies; cold scenarios share the warm one's reference */
  kind: 'list' | 'q' | 'product'
  cold: boolean
  paths: string[]
}

const API = '/s/api/products'
const tops = demo.categories.map((c) => c.slug)
const subs = demo.categories.flatMap((c) => c.children.map((k) => k.slug))
const SORTS = ['popularity', 'price_asc', 'price_desc', 'discount', 'newest', 'name']

/** Deterministic shuffle, so cold runs don't walk the catalogue in index order. */
function shuffle<T>(list: T[]): T[] {
  let seed = 42
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** What a shopper's browser asks for: the first pages, a few aisles and sorts. */
const warmList = [
  API,
  ...[2, 3, 4, 5].map((p) => `${API}?page=${p}`),
  `${API}?c=${tops[0]}`,
  `${API}?c=${tops[3]}&page=2`,
  `${API}?c=${subs[5]}&s=price_asc`,
  `${API}?c=${tops[6]}&s=discount`,
  `${API}?s=newest`,
  `${API}?s=price_desc&page=3`,
  `${API}?b=kesar-valley`,
]

/** Whole words, a misspelling ("basmatti"), a prefix ("bas"), two words, and a search with a sort. */
const warmSearch = ['basmati', 'basmatti', 'bas', 'atta', 'masala chai', 'organic ghee', 'chips', 'shampoo', 'toor dal'].map(
  (q, i) => `${API}?q=${encodeURIComponent(q)}${i === 8 ? '&s=price_asc' : ''}`,
)

/** A misspelling a shopper might make: two inner letters swapped. */
const typo = (w: string) => w.slice(0, 2) + w[3] + w[2] + w.slice(4)

export function scenarios(slugs: string[]): Scenario[] {
  const coldList = shuffle([...tops, ...subs].flatMap((c) => SORTS.flatMap((s) => Array.from({ length: 10 }, (_, p) => `${API}?c=${c}&s=${s}&page=${p + 1}`))))
  const terms = [...new Set(searchWords().flatMap((w) => [w, w.slice(0, 4), typo(w)]))]
  const coldSearch = shuffle(terms.flatMap((q) => ['', '&page=2', '&s=price_asc', '&s=popularity&page=2'].map((x) => `${API}?q=${q}${x}`)))
  const productPaths = slugs.map((s) => `${API}/${s}`)
  return [
    { name: 'product list', kind: 'list', cold: false, paths: warmList },
    { name: 'list with q', kind: 'q', cold: false, paths: warmSearch },
    { name: 'single product', kind: 'product', cold: false, paths: productPaths.filter((_, i) => i % Math.floor(productPaths.length / 50) === 0).slice(0, 50) },
    { name: 'product list, cold', kind: 'list', cold: true, paths: coldList },
    { name: 'list with q, cold', kind: 'q', cold: true, paths: coldSearch },
    { name: 'single product, cold', kind: 'product', cold: true, paths: shuffle(productPaths) },
  ]
}
