/**
 * A large, realistic catalogue for benchmarks: N products (default 50,000) with ~3 packs each and stock in two
 * warehouses, on a website of its own (the demo websites stay intact). Names are built from word lists over the
 * demo catalogue's aisles, so full-text search and trigram matching have real work to do.
 *
 *   npx tsx bench/generate-catalogue.ts <DATABASE_URL|memory://> [products] [origin]
 */
import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../server/db/client'
import { openStock } from '../server/features/stock/service'
import { brands, categories, packs, productCategories, products, stock, warehouses } from '../server/db/schema/catalogue'
import { websiteOrigins, websites } from '../server/db/schema/sites'
import * as demo from '../server/db/seed/data/catalogue'
import { seedSites } from '../server/db/seed/data/sites'
import { brandImagePath, categoryImagePath, productImagePath } from '../server/db/seed/images'

/** mulberry32: the same catalogue on every run and on both drivers */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const BRAND_HEADS = [
  'Kesar',
  'Sona',
  'Amrit',
  'Gokul',
  'Shree',
  'Desi',
  'Ganga',
  'Nilgiri',
  'Malabar',
  'Vindhya',
  'Kaveri',
  'Himalaya',
  'Annapurna',
  'Surya',
  'Chandra',
  'Lakshmi',
  'Navratna',
  'Pushp',
  'Sahyadri',
  'Thar',
  'Konkan',
  'Deccan',
  'Mithila',
  'Narmada',
]
const BRAND_TAILS = ['Foods', 'Farms', 'Naturals', 'Mills', 'Dairy', 'Kitchen', 'Organics', 'Harvest', 'Bazaar', 'Essentials', 'Gold', 'Select']
const MODIFIERS = [
  '',
  '',
  '',
  'Organic',
  'Premium',
  'Classic',
  'Gold',
  'Everyday',
  'Farm Fresh',
  'Royal',
  'Lite',
  'Pure',
  'Traditional',
  'Homestyle',
  'Hand-picked',
  'Stone Ground',
  'Extra Special',
  'Double Filtered',
  'Sugar Free',
  'Low Fat',
]
const VARIANTS = [
  '',
  '',
  '',
  '',
  'Value Pack',
  'Family Pack',
  'Combo',
  'Masala',
  'Elaichi',
  'Kesar Pista',
  'Mango',
  'Lemon',
  'Tomato',
  'Pudina',
  'Jeera',
  'Hing',
  'Honey',
  'Ginger',
  'Tulsi',
  'Smoked',
]
const CLAIMS = [
  'Sourced from trusted farms across India.',
  'No added preservatives or artificial colours.',
  'Packed fresh in a hygienic, automated facility.',
  'A favourite in kitchens from Kochi to Kolkata.',
  'Rich in taste, light on the pocket.',
  'Lab-tested for purity and quality.',
  'Great for festive cooking and everyday meals.',
  'Resealable pack keeps it fresh for longer.',
]

export interface GenerateOptions {
  products?: number
  warehouses?: number
  log?: (msg: string) => void
}

export interface GenerateResult {
  products: number
  packs: number
  stockRows: number
  ms: number
}

/** A website for the bench with its own origin; returns its id. */
export async function createBenchWebsite(db: Db, origin: string): Promise<number> {
  const existing = await db.select({ id: websiteOrigins.websiteId }).from(websiteOrigins).where(eq(websiteOrigins.origin, origin))
  if (existing[0]) return existing[0].id
  const site = seedSites[0]
  const [row] = await db
    .insert(websites)
    .values({ name: 'Bench Mart', description: 'Benchmark catalogue', theme: site.theme, fontFamily: site.fontFamily, settings: site.settings })
    .returning({ id: websites.id })
  await db.insert(websiteOrigins).values({ origin, websiteId: row.id })
  // The first demo store's pages (home with its product carousels, the product list's): server-rendered page rows.
  await db.execute(sql`insert into pages (website_id, url, components, css, show_footer, show_navbar, show_sub_navbar, seo_title, seo_description, seo_keyword, schema_script)
    select ${row.id}, url, components, css, show_footer, show_navbar, show_sub_navbar, seo_title, seo_description, seo_keyword, schema_script
    from pages where website_id = (select min(id) from websites where id <> ${row.id})`)
  return row.id
}

