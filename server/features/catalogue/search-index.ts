import type { Sort } from '../../../common/contracts/catalogue'
import { SYNONYM_GROUPS } from './search-dictionary'
import { FIELD, mentionedWords, STAPLE_WEIGHT_OF, WEIGHT_OF } from './search-fields'
import { firstInOrder, lowerBound, Touched, WordStarts } from './search-structures'
import { editDistance, groupKey, normaliseName, phonetic, phoneticKey, phraseKey, typosAllowed, words } from './search-words'

/**
 * The website's in-process search index (docs/decisions/0035-search.md): every active product's words by field,
 * built from the database in one read and dropped with the catalogue's cached answers (cache bus), so every app
 * process answers a never-seen query from memory and reads only the page of products it shows.
 */

export interface SearchDoc {
  id: number
  name: string
  slug: string
  brandId: number
  brandName: string
  categoryIds: number[]
  categoryName: string
  keywords: string
  packNames: string
  popularity: number
  minPricePaise: number
  maxDiscount: number
  createdAt: number
  image: string
}

export interface SearchTaxon {
  id: number
  name: string
  slug: string
}

/** A staff synonym: the shopper's word → what it means in this catalogue. */
export interface SiteSynonym {
  term: string
  means: string
}

/** How good a match of a query word is, by how it was found. */
const QUALITY = { exact: 1, phonetic: 0.9, synonym: 0.75, prefix: 0.7, typo: 0.6 }
const PREFIX_LIMIT = 24

export interface SearchHit {
  doc: SearchDoc
  score: number
}

export interface SearchOptions {
  categoryIds?: number[]
  brandIds?: number[]
  /** products with stock at the shopper's warehouse (null: availability unknown, no preference) */
  inStock?: Set<number> | null
  /** the last word may be a prefix of a longer one (the shopper is typing): always true for lists too */
  prefixLast?: boolean
}

export class SearchIndex {
  readonly docs: SearchDoc[]
  /** token → its documents, each as document index × 64 + the mask of fields it is in */
  private readonly postings = new Map<string, Int32Array>()
  private readonly byPhonetic = new Map<string, string[]>()
  private readonly vocabulary: string[]
  /** the vocabulary a typo may be of (no digits), by length */
  private readonly typoVocabulary = new Map<number, string[]>()
  private readonly synonyms = new Map<string, string[]>()
  /** each document's popularity share of the ranking (0.3 for the most popular) */
  private readonly boost: Float64Array
  /** documents by their name, or their name without the brand, as words ('exact name' bonus) */
  private readonly byName = new Map<string, number[]>()
  /** categories and brands by the words their names start with, for suggestions */
  private readonly categoryStarts: WordStarts<SearchTaxon>
  private readonly brandStarts: WordStarts<SearchTaxon>
  private readonly categoryById: Map<number, SearchTaxon>
  private readonly brandById: Map<number, SearchTaxon>
  /** each document's place in a sort's order (relevance: its tie-break, popularity), made on first use */
  private readonly ranks = new Map<ListSort, Int32Array>()
  /** a stock preference (product ids in stock) as a flag per document, for as long as that set is in use */
  private readonly stockFlags = new WeakMap<Set<number>, Uint8Array>()

