import { SYNONYM_GROUPS } from './search-dictionary'
import type { SearchIndex, SearchTaxon, SiteSynonym } from './search-index'
import { editDistance, groupKey, phonetic, phoneticKey, words } from './search-words'

/**
 * A search that found nothing recovers (issue 31): the nearest category or brand by its name ('biskit' → Biscuits),
 * by what the shopper's words mean ('surf excel' → Detergents, 'cold drink' → Juices & Drinks), else by the
 * categories of what the words that do match find on their own. The search itself stays literal: only the answer's
 * `did_you_mean` and `instead` carry this.
 */

/** Shoppers' words for kinds of things that shops name otherwise: used only to find the nearest category. */
const KINDS = `
cold drink|soft drink|cool drink|cold drinks|soft drinks|thanda|fizzy drink|aerated drink|cola|coke|pepsi|sprite|fanta|limca|thums up|juice|drink|beverage
detergent|washing powder|surf excel|ariel|wheel|ghadi|laundry
snacks|namkeen|chips|kurkure|bhujia
sweets|mithai|chocolate|candy|toffee
breakfast|cereal|cornflakes|kelloggs
`

export interface RecoveryTaxon extends SearchTaxon {
  kind: 'category' | 'brand'
  /** a category's parent (null: a top category; brands have none) */
  parentId: number | null
}

/** A word with the keys it is compared by. */
interface Heard {
  token: string
  key: string
  skeleton: string
}
const heard = (token: string): Heard => ({ token, key: phoneticKey(token), skeleton: skeleton(token) })

/**
 * How near a shopper's word is to a word of a name (0: not near): the same, sounds the same, a prefix, the same
 * consonants ('biskit', 'biscuit'), one slip (5+ letters) or two (7+).
 */
function nearness(word: Heard, name: Heard): number {
  const w = word.token
  const n = name.token
  if (w === n || word.key === name.key) return 1
  if (w.length >= 4 && n.length >= 4 && (n.startsWith(w) || w.startsWith(n))) return 0.8
  if (w.length >= 4 && word.skeleton.length >= 3 && word.skeleton === name.skeleton) return 0.8
  const max = w.length >= 7 ? 2 : w.length >= 5 ? 1 : 0
  return max > 0 && Math.abs(w.length - n.length) <= max && editDistance(w, n, max) <= max ? 0.7 : 0
}

/** A word's consonants as heard ('biskit', 'biscuit' → 'bskt'): spellings by ear meet. */
function skeleton(word: string): string {
  const heard = phonetic(word)
    .replace(/c(?!h)/g, 'k')
    .replace(/x/g, 'ks')
  return (
    (heard[0] ?? '') +
    heard
      .slice(1)
      .replace(/[aeiouy]/g, '')
      .replace(/(.)\1+/g, '$1')
  )
}

interface Unit {
  /** the shopper's words this unit stands for */
  size: number
  own: Heard[]
  meant: string[]
}

export class SearchRecovery {
  private readonly meanings = new Map<string, string[]>()
  private readonly named: { taxon: RecoveryTaxon; tokens: Heard[] }[]

  constructor(
    private readonly index: SearchIndex,
    taxa: RecoveryTaxon[],
    siteSynonyms: SiteSynonym[] = [],
  ) {
    const add = (term: string, group: string[]) => {
      const k = groupKey(term)
      const list = this.meanings.get(k) ?? []
      for (const g of group) for (const w of words(g)) if (!w.size && !list.includes(w.token)) list.push(w.token)
      this.meanings.set(k, list)
    }
    const kinds = KINDS.trim()
      .split('\n')
      .map((line) => line.split('|'))
    for (const group of [...SYNONYM_GROUPS, ...kinds]) for (const term of group) add(term, group)
    for (const s of siteSynonyms) add(s.term, [s.means])
    // only what has products: a category by its products or its children's, a brand by its products
    const stocked = new Set<string>()
    for (const d of index.docs) {
      stocked.add(`brand:${d.brandId}`)
      for (const c of d.categoryIds) stocked.add(`category:${c}`)
    }
    for (const t of taxa) if (t.kind === 'category' && t.parentId !== null && stocked.has(`category:${t.id}`)) stocked.add(`category:${t.parentId}`)
    this.named = taxa
      .filter((t) => stocked.has(`${t.kind}:${t.id}`))
      .map((taxon) => ({
        taxon,
        tokens: words(taxon.name)
          .filter((w) => !w.size)
          .map((w) => heard(w.token)),
      }))
  }