/** Bulk-inserts the catalogue of `websiteId` in one transaction (multi-row INSERTs in chunks). */
export async function generateCatalogue(db: Db, websiteId: number, options: GenerateOptions = {}): Promise<GenerateResult> {
  const count = options.products ?? 50_000
  const started = Date.now()
  const rand = prng(0xbe7c4 + count)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]
  const result = await db.transaction(async (tx) => {
    const { categoryIds, subs } = await insertCategories(tx, websiteId)
    const brandIds = await insertBrands(tx, websiteId)
    const houses = await tx
      .insert(warehouses)
      .values(Array.from({ length: options.warehouses ?? 2 }, (_, i) => ({ websiteId, name: `Bench Warehouse ${i + 1}`, isDefault: i === 0 })))
      .returning({ id: warehouses.id })
    const basesBySub = new Map<string, demo.SeedProduct[]>()
    for (const p of demo.products) basesBySub.set(p.categorySlug, [...(basesBySub.get(p.categorySlug) ?? []), p])
    const brandOf = new Map(demo.brands.map((b) => [b.slug, b.name]))
    const slugs = new Set<string>()
    const now = Date.now()
    let packCount = 0
    let stockCount = 0
    for (let done = 0; done < count; ) {
      const size = Math.min(1000, count - done)
      const items = Array.from({ length: size }, (_, i) => {
        const sub = pick(subs)
        const base = pick(basesBySub.get(sub.slug)!)
        const brand = pick(brandIds)
        const bare = base.name.slice((brandOf.get(base.brandSlug) ?? '').length).trim()
        const name = [brand.name, pick(MODIFIERS), bare, pick(VARIANTS)].filter(Boolean).join(' ')
        let slug = demo.slugify(name)
        if (slugs.has(slug)) slug = `${slug}-${done + i}`
        slugs.add(slug)
        const packList = makePacks(base.packs, 1 + Math.floor(rand() * 5), rand)
        return {
          row: {
            websiteId,
            brandId: brand.id,
            categoryId: categoryIds.get(sub.slug)!,
            name,
            slug,
            description: `${base.description.replaceAll(bare, name)} ${pick(CLAIMS)} ${pick(CLAIMS)}`,
            info: base.info,
            keywords: `${brand.name} ${sub.name} ${sub.top}`,
            medias: [{ src: productImagePath(base.slug) }],
            popularity: Math.floor(rand() ** 3 * 1000),
            minPricePaise: Math.min(...packList.map((k) => k.pricePaise)),
            maxDiscount: Math.max(...packList.map((k) => Math.round(((k.mrpPaise - k.pricePaise) * 100) / k.mrpPaise))),
            createdAt: new Date(now - Math.floor(rand() * 730 * 24) * 3600_000),
          },
          packs: packList,
        }
      })
      const rows = await tx
        .insert(products)
        .values(items.map((x) => ({ ...x.row, updatedAt: x.row.createdAt })))
        .returning({ id: products.id, slug: products.slug, categoryId: products.categoryId })
      await tx.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId: r.categoryId })))
      const idOf = new Map(rows.map((r) => [r.slug, r.id]))
      const packRows = await tx
        .insert(packs)
        .values(items.flatMap((x) => x.packs.map((k, position) => ({ websiteId, productId: idOf.get(x.row.slug)!, ...k, position }))))
        .returning({ id: packs.id })
      const stockRows = packRows.flatMap((k) =>
        houses.map((w, wi) => ({
          packId: k.id,
          warehouseId: w.id,
          quantity: k.id % 53 === 0 || (wi === 1 && k.id % 29 === 0) ? 0 : 40 + ((k.id * 37 + wi * 11) % 160),
        })),
      )
      for (let i = 0; i < stockRows.length; i += 5000) await tx.insert(stock).values(stockRows.slice(i, i + 5000))
      packCount += packRows.length
      stockCount += stockRows.length
      done += size
      if (done % 10_000 === 0) options.log?.(`  ${done} products (${Math.round((Date.now() - started) / 1000)} s)`)
    }
    // 300,000 opening ledger rows in one statement: more than the app pool's statement timeout allows.
    await tx.execute(sql`set local statement_timeout = 0`)
    await openStock(tx, websiteId)
    return { products: count, packs: packCount, stockRows: stockCount }
  })
  // Statistics and the visibility map as autovacuum would have them a minute later (PGlite has no autovacuum):
  // without the map, counting the staff product table reads every row instead of an index.
  for (const table of ['products', 'packs', 'stock', 'stock_ledger', 'product_stock', 'categories', 'brands', 'product_categories'])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  const ms = Date.now() - started
  options.log?.(`generated ${result.products} products, ${result.packs} packs, ${result.stockRows} stock rows in ${(ms / 1000).toFixed(1)} s`)
  return { ...result, ms }
}