  constructor(docs: SearchDoc[], taxa: { categories: SearchTaxon[]; brands: SearchTaxon[] }, siteSynonyms: SiteSynonym[] = []) {
    this.docs = docs
    const maxPopularity = docs.reduce((m, d) => Math.max(m, d.popularity), 1)
    this.boost = Float64Array.from(docs, (d) => (0.3 * d.popularity) / maxPopularity)
    this.categoryStarts = new WordStarts(taxa.categories)
    this.brandStarts = new WordStarts(taxa.brands)
    // the first of an id, as a search of the list would find it
    this.categoryById = new Map(taxa.categories.toReversed().map((t) => [t.id, t]))
    this.brandById = new Map(taxa.brands.toReversed().map((t) => [t.id, t]))
    const postings = new Map<string, number[]>()
    docs.forEach((d, i) => {
      for (const name of new Set([normaliseName(d.name), normaliseName(d.name.slice(d.brandName.length))])) {
        const list = this.byName.get(name)
        if (list) list.push(i)
        else this.byName.set(name, [i])
      }
      const masks = new Map<string, number>()
      const add = (text: string, bit: number) => {
        for (const w of words(text)) masks.set(w.token, (masks.get(w.token) ?? 0) | (w.size ? FIELD.size : bit))
      }
      add(d.name, FIELD.name)
      for (const token of mentionedWords(d.name, d.brandName, d.categoryName)) masks.set(token, masks.get(token)! | FIELD.mention)
      add(d.brandName, FIELD.brand)
      add(d.categoryName, FIELD.category)
      add(d.keywords, FIELD.keywords)
      for (const w of words(d.packNames)) if (w.size) masks.set(w.token, (masks.get(w.token) ?? 0) | FIELD.size)
      for (const [token, mask] of masks) {
        const list = postings.get(token)
        if (list) list.push(i * 64 + mask)
        else postings.set(token, [i * 64 + mask])
      }
    })
    for (const [token, list] of postings) this.postings.set(token, Int32Array.from(list))
    this.vocabulary = [...postings.keys()].sort()
    for (const token of this.vocabulary) {
      const key = phonetic(token)
      const list = this.byPhonetic.get(key)
      if (list) list.push(token)
      else this.byPhonetic.set(key, [token])
      if (/\d/.test(token)) continue
      const sameLength = this.typoVocabulary.get(token.length)
      if (sameLength) sameLength.push(token)
      else this.typoVocabulary.set(token.length, [token])
    }
    const addGroup = (key: string, meanings: string[]) => {
      const k = groupKey(key)
      const list = this.synonyms.get(k) ?? []
      for (const m of meanings) if (!list.includes(m)) list.push(m)
      this.synonyms.set(k, list)
    }
    for (const group of SYNONYM_GROUPS) for (const w of group) addGroup(w, group)
    for (const s of siteSynonyms) addGroup(s.term, [s.means])
    this.rankOf('popularity') // every search by relevance breaks its ties with it
  }

  /** Each query word's expansion, as found before (a typo is compared with every word of a near length): bounded. */
  private readonly expansions = new Map<string, Map<string, number>>()

  /** Tokens of the vocabulary a query word finds, with how well (read-only: shared by later queries). */
  private expand(token: string, mayBePrefix: boolean): Map<string, number> {
    const key = mayBePrefix ? `${token}*` : token
    let found = this.expansions.get(key)
    if (!found) {
      if (this.expansions.size >= 20_000) this.expansions.clear()
      this.expansions.set(key, (found = this.expandNow(token, mayBePrefix)))
    }
    return found
  }

  private expandNow(token: string, mayBePrefix: boolean): Map<string, number> {
    const found = new Map<string, number>()
    const put = (t: string, q: number) => {
      if ((found.get(t) ?? 0) < q) found.set(t, q)
    }
    if (this.postings.has(token)) put(token, QUALITY.exact)
    for (const t of this.byPhonetic.get(phonetic(token)) ?? []) put(t, QUALITY.phonetic)
    if (mayBePrefix && token.length >= 2) {
      let n = 0
      for (let i = lowerBound(this.vocabulary, token); i < this.vocabulary.length && n < PREFIX_LIMIT; i++, n++) {
        const t = this.vocabulary[i]!
        if (!t.startsWith(token)) break
        put(t, QUALITY.prefix)
      }
    }
    if (found.size === 0) {
      const max = typosAllowed(token)
      if (max > 0) {
        for (let length = token.length - max; length <= token.length + max; length++)
          for (const t of this.typoVocabulary.get(length) ?? []) {
            const d = editDistance(token, t, max)
            if (d <= max) put(t, QUALITY.typo - 0.1 * (d - 1))
          }
      }
    }
    return found
  }

  /** Per query word: each document's best score (0: not matched), and which documents were touched. */
  private best!: Float32Array
  private bestTouched!: Touched
  /** Over the query: each document's summed score and how many words it matched so far. */
  private sum!: Float32Array
  private count!: Uint8Array
  private allTouched!: Touched
  /** For a phrase (all its words in one document): how many of its words, and their summed weight. */
  private phraseCount!: Uint8Array
  private phraseSum!: Float32Array
  /** Final scores of the last query's matches, and the matches (read before the next query) */
  private finalScore!: Float64Array
  private matched!: Int32Array
  /** the documents named exactly as the query (1), for the query's length */
  private isNamed!: Uint8Array
  /** the field weights of this query: one word ranks the staple before what only mentions it */
  private weightOf = WEIGHT_OF

