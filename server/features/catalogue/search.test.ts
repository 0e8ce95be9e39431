import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SYNONYM_GROUPS } from './search-dictionary'
import { SearchIndex } from './search-index'
import { JUDGED, measureRelevance, seedDocs, seedTaxa } from './search-judged'
import { SearchRecovery } from './search-recovery'
import { editDistance, phonetic, transliterate, words } from './search-words'

const docs = seedDocs()
const index = new SearchIndex(docs, { categories: [], brands: [] })
const top = (q: string, n = 3) =>
  index
    .search(q)
    .slice(0, n)
    .map((h) => h.doc.name)

describe('search words', () => {
  it('transliterates Devanagari as Hindi is written in Roman letters', () => {
    expect(['आटा', 'चावल', 'बासमती', 'सरसों', 'अरहर', 'दूध', 'घी'].map(transliterate)).toEqual(['ata', 'chaval', 'basmati', 'sarson', 'arhar', 'dudh', 'ghi'])
  })
  it('joins sizes and spells them one way', () => {
    const tokens = (t: string) => words(t).map((w) => w.token)
    expect(tokens('1 Kg')).toEqual(['1kg'])
    expect(tokens('1kgs')).toEqual(['1kg'])
    expect(tokens('1000 g')).toEqual(['1kg'])
    expect(tokens('0.5 kg')).toEqual(['500g'])
    expect(tokens('500ML')).toEqual(['500ml'])
    expect(tokens('atta 5 kg')).toEqual(['atta', '5kg'])
  })
  it('stems plurals and makes Hinglish spellings meet', () => {
    expect(words('Cloves Biscuits Cookies Tomatoes').map((w) => w.token)).toEqual(['clove', 'biscuit', 'cookie', 'tomato'])
    expect(new Set(['aata', 'atta', 'ata'].map(phonetic)).size).toBe(1)
    expect(phonetic('doodh')).toBe(phonetic('dudh'))
    expect(phonetic('chaawal')).toBe(phonetic('chawal'))
  })
  it('allows typos by word length: none up to 3 letters, one up to 7, two beyond', () => {
    expect(top('dal').length).toBeGreaterThan(0)
    expect(index.search('dak').length).toBe(0)
    expect(top('tumeric')[0]).toBe('Desi Tadka Turmeric Powder')
    expect(top('biscuts').length).toBe(3)
    expect(top('basmatti')[0]).toMatch(/Basmati Rice/)
    expect(editDistance('ab', 'ba', 1)).toBe(1)
  })
})

describe('search ranking (demo catalogue)', () => {
  it('finds the issue’s examples', () => {
    expect(top('aata')[0]).toMatch(/ Atta$/)
    expect(top('आटा')[0]).toMatch(/ Atta$/)
    expect(top('maggi')[0]).toMatch(/Noodles/)
    expect(top('toor', 2)).toEqual(['Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'])
    expect(top('basmatti chawal')).toEqual(expect.arrayContaining(['Kesar Valley Basmati Rice']))
    expect(top('1kg atta')[0]).toMatch(/Atta/)
  })
  it('puts the exact product name first, then brand and category matches', () => {
    expect(top('besan', 1)).toEqual(['Sona Khet Besan'])
    expect(top('maida', 1)).toEqual(['Sona Khet Maida'])
    expect(top('sona khet atta', 1)).toEqual(['Sona Khet Whole Wheat Atta'])
  })
  it('puts what is out of stock after what is in stock', () => {
    const ghee = index.search('ghee').map((h) => h.doc)
    const first = ghee[0]!
    const inStock = new Set(docs.filter((d) => d.id !== first.id).map((d) => d.id))
    const order = index.search('ghee', 'relevance', { inStock }).map((h) => h.doc.id)
    expect(order.indexOf(first.id)).toBeGreaterThan(0)
  })
  it('filters by category and brand and sorts as asked', () => {
    const brandId = docs.find((d) => d.brandName === 'Prabhat')!.brandId
    const oils = index.search('oil', 'price_asc', { brandIds: [brandId] }).map((h) => h.doc)
    expect(oils.length).toBeGreaterThan(2)
    expect(oils.every((d) => d.brandId === brandId)).toBe(true)
    for (let i = 1; i < oils.length; i++) expect(oils[i]!.minPricePaise).toBeGreaterThanOrEqual(oils[i - 1]!.minPricePaise)
  })
  it('ranks the staple above products that only mention it (issue 31): milk before milk chocolate', () => {
    for (const q of ['milk', 'doodh', 'दूध']) {
      const names = index.search(q).map((h) => h.doc.name)
      expect(names.slice(0, 2), q).toEqual(['Dhavala Dairy Toned Milk UHT', 'Dhavala Dairy Skimmed Milk Powder'])
      expect(names.indexOf('Mithas Cocoa Milk Chocolate Bar'), q).toBeGreaterThan(1)
      expect(names.indexOf('Tiffin Time Milk Biscuits'), q).toBeGreaterThan(1)
    }
    expect(top('haldi')).toEqual(['Desi Tadka Turmeric Powder', 'Chandan Care Haldi Chandan Body Wash'])
    expect(top('turmeric', 1)).toEqual(['Desi Tadka Turmeric Powder'])
    // a word that only says a form keeps its staple first: ragi flour, moong dal, jeera whole
    expect(top('jeera', 2)).toEqual(expect.arrayContaining(['Masala Mandi Jeera Whole', 'Desi Tadka Jeera Powder']))
    expect(top('moong', 2)).toEqual(expect.arrayContaining(['Kesar Valley Moong Dal']))
    // asked for together, the mentioned word and the thing find the product first
    expect(top('milk chocolate', 1)).toEqual(['Mithas Cocoa Milk Chocolate Bar'])
    expect(top('milk biscuits', 1)).toEqual(['Tiffin Time Milk Biscuits'])
  })
  it(`holds the judged set: success@3 ≥ 0.9 over ${JUDGED.length} queries`, () => {
    expect(JUDGED.length).toBeGreaterThanOrEqual(200)
    const r = measureRelevance(index)
    expect(r.successAt3, JSON.stringify(r.misses)).toBeGreaterThanOrEqual(0.9)
    expect(r.ndcgAt10).toBeGreaterThanOrEqual(0.85)
  })
})