async function insertCategories(tx: Tx, websiteId: number) {
  const categoryIds = new Map<string, number>()
  const subs: { slug: string; name: string; top: string }[] = []
  for (const [i, top] of demo.categories.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({ websiteId, name: top.name, slug: top.slug, avatar: categoryImagePath(top.slug), position: i })
      .returning({ id: categories.id })
    categoryIds.set(top.slug, row.id)
    const kids = await tx
      .insert(categories)
      .values(top.children.map((c, j) => ({ websiteId, parentId: row.id, name: c.name, slug: c.slug, avatar: categoryImagePath(c.slug), position: j })))
      .returning({ id: categories.id, slug: categories.slug })
    for (const k of kids) categoryIds.set(k.slug, k.id)
    subs.push(...top.children.map((c) => ({ slug: c.slug, name: c.name, top: top.name })))
  }
  return { categoryIds, subs }
}

/** The 23 demo brands plus 288 generated ones (heads × tails). */
async function insertBrands(tx: Tx, websiteId: number) {
  const list = [
    ...demo.brands.map((b) => ({ name: b.name, slug: b.slug, logo: brandImagePath(b.slug) })),
    ...BRAND_HEADS.flatMap((h) => BRAND_TAILS.map((t) => ({ name: `${h} ${t}`, slug: demo.slugify(`${h} ${t}`), logo: null }))),
  ]
  return tx
    .insert(brands)
    .values(list.map((b) => ({ websiteId, ...b })))
    .returning({ id: brands.id, name: brands.name, slug: brands.slug })
}

/** `n` packs from the demo product's packs: its sizes first, then multipacks of them. */
function makePacks(base: demo.SeedPack[], n: number, rand: () => number) {
  const scale = 0.7 + rand() * 0.8
  const off = rand() < 0.45 ? 0.03 + rand() * 0.3 : 0
  return Array.from({ length: n }, (_, i) => {
    const k = base[i % base.length]
    const times = 1 + Math.floor(i / base.length)
    const mrpPaise = Math.max(1000, Math.round((k.mrpPaise * scale * times) / 100) * 100)
    return { name: times > 1 ? `${times} x ${k.name}` : k.name, mrpPaise, pricePaise: Math.round(mrpPaise * (1 - off)) }
  })
}

/** Words shoppers type: aisle names and product words from the demo catalogue, lower case. */
/** Brand names of the generated catalogue (the demo's and the generated ones), for brand + word searches. */
/** Slugs of every brand of the generated catalogue (never-seen product lists filter by them). */
export const BRAND_SLUGS = [...demo.brands.map((b) => b.slug), ...BRAND_HEADS.flatMap((h) => BRAND_TAILS.map((t) => demo.slugify(`${h} ${t}`)))]

export const BRAND_NAMES = [...demo.brands.map((b) => b.name), ...BRAND_HEADS.map((h) => `${h} ${BRAND_TAILS[0]}`)]

export function searchWords(): string[] {
  const words = new Set<string>()
  for (const p of demo.products) for (const w of p.name.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(w)
  for (const m of [...MODIFIERS, ...VARIANTS]) for (const w of m.toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(w)
  return [...words].sort()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDb } = await import('../server/db/client')
  const [url, n = '50000', origin = 'http://bench.localhost:3000'] = process.argv.slice(2)
  if (!url) throw new Error('usage: tsx bench/generate-catalogue.ts <DATABASE_URL|memory://> [products] [origin]')
  const database = await openDb({ url })
  try {
    const siteId = await createBenchWebsite(database.db, origin)
    await generateCatalogue(database.db, siteId, { products: Number(n), log: console.log })
  } finally {
    await database.close()
  }
}