  private scratch() {
    if (this.best) return
    const n = this.docs.length
    this.best = new Float32Array(n)
    this.sum = new Float32Array(n)
    this.count = new Uint8Array(n)
    this.phraseCount = new Uint8Array(n)
    this.phraseSum = new Float32Array(n)
    this.finalScore = new Float64Array(n)
    this.matched = new Int32Array(n)
    this.isNamed = new Uint8Array(n)
    this.bestTouched = new Touched(n)
    this.allTouched = new Touched(n)
  }

  private raise(doc: number, score: number) {
    const b = this.best
    if (b[doc]! >= score) return
    if (b[doc] === 0) this.bestTouched.push(doc)
    b[doc] = score
  }

  /** The tokens' documents into `best` (quality × field weight × scale, plus bonus). */
  private addTokens(tokens: Map<string, number>, scale = 1, bonus = 0) {
    for (const [t, quality] of tokens) {
      const list = this.postings.get(t)
      if (!list) continue
      for (let k = 0; k < list.length; k++) {
        const p = list[k]!
        this.raise(p >>> 6, quality * this.weightOf[p & 63]! * scale + bonus)
      }
    }
  }

  /** Documents with every part (each a token set) into `best`: summed weights × scale / parts, plus bonus. */
  private addPhrase(parts: Map<string, number>[], scale: number, bonus: number) {
    if (parts.length === 1) return this.addTokens(parts[0]!, scale, bonus)
    const pc = this.phraseCount
    const ps = this.phraseSum
    const touched: number[] = []
    parts.forEach((tokens, i) => {
      for (const [t, quality] of tokens) {
        const list = this.postings.get(t)
        if (!list) continue
        for (let k = 0; k < list.length; k++) {
          const p: number = list[k]!
          const doc = p >>> 6
          if (pc[doc] !== i) continue // missed an earlier part, or this part already counted
          if (i === 0) touched.push(doc)
          pc[doc] = i + 1
          ps[doc] = ps[doc]! + quality * this.weightOf[p & 63]!
        }
      }
    })
    for (const doc of touched) {
      if (pc[doc] === parts.length) this.raise(doc, (ps[doc]! * scale) / parts.length + bonus)
      pc[doc] = 0
      ps[doc] = 0
    }
  }

  /**
   * A synonym meaning's words as tokens (exact or phonetic, at synonym quality), and its first word: the same for
   * every query, made once.
   */
  private readonly meaningWords = new Map<string, { tokens: Map<string, number>[]; first: string | undefined }>()
  private meaning(text: string) {
    let found = this.meaningWords.get(text)
    if (!found) {
      const ws = words(text)
      const tokens = ws
        .filter((w) => !w.size)
        .map((part) => {
          const exact = new Map<string, number>()
          if (this.postings.has(part.token)) exact.set(part.token, QUALITY.synonym)
          for (const t of this.byPhonetic.get(phonetic(part.token)) ?? []) exact.set(t, QUALITY.synonym)
          return exact
        })
      this.meaningWords.set(text, (found = { tokens, first: ws[0]?.token }))
    }
    return found
  }

  /** Synonym meanings of words[i..i+n) (phrases first), or null; `keys` are the words' phonetic keys. */
  private meaningsAt(keys: string[], i: number): { n: number; meanings: string[] } | null {
    for (let n = Math.min(3, keys.length - i); n >= 1; n--) {
      const m = this.synonyms.get(n === 1 ? keys[i]! : keys.slice(i, i + n).join(' '))
      if (m) return { n, meanings: m }
    }
    return null
  }

  /** One query word, or a dictionary phrase of several, into `best`. */
  private addUnit(parts: string[], mayBePrefix: boolean, meanings: string[] | undefined) {
    const n = parts.length
    if (n === 1) this.addTokens(this.expand(parts[0]!, mayBePrefix))
    else
      this.addPhrase(
        parts.map((p) => this.expand(p, false)),
        n,
        0,
      )
    for (const meaning of meanings ?? []) {
      const { tokens, first } = this.meaning(meaning)
      if (tokens.length === 0 || (n === 1 && tokens.length === 1 && first === parts[0])) continue
      this.addPhrase(tokens, n, tokens.length > 1 ? 0.5 : 0)
    }
  }

  /** Every matching product, best first (or in the asked order). */
  search(query: string, sort: Sort = 'relevance', options: SearchOptions = {}): SearchHit[] {
    return this.searchTop(query, sort, options, Number.POSITIVE_INFINITY).hits
  }

