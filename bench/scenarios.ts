import * as demo from '../server/db/seed/data/catalogue'
import { SYNONYM_GROUPS } from '../server/features/catalogue/search-dictionary'
import { BRAND_NAMES, BRAND_SLUGS, searchWords } from './generate-catalogue'

export interface Scenario {
  name: string
  /** 'list' | 'q' | 'product': the budget that applies; cold scenarios share the warm one's reference */
  kind: 'list' | 'q' | 'product' | 'suggest'
  cold: boolean
  paths: string[]
}

const API = '/s/api/products'
const tops = demo.categories.map((c) => c.slug)
const subs = demo.categories.flatMap((c) => c.children.map((k) => k.slug))
const SORTS = ['popularity', 'price_asc', 'price_desc', 'discount', 'newest', 'name']

/** Deterministic shuffle, so cold runs don't walk the catalogue in index order. */
export function shuffle<T>(list: T[]): T[] {
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

/**
 * Never-seen searches (issue 15): a rotation of distinct queries as shoppers type them — catalogue words, Hinglish
 * and regional words of the dictionary, misspellings, prefixes, brand + word, two words, sizes — far more than the
 * app's answer cache holds, so every one is answered from the search index and the database.
 */
export function searchMix(min = 2400): string[] {
  const words = searchWords()
  const hinglish = [...new Set(SYNONYM_GROUPS.flat().filter((w) => /^[a-z ]+$/.test(w)))]
  const brands = BRAND_NAMES.map((b) => b.toLowerCase().split(' ')[0]!)
  const sizes = ['1kg', '500g', '1 kg', '5 kg', '500ml', '1l', '200 g']
  const out = new Set<string>()
  let i = 0
  while (out.size < min && i < 100_000) {
    const w = words[i % words.length]!
    const v = words[(i * 7 + 3) % words.length]!
    const h = hinglish[(i * 13) % hinglish.length]!
    const kind = i % 8
    const q =
      kind === 0
        ? w
        : kind === 1
          ? typo(w)
          : kind === 2
            ? w.slice(0, 3 + (i % 3))
            : kind === 3
              ? h
              : kind === 4
                ? `${brands[i % brands.length]} ${w}`
                : kind === 5
                  ? `${w} ${v}`
                  : kind === 6
                    ? `${h} ${sizes[i % sizes.length]}`
                    : `${typo(v)} ${h}`
    out.add(q)
    i++
  }
  return shuffle([...out])
}

/**
 * Never-seen product lists (issue 15): categories × sorts × pages, brands × sorts × pages and categories × brands ×
 * sorts, about 12,000 distinct URLs, far more than any answer cache holds.
 */
export function neverSeenLists(): string[] {
  const aisles = [...tops, ...subs]
  return shuffle([
    ...aisles.flatMap((c) => SORTS.flatMap((s) => Array.from({ length: 10 }, (_, p) => `${API}?c=${c}&s=${s}&page=${p + 1}`))),
    ...BRAND_SLUGS.flatMap((b) => SORTS.flatMap((s) => [1, 2, 3].map((p) => `${API}?b=${b}&s=${s}&page=${p}`))),
    ...tops.flatMap((c) => BRAND_SLUGS.slice(0, 60).flatMap((b) => SORTS.map((s) => `${API}?c=${c}&b=${b}&s=${s}`))),
  ])
}

/** The API's scenarios; never-seen pages beside the same URLs from the API are bench/pages-bench.ts's. */
export function scenarios(slugs: string[]): Scenario[] {
  const lists = neverSeenLists()
  const productPaths = slugs.map((s) => `${API}/${s}`)
  const mix = searchMix()
  const SUGGEST = '/s/api/search/suggest'
  const warmSuggest = ['a', 'aa', 'aata', 'bas', 'basmati', 'ghe', 'doodh', 'toor d', 'masala c'].map((q) => `${SUGGEST}?q=${encodeURIComponent(q)}`)
  return [
    { name: 'product list', kind: 'list', cold: false, paths: warmList },
    { name: 'list with q', kind: 'q', cold: false, paths: warmSearch },
    { name: 'single product', kind: 'product', cold: false, paths: productPaths.filter((_, i) => i % Math.floor(productPaths.length / 50) === 0).slice(0, 50) },
    { name: `product list, never-seen (${lists.length} URLs)`, kind: 'list', cold: true, paths: lists },
    { name: `single product, never-seen (${slugs.length} slugs)`, kind: 'product', cold: true, paths: shuffle(productPaths) },
    { name: `list with q, never-seen (${mix.length} queries)`, kind: 'q', cold: true, paths: mix.map((q) => `${API}?q=${encodeURIComponent(q)}`) },
    { name: 'suggestions', kind: 'suggest', cold: false, paths: warmSuggest },
    { name: `suggestions, never-seen (${mix.length} queries)`, kind: 'suggest', cold: true, paths: mix.map((q) => `${SUGGEST}?q=${encodeURIComponent(q)}`) },
  ]
}