describe('a search that found nothing recovers (issue 31)', () => {
  const recovery = new SearchRecovery(index, seedTaxa())
  const nearest = (q: string) => recovery.nearest(q).map((t) => `${t.kind}:${t.slug}`)
  it('offers the nearest category by name, sound or meaning, while the search itself stays empty', () => {
    for (const q of ['surf excel', 'biskit', 'cold drink']) expect(index.search(q), q).toEqual([])
    expect(nearest('surf excel')[0]).toBe('category:detergents')
    expect(nearest('biskit')[0]).toBe('category:biscuits')
    expect(nearest('cold drink')[0]).toBe('category:juices-drinks')
    expect(nearest('cold drink')).toContain('category:beverages')
    expect(nearest('soft drinks')[0]).toBe('category:juices-drinks')
    expect(nearest('namkin mixchur')[0]).toBe('category:namkeen')
  })
  it('offers a brand by a near spelling of its name, and a category by what the words that match find', () => {
    expect(nearest('tifin')[0]).toBe('brand:tiffin-time')
    expect(nearest('amul butter')[0]).toBe('category:dairy')
  })
  it('offers nothing when nothing is near', () => {
    expect(nearest('zzqqxx')).toEqual([])
    expect(nearest('tata salt')).toEqual([])
    expect(nearest('500g')).toEqual([])
  })
  it('offers only categories and brands that have products', () => {
    const empty = [...seedTaxa(), { kind: 'category' as const, id: 999, name: 'Biskit Hampers', slug: 'biskit-hampers', parentId: null }]
    expect(new SearchRecovery(index, empty).nearest('biskit').map((t) => t.slug)).not.toContain('biskit-hampers')
  })
})

describe('the shipped dictionary', () => {
  const terms = [...new Set(SYNONYM_GROUPS.flat())]
  it('has at least 300 everyday grocery terms', () => {
    expect(terms.length).toBeGreaterThanOrEqual(300)
  })
  /** Products a group names in its own words: a product whose name has all the words of one of its terms. */
  const named = (group: string[]) =>
    docs.filter((d) => {
      const name = new Set(words(`${d.name} ${d.categoryName}`).map((w) => w.token))
      return group.some((term) => {
        const ws = words(term).filter((w) => !w.size)
        return ws.length > 0 && ws.every((w) => name.has(w.token))
      })
    })
  const groups = SYNONYM_GROUPS.map((g) => ({ group: g, products: new Set(named(g).map((d) => d.name)) })).filter((g) => g.products.size > 0)
  it('every synonym finds its product (property: any term of a group that names demo products)', () => {
    expect(groups.length).toBeGreaterThan(60)
    fc.assert(
      fc.property(
        fc.constantFrom(...groups).chain((g) => fc.record({ g: fc.constant(g), term: fc.constantFrom(...g.group) })),
        ({ g, term }) => {
          const found = index.search(term).map((h) => h.doc.name)
          expect(
            found.some((n) => g.products.has(n)),
            `${term} (${g.group[0]}) → ${found.slice(0, 3).join(', ')}`,
          ).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })
  it('a staff synonym makes a query find the product', () => {
    expect(index.search('kharcha').length).toBe(0)
    const withStaff = new SearchIndex(docs, { categories: [], brands: [] }, [{ term: 'kharcha', means: 'basmati rice' }])
    expect(withStaff.search('kharcha')[0]?.doc.name).toMatch(/Basmati Rice/)
  })
})