  /** How many products match, and the first `want` of them in order (only those are sorted). */
  searchTop(query: string, sort: Sort, options: SearchOptions, want: number): { total: number; hits: SearchHit[] } {
    const { ids, score } = this.matches(query, options)
    const rank = this.rankOf(sort === 'relevance' ? 'popularity' : sort)
    const before =
      sort === 'relevance'
        ? (a: number, b: number) => (score[a] !== score[b] ? score[a]! > score[b]! : rank[a]! < rank[b]!)
        : (a: number, b: number) => rank[a]! < rank[b]!
    const order = ids.length <= want ? Array.from(ids).sort((a, b) => (before(a, b) ? -1 : 1)) : firstInOrder(ids, want, before)
    return { total: ids.length, hits: order.map((d) => ({ doc: this.docs[d]!, score: score[d]! })) }
  }

  /** Each document's place in a sort's order (BETTER), made once per sort. */
  private rankOf(sort: ListSort): Int32Array {
    let rank = this.ranks.get(sort)
    if (!rank) {
      const better = BETTER[sort]
      const docs = this.docs
      const order = Array.from(docs.keys()).sort((a, b) => (better(docs[a]!, docs[b]!) ? -1 : 1))
      rank = new Int32Array(docs.length)
      for (let r = 0; r < order.length; r++) rank[order[r]!] = r
      this.ranks.set(sort, rank)
    }
    return rank
  }

  /** The stock preference as a flag per document (1: in stock), made once per set of products in stock. */
  private inStockFlags(inStock: Set<number>): Uint8Array {
    let flags = this.stockFlags.get(inStock)
    if (!flags) {
      flags = Uint8Array.from(this.docs, (d) => (inStock.has(d.id) ? 1 : 0))
      this.stockFlags.set(inStock, flags)
    }
    return flags
  }

  /** The documents every word matches (filters applied), with their final scores by document index. */
  private matches(query: string, options: SearchOptions): { ids: Int32Array; score: Float64Array } {
    this.scratch()
    const all = words(query)
    let ws = all
    const prefixLast = options.prefixLast ?? true
    // One letter after other words ('masala c'): the shopper is still typing it; it would expand to every word
    // starting with that letter, so it waits for a second one.
    if (ws.length > 1 && prefixLast && /^[a-z]$/.test(ws[ws.length - 1]!.token) && !this.synonyms.has(phraseKey(ws))) ws = ws.slice(0, -1)
    const required = ws.filter((w) => !w.size).map((w) => w.token)
    const sizes = ws.filter((w) => w.size).map((w) => w.token)
    if (required.length === 0 && sizes.length === 0) return { ids: this.matched.subarray(0, 0), score: this.finalScore }
    // the query's units: a word, or a dictionary phrase of several, with the synonyms' meanings
    const units: { parts: string[]; prefix: boolean; meanings: string[] | undefined }[] = []
    const keys = required.map(phoneticKey)
    for (let i = 0; i < required.length; ) {
      const phrase = this.meaningsAt(keys, i)
      const n = phrase?.n ?? 1
      const isLast = i + n === required.length && ws[ws.length - 1]?.size !== true
      units.push({ parts: required.slice(i, i + n), prefix: prefixLast && isLast, meanings: phrase?.meanings })
      i += n
    }
    // the exact name (with or without its brand) first
    this.weightOf = units.length === 1 ? STAPLE_WEIGHT_OF : WEIGHT_OF
    const named = this.byName.get(all.map((w) => w.token).join(' ')) ?? []
    for (const i of named) this.isNamed[i] = 1
    const { sum, count, best } = this
    try {
      if (units.length === 1 && sizes.length === 0) {
        // one unit: its documents and their scores are the matches
        this.addUnit(units[0]!.parts, units[0]!.prefix, units[0]!.meanings)
        return this.scored(this.bestTouched, best, null, 0, options)
      }
      units.forEach((unit, u) => {
        this.addUnit(unit.parts, unit.prefix, unit.meanings)
        for (let k = 0, bt = this.bestTouched; k < bt.length; k++) {
          const doc = bt.items[k]!
          if (count[doc] === u) {
            if (u === 0) this.allTouched.push(doc)
            sum[doc] = sum[doc]! + best[doc]!
            count[doc] = u + 1
          }
          best[doc] = 0
        }
        this.bestTouched.length = 0
      })
      if (units.length === 0) {
        // only sizes or numbers: those are what the shopper looks for
        for (const s of sizes) this.addTokens(new Map([[s, 1]]))
        for (let k = 0, bt = this.bestTouched; k < bt.length; k++) {
          const doc = bt.items[k]!
          this.allTouched.push(doc)
          sum[doc] = best[doc]!
          count[doc] = 1
          best[doc] = 0
        }
        this.bestTouched.length = 0
      } else {
        for (const s of sizes) {
          this.addTokens(new Map([[s, 0.5]]))
          for (let k = 0, bt = this.bestTouched; k < bt.length; k++) {
            const doc = bt.items[k]!
            if (count[doc] === units.length) sum[doc] = sum[doc]! + best[doc]!
            best[doc] = 0
          }
          this.bestTouched.length = 0
        }
      }
      return this.scored(this.allTouched, sum, count, Math.max(1, units.length), options)
    } finally {
      for (let k = 0, at = this.allTouched; k < at.length; k++) {
        const doc = at.items[k]!
        sum[doc] = 0
        count[doc] = 0
      }
      for (let k = 0, bt = this.bestTouched; k < bt.length; k++) best[bt.items[k]!] = 0
      for (const i of named) this.isNamed[i] = 0
      this.allTouched.length = 0
      this.bestTouched.length = 0
    }
  }

