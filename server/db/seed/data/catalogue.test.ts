import { describe, expect, it, vi } from 'vitest'
import { brands, categories, products, shop2Categories } from './catalogue'

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const childSlugs = new Set(categories.flatMap((c) => c.children.map((s) => s.slug)))
const brandSlugs = new Set(brands.map((b) => b.slug))

describe('seed catalogue: categories and brands', () => {
  it('has at least 9 top-level categories with 2–4 subcategories each', () => {
    expect(categories.length).toBeGreaterThanOrEqual(9)
    for (const c of categories) {
      expect(c.children.length, c.slug).toBeGreaterThanOrEqual(2)
      expect(c.children.length, c.slug).toBeLessThanOrEqual(4)
    }
  })

  it('uses unique kebab-case slugs across all category levels', () => {
    const all = categories.flatMap((c) => [c.slug, ...c.children.map((s) => s.slug)])
    expect(new Set(all).size).toBe(all.length)
    for (const s of all) expect(s).toMatch(kebab)
  })

  it('has at least 18 brands with unique slugs and hex colours', () => {
    expect(brands.length).toBeGreaterThanOrEqual(18)
    expect(brandSlugs.size).toBe(brands.length)
    expect(new Set(brands.map((b) => b.name.toLowerCase())).size).toBe(brands.length)
    for (const b of brands) {
      expect(b.slug).toMatch(kebab)
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/i)
    }
  })

  it('does not use well-known real trademarks', () => {
    const real =
      /\b(tata|amul|haldiram|britannia|parle|nestl|maggi|fortune|aashirvaad|patanjali|mdh|everest|dabur|saffola|kissan|lays|bingo|surf|vim|lizol|harpic|colgate|dove|annapurna|nandini|ujala)\b/i
    for (const b of brands) expect(b.name).not.toMatch(real)
  })

  it('lists about five existing top-level categories for the second shop', () => {
    const tops = new Set(categories.map((c) => c.slug))
    expect(shop2Categories.length).toBeGreaterThanOrEqual(4)
    expect(shop2Categories.length).toBeLessThanOrEqual(6)
    for (const s of shop2Categories) expect(tops.has(s), s).toBe(true)
  })
})

describe('seed catalogue: products', () => {
  it('has at least 240 products with unique kebab-case slugs', () => {
    expect(products.length).toBeGreaterThanOrEqual(240)
    const slugs = products.map((p) => p.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const s of slugs) expect(s).toMatch(kebab)
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length)
  })

  it('references existing brands and subcategories', () => {
    for (const p of products) {
      expect(brandSlugs.has(p.brandSlug), p.slug).toBe(true)
      expect(childSlugs.has(p.categorySlug), p.slug).toBe(true)
      expect(p.name.startsWith(brands.find((b) => b.slug === p.brandSlug)!.name), p.slug).toBe(true)
    }
  })

  it('gives every subcategory at least 4 products and every brand at least 5', () => {
    const perCat = new Map<string, number>()
    const perBrand = new Map<string, number>()
    for (const p of products) {
      perCat.set(p.categorySlug, (perCat.get(p.categorySlug) ?? 0) + 1)
      perBrand.set(p.brandSlug, (perBrand.get(p.brandSlug) ?? 0) + 1)
    }
    for (const s of childSlugs) expect(perCat.get(s) ?? 0, s).toBeGreaterThanOrEqual(4)
    for (const s of brandSlugs) expect(perBrand.get(s) ?? 0, s).toBeGreaterThanOrEqual(5)
  })

  it('has 1 to 4 packs per product, with a mix of pack counts', () => {
    const counts = new Set<number>()
    for (const p of products) {
      expect(p.packs.length, p.slug).toBeGreaterThanOrEqual(1)
      expect(p.packs.length, p.slug).toBeLessThanOrEqual(4)
      expect(new Set(p.packs.map((k) => k.name)).size, p.slug).toBe(p.packs.length)
      counts.add(p.packs.length)
    }
    expect([...counts].sort()).toEqual([1, 2, 3, 4])
  })

  it('has integer paise prices between ₹10 and ₹1,500 with mrp >= price', () => {
    for (const p of products) {
      for (const k of p.packs) {
        expect(Number.isInteger(k.pricePaise) && Number.isInteger(k.mrpPaise), p.slug).toBe(true)
        expect(k.mrpPaise, p.slug).toBeGreaterThanOrEqual(k.pricePaise)
        expect(k.pricePaise, p.slug).toBeGreaterThanOrEqual(1000)
        expect(k.mrpPaise, p.slug).toBeLessThanOrEqual(150000)
        expect(k.name.trim().length).toBeGreaterThan(0)
      }
    }
  })

  it('discounts about 40% of products by 5–30%', () => {
    const discounted = products.filter((p) => p.packs.some((k) => k.mrpPaise > k.pricePaise))
    const share = discounted.length / products.length
    expect(share).toBeGreaterThan(0.3)
    expect(share).toBeLessThan(0.5)
    for (const p of discounted) {
      for (const k of p.packs.filter((x) => x.mrpPaise > x.pricePaise)) {
        const over = (k.mrpPaise - k.pricePaise) / k.pricePaise
        expect(over, `${p.slug} ${k.name}`).toBeGreaterThanOrEqual(0.05)
        expect(over, `${p.slug} ${k.name}`).toBeLessThanOrEqual(0.3)
      }
    }
  })

  it('has descriptions, info text, a shape and a popularity for every product', () => {
    const shapes = new Set(['bag', 'bottle', 'box', 'jar', 'can', 'packet'])
    for (const p of products) {
      expect(p.description.length, p.slug).toBeGreaterThan(20)
      expect(p.info, p.slug).toMatch(/ingredients: .+Shelf life: .+Storage: /i)
      expect(shapes.has(p.shape), p.slug).toBe(true)
      expect(Number.isInteger(p.popularity) && p.popularity >= 0, p.slug).toBe(true)
    }
    expect(new Set(products.map((p) => p.shape)).size).toBe(6)
  })

  it('contains products that search tests can look for', () => {
    for (const term of ['Basmati Rice', 'Toor Dal', 'Masoor Dal', 'Moong Dal', 'Green Tea', 'Masala Chai', 'Cold Pressed Mustard Oil']) {
      expect(
        products.some((p) => p.name.includes(term)),
        term,
      ).toBe(true)
    }
  })

  it('is deterministic across imports', async () => {
    vi.resetModules()
    const again = await import('./catalogue')
    expect(again.products).toEqual(products)
    expect(again.categories).toEqual(categories)
  })
})