  /** The query's words, phrases of the dictionary (up to 3 words) as one unit, each with what it means. */
  private units(tokens: string[]): Unit[] {
    const keys = tokens.map(phoneticKey)
    const out: Unit[] = []
    for (let i = 0; i < tokens.length; ) {
      let n = Math.min(3, tokens.length - i)
      while (n > 1 && !this.meanings.has(keys.slice(i, i + n).join(' '))) n--
      const own = tokens.slice(i, i + n).map(heard)
      out.push({ size: n, own, meant: this.meanings.get(keys.slice(i, i + n).join(' ')) ?? [] })
      i += n
    }
    return out
  }

  /** Up to `limit` categories and brands nearest to a query, nearest first (none when nothing is near). */
  nearest(query: string, limit = 3): RecoveryTaxon[] {
    const tokens = words(query)
      .filter((w) => !w.size)
      .map((w) => w.token)
    if (tokens.length === 0) return []
    const units = this.units(tokens)
    const scored: { taxon: RecoveryTaxon; score: number }[] = []
    for (const { taxon, tokens: names } of this.named) {
      if (names.length === 0) continue
      let sum = 0
      const hit = new Set<string>()
      for (const u of units) {
        let best = 0
        for (const name of names) {
          let near = u.size === 1 ? nearness(u.own[0]!, name) : 0
          if (near < 0.75 && u.meant.includes(name.token)) near = 0.75
          if (near > 0) hit.add(name.token)
          best = Math.max(best, near)
        }
        sum += best * u.size
      }
      if (sum === 0) continue
      // how much of the query it answers, then how much of its name the query says ('Biscuits' before 'Biscuits & Chocolates')
      const score = sum / tokens.length + (0.2 * hit.size) / names.length + (taxon.kind === 'category' ? 0.01 : 0)
      scored.push({ taxon, score })
    }
    if (scored.length === 0) return this.byProducts(units, limit)
    scored.sort((a, b) => b.score - a.score || (a.taxon.parentId === null ? 1 : 0) - (b.taxon.parentId === null ? 1 : 0))
    return scored
      .filter((s) => s.score >= 0.35)
      .slice(0, limit)
      .map((s) => s.taxon)
  }

  /** No name is near: the categories of what the query's matching words find on their own ('amul butter' → Dairy). */
  private byProducts(units: Unit[], limit: number): RecoveryTaxon[] {
    const exact = { prefixLast: false }
    const found = units.map((u) => u.own.map((w) => w.token).join(' ')).filter((text) => this.index.searchTop(text, 'relevance', exact, 1).total > 0)
    if (found.length === 0) return []
    const votes = new Map<number, number>()
    this.index.searchTop(found.join(' '), 'relevance', exact, 10).hits.forEach((h, rank) => {
      const c = h.doc.categoryIds.at(-1)
      if (c !== undefined) votes.set(c, (votes.get(c) ?? 0) + 1 / (rank + 1))
    })
    const byId = new Map(this.named.filter((n) => n.taxon.kind === 'category').map((n) => [n.taxon.id, n.taxon]))
    return [...votes]
      .sort((a, b) => b[1] - a[1])
      .flatMap(([id]) => byId.get(id) ?? [])
      .slice(0, limit)
  }
}