  /**
   * The touched documents that matched every unit (`count` of them; null: all touched did) and pass the filters,
   * with their final scores: the units' summed score, the exact-name bonus, out of stock last, popularity.
   */
  private scored(touched: Touched, base: Float32Array, count: Uint8Array | null, units: number, options: SearchOptions) {
    const cats = options.categoryIds ? new Set(options.categoryIds) : null
    const brands = options.brandIds ? new Set(options.brandIds) : null
    const inStock = options.inStock ? this.inStockFlags(options.inStock) : null
    const { boost, matched, isNamed, finalScore: score } = this
    let found = 0
    for (let k = 0; k < touched.length; k++) {
      const i = touched.items[k]!
      if (count && count[i] !== units) continue
      if (cats || brands) {
        const doc = this.docs[i]!
        if (cats && !doc.categoryIds.some((c) => cats.has(c))) continue
        if (brands && !brands.has(doc.brandId)) continue
      }
      let s = base[i]!
      if (isNamed[i]) s += 5
      if (inStock && inStock[i] === 0) s -= 2
      score[i] = s + boost[i]!
      matched[found++] = i
    }
    return { ids: matched.subarray(0, found), score }
  }

  /** As-you-type: the best products, and the categories and brands whose names match. */
  suggest(query: string, limit: number, inStock: Set<number> | null) {
    const products = this.searchTop(query, 'relevance', { inStock, prefixLast: true }, limit).hits
    const q = normaliseName(query)
    const categories = this.categoryStarts.named(q)
    const brands = this.brandStarts.named(q)
    /** the named ones first, then those of the products suggested (a product's primary category is its last) */
    const fromHits = (idOf: (d: SearchDoc) => number | undefined, byId: Map<number, SearchTaxon>, named: SearchTaxon[]) => {
      const seen = new Set(named.map((t) => t.id))
      const more: SearchTaxon[] = []
      for (const h of products) {
        const id = idOf(h.doc)
        const t = id === undefined || seen.has(id) ? undefined : byId.get(id)
        if (t) {
          seen.add(t.id)
          more.push(t)
        }
      }
      return [...named, ...more].slice(0, 3)
    }
    return {
      products: products.map((h) => h.doc),
      categories: fromHits((d) => d.categoryIds.at(-1), this.categoryById, categories),
      brands: fromHits((d) => d.brandId, this.brandById, brands),
    }
  }
}

/** Whether a comes before b in each sort's order (a total order: ties end on the id); relevance breaks its ties by popularity. */
type ListSort = Exclude<Sort, 'relevance'>
const BETTER: Record<ListSort, (a: SearchDoc, b: SearchDoc) => boolean> = {
  popularity: (a, b) => (a.popularity !== b.popularity ? a.popularity > b.popularity : a.id < b.id),
  price_asc: (a, b) => (a.minPricePaise !== b.minPricePaise ? a.minPricePaise < b.minPricePaise : a.id < b.id),
  price_desc: (a, b) => (a.minPricePaise !== b.minPricePaise ? a.minPricePaise > b.minPricePaise : a.id < b.id),
  discount: (a, b) =>
    a.maxDiscount !== b.maxDiscount ? a.maxDiscount > b.maxDiscount : a.popularity !== b.popularity ? a.popularity > b.popularity : a.id < b.id,
  newest: (a, b) => (a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.id > b.id),
  name: (a, b) => (a.name !== b.name ? a.name < b.name : a.id < b.id),
}
