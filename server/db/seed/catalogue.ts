import type { Tx } from '../client'
import { openStock } from '../../features/stock/service'
import { brands, categories, packs, productCategories, products, stock, warehouses } from '../schema/catalogue'
import * as data from './data/catalogue'
import { brandImagePath, categoryImagePath, productImagePath } from './images'

/**
 * GST of the demo range by subcategory: HSN heading and rate as packaged, labelled groceries are taxed
 * (docs/decisions/0030-gst-invoices.md). Made for a demo, not tax advice.
 */
export const DEMO_GST: Record<string, { hsn: string; rate: number }> = {
  'atta-flours': { hsn: '1101', rate: 5 },
  rice: { hsn: '1006', rate: 5 },
  'dals-pulses': { hsn: '0713', rate: 5 },
  'powdered-spices': { hsn: '0910', rate: 5 },
  'blended-masalas': { hsn: '0910', rate: 5 },
  'whole-spices': { hsn: '0909', rate: 5 },
  'cooking-oils': { hsn: '1512', rate: 5 },
  'ghee-vanaspati': { hsn: '0405', rate: 12 },
  namkeen: { hsn: '2106', rate: 12 },
  'chips-crisps': { hsn: '2005', rate: 12 },
  'healthy-snacks': { hsn: '2008', rate: 12 },
  tea: { hsn: '0902', rate: 5 },
  coffee: { hsn: '0901', rate: 5 },
  'juices-drinks': { hsn: '2009', rate: 12 },
  'health-drinks': { hsn: '1901', rate: 18 },
  'breakfast-cereals': { hsn: '1904', rate: 18 },
  'spreads-jams': { hsn: '2007', rate: 12 },
  dairy: { hsn: '0402', rate: 5 },
  biscuits: { hsn: '1905', rate: 18 },
  'cookies-rusks': { hsn: '1905', rate: 18 },
  'chocolates-sweets': { hsn: '1806', rate: 18 },
  'noodles-pasta': { hsn: '1902', rate: 12 },
  'ready-to-eat': { hsn: '2106', rate: 12 },
  'instant-mixes': { hsn: '2106', rate: 18 },
  pickles: { hsn: '2001', rate: 12 },
  'sauces-ketchup': { hsn: '2103', rate: 12 },
  'bath-body': { hsn: '3401', rate: 18 },
  'hair-care': { hsn: '3305', rate: 18 },
  'oral-care': { hsn: '3306', rate: 18 },
  detergents: { hsn: '3402', rate: 18 },
  dishwash: { hsn: '3402', rate: 18 },
  'surface-cleaners': { hsn: '3808', rate: 18 },
}

const chunk = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size))

/** Categories, brands, products, packs and stock of one website; returns its warehouse ids. */
export async function seedCatalogue(tx: Tx, websiteId: number, topCategorySlugs: string[] | null, warehouseNames: string[]) {
  const tops = data.categories.filter((c) => !topCategorySlugs || topCategorySlugs.includes(c.slug))
  const categoryId = new Map<string, number>()
  for (const [i, top] of tops.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({ websiteId, name: top.name, slug: top.slug, avatar: categoryImagePath(top.slug), position: i })
      .returning({ id: categories.id })
    categoryId.set(top.slug, row.id)
    const kids = await tx
      .insert(categories)
      .values(top.children.map((c, j) => ({ websiteId, parentId: row.id, name: c.name, slug: c.slug, avatar: categoryImagePath(c.slug), position: j })))
      .returning({ id: categories.id, slug: categories.slug })
    for (const k of kids) categoryId.set(k.slug, k.id)
  }
  const items = data.products.filter((p) => categoryId.has(p.categorySlug))
  const usedBrands = data.brands.filter((b) => items.some((p) => p.brandSlug === b.slug))
  const brandRows = await tx
    .insert(brands)
    .values(usedBrands.map((b) => ({ websiteId, name: b.name, slug: b.slug, logo: brandImagePath(b.slug) })))
    .returning({ id: brands.id, slug: brands.slug })
  const brandId = new Map(brandRows.map((b) => [b.slug, b.id]))
  const warehouseRows = await tx
    .insert(warehouses)
    .values(warehouseNames.map((name, i) => ({ websiteId, name, isDefault: i === 0 })))
    .returning({ id: warehouses.id })

  const categoryName = new Map([...tops.flatMap((t) => [[t.slug, t.name], ...t.children.map((c) => [c.slug, `${c.name} ${t.name}`])])] as [string, string][])
  const brandName = new Map(data.brands.map((b) => [b.slug, b.name]))
  const now = Date.now()
  for (const part of chunk(items, 100)) {
    const rows = await tx
      .insert(products)
      .values(
        part.map((p, i) => ({
          websiteId,
          brandId: brandId.get(p.brandSlug)!,
          categoryId: categoryId.get(p.categorySlug)!,
          name: p.name,
          slug: p.slug,
          description: p.description,
          info: p.info,
          keywords: `${brandName.get(p.brandSlug)} ${categoryName.get(p.categorySlug) ?? ''}`,
          medias: [{ src: productImagePath(p.slug) }],
          popularity: p.popularity,
          hsnCode: DEMO_GST[p.categorySlug]?.hsn ?? null,
          gstRate: DEMO_GST[p.categorySlug]?.rate ?? null,
          minPricePaise: Math.min(...p.packs.map((k) => k.pricePaise)),
          maxDiscount: Math.max(...p.packs.map((k) => Math.round(((k.mrpPaise - k.pricePaise) * 100) / k.mrpPaise))),
          createdAt: new Date(now - (data.products.indexOf(p) * 7 + i) * 3600_000),
          updatedAt: new Date(now - (data.products.indexOf(p) * 7 + i) * 3600_000),
        })),
      )
      .returning({ id: products.id, slug: products.slug, categoryId: products.categoryId })
    await tx.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId: r.categoryId })))
    const productId = new Map(rows.map((r) => [r.slug, r.id]))
    const packRows = await tx
      .insert(packs)
      .values(
        part.flatMap((p) =>
          p.packs.map((k, position) => ({
            websiteId,
            productId: productId.get(p.slug)!,
            name: k.name,
            pricePaise: k.pricePaise,
            mrpPaise: k.mrpPaise,
            position,
          })),
        ),
      )
      .returning({ id: packs.id })
    // Every 29th pack is sold out at the second warehouse, every 53rd everywhere: the demo shows both states.
    await tx.insert(stock).values(
      packRows.flatMap((k) =>
        warehouseRows.map((w, wi) => ({
          packId: k.id,
          warehouseId: w.id,
          quantity: k.id % 53 === 0 || (wi === 1 && k.id % 29 === 0) ? 0 : 40 + ((k.id * 37 + wi * 11) % 160),
        })),
      ),
    )
  }
  await openStock(tx, websiteId)
  return { warehouseIds: warehouseRows.map((w) => w.id) }
}
