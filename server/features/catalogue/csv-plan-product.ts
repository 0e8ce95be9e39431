import type { CsvColumnKey, ImportProblem } from '../../../common/contracts/admin-catalogue-csv'
import { cleanRichText } from '../../platform/rich-text'
import { type Columns, headerOf, norm, rowProblem } from './csv-header'
import type { Group, Matched } from './csv-match'
import type { PackValues, PlannedPack, PlannedProduct, PlannedStock, ProductValues } from './csv-planned'
import type * as q from './csv-queries'
import type { RowValues } from './csv-row'

/**
 * One product of the file planned against the catalogue as it is: its values, what changes, and its packs (by SKU,
 * else by name), their stock and low-stock marks. Nothing is deleted: packs the file leaves out stay as they are.
 */

const MAX_PACKS = 20

/** The products the file names, as the catalogue has them now (read under the import's lock when it applies). */
export function catalogueNow(state: Awaited<ReturnType<typeof q.loadProductState>>) {
  const productRow = new Map(state.productRows.map((p) => [p.id, p]))
  const categoriesOf = new Map<number, number[]>()
  for (const c of state.categoryRows) categoriesOf.set(c.productId, [...(categoriesOf.get(c.productId) ?? []), c.categoryId])
  const packsOf = new Map<number, typeof state.packRows>()
  for (const k of state.packRows) packsOf.set(k.productId, [...(packsOf.get(k.productId) ?? []), k])
  const stockOf = new Map(state.stockRows.map((s) => [`${s.packId}:${s.warehouseId}`, s]))
  const thresholdOf = new Map(state.thresholdRows.map((t) => [t.packId, t.lowAt]))
  return { productRow, categoriesOf, packsOf, stockOf, thresholdOf }
}
export type CatalogueNow = ReturnType<typeof catalogueNow>

/** Null when the product is gone (cannot happen under the import's lock). */
export function planProduct(
  g: Group,
  id: number | null,
  catalogue: CatalogueNow,
  codes: Pick<Matched, 'packOfSku' | 'packOfBarcode'>,
  columns: Columns,
  problems: ImportProblem[],
): PlannedProduct | null {
  const { productRow, categoriesOf, packsOf, stockOf, thresholdOf } = catalogue
  const { packOfSku, packOfBarcode } = codes
  const header = (key: CsvColumnKey) => headerOf(columns, key)
  const current = id === null ? null : productRow.get(id)
  if (id !== null && !current) return null // deleted meanwhile: cannot happen under the lock
  const f = g.first.product
  const before: ProductValues | null = current
    ? {
        name: current.name,
        slug: current.slug,
        brandId: current.brandId,
        categoryIds: categoriesOf.get(current.id) ?? [current.categoryId],
        status: current.status,
        description: current.description,
        info: current.info,
        searchKeywords: current.searchKeywords,
        hsnCode: current.hsnCode,
        gstRate: current.gstRate,
        cessRate: current.cessRate,
        medias: current.medias,
      }
    : null
  const values: ProductValues = {
    name: f.name,
    slug: before?.slug ?? f.slug ?? null,
    brandId: f.brandId ?? before?.brandId ?? 0,
    categoryIds: f.categoryIds ?? before?.categoryIds ?? [],
    status: f.status ?? before?.status ?? 'active',
    description: f.description !== undefined ? f.description : (before?.description ?? null),
    info: f.info !== undefined ? f.info : (before?.info ?? null),
    searchKeywords: f.searchKeywords ?? before?.searchKeywords ?? '',
    hsnCode: f.hsnCode !== undefined ? f.hsnCode : (before?.hsnCode ?? null),
    gstRate: f.gstRate !== undefined ? f.gstRate : (before?.gstRate ?? null),
    cessRate: f.cessRate !== undefined ? f.cessRate : (before?.cessRate ?? null),
    // The file's images; the same ones as now keep their alt texts.
    medias: f.medias && srcs(f.medias) !== srcs(before?.medias ?? []) ? f.medias : (before?.medias ?? []),
  }
  const changes = before ? productChanges(before, values, header) : []

  // Packs: by SKU, then by name among the product's packs not yet taken.
  const own = id === null ? [] : (packsOf.get(id) ?? [])
  const taken = new Set<number>()
  const matched = new Map<RowValues, (typeof own)[number] | null>()
  for (const r of g.rows) {
    if (!r.pack?.sku) continue
    const holder = packOfSku.get(r.pack.sku)
    if (!holder) continue
    if (holder.productId !== id) {
      rowProblem(
        problems,
        r,
        header('sku'),
        `The SKU “${r.pack.sku}” is used by another product, “${holder.productName}” (${holder.productSlug}): a pack cannot move to another product`,
      )
      continue
    }
    const pack = own.find((k) => k.id === holder.packId)!
    matched.set(r, pack)
    taken.add(pack.id)
  }
  for (const r of g.rows) {
    if (!r.pack || matched.has(r)) continue
    const pack = own.find((k) => !taken.has(k.id) && norm(k.name) === norm(r.pack!.name)) ?? null
    if (pack) taken.add(pack.id)
    matched.set(r, pack)
  }
  const packCount = own.length + [...matched.values()].filter((k) => k === null).length
  if (packCount > MAX_PACKS) rowProblem(problems, g.first, header('pack_name'), `“${f.name}” would have ${packCount} packs: at most ${MAX_PACKS}`)

  const plannedPacks: PlannedPack[] = []
  const rowOf = new Map<number, RowValues>()
  let nextPosition = own.reduce((m, k) => Math.max(m, k.position + 1), 0)
  for (const r of g.rows) {
    if (!r.pack) continue
    const pack = matched.get(r)
    if (pack === undefined) continue
    const p = r.pack
    const packValues: PackValues = {
      name: p.name,
      pricePaise: p.pricePaise,
      mrpPaise: p.mrpPaise,
      sku: p.sku !== undefined ? p.sku : (pack?.sku ?? null),
      barcode: p.barcode !== undefined ? p.barcode : (pack?.barcode ?? null),
      weightGrams: p.weightGrams !== undefined ? p.weightGrams : (pack?.weightGrams ?? null),
      position: p.position ?? pack?.position ?? nextPosition++,
    }
    const packChanges = pack ? packFieldChanges(pack, packValues, header) : []
    const stockPlan: PlannedStock[] = []
    for (const [warehouseId, to] of r.stock) {
      const now = pack ? stockOf.get(`${pack.id}:${warehouseId}`) : undefined
      const from = now?.quantity ?? 0
      if (now && to < now.reserved) {
        rowProblem(
          problems,
          r,
          columns.stock.find((s) => s.warehouseId === warehouseId)!.header,
          `On hand cannot be less than the ${now.reserved} held for open orders`,
        )
        continue
      }
      if (to !== from || (!pack && to > 0)) stockPlan.push({ warehouseId, from, to })
    }
    const fromThreshold = pack ? (thresholdOf.get(pack.id) ?? null) : null
    const threshold = r.lowStock !== undefined && r.lowStock !== fromThreshold ? { from: fromThreshold, to: r.lowStock } : null
    rowOf.set(plannedPacks.length, r)
    plannedPacks.push({
      line: r.line,
      existingId: pack?.id ?? null,
      values: packValues,
      action: pack === null ? 'create' : packChanges.length ? 'change' : 'unchanged',
      changes: [
        ...packChanges,
        ...stockPlan.map((s) => columns.stock.find((c) => c.warehouseId === s.warehouseId)!.header),
        ...(threshold ? [header('low_stock')] : []),
      ],
      stock: stockPlan,
      threshold,
    })
  }
  // A barcode may move between packs of this product in one import, never from another product.
  plannedPacks.forEach((k, i) => {
    const code = k.values.barcode
    const holder = code ? packOfBarcode.get(code) : undefined
    if (!holder || holder.packId === k.existingId) return
    if (holder.productId !== id)
      rowProblem(
        problems,
        rowOf.get(i)!,
        header('barcode'),
        `The barcode “${code}” is used by another product, “${holder.productName}” (${holder.productSlug})`,
      )
    else if (!plannedPacks.some((o) => o.existingId === holder.packId && o.values.barcode !== code))
      rowProblem(problems, rowOf.get(i)!, header('barcode'), `The barcode “${code}” is used by another pack of this product`)
  })
  return {
    line: g.first.line,
    existingId: id,
    version: current?.version ?? null,
    values,
    action: id === null ? 'create' : changes.length ? 'change' : 'unchanged',
    changes,
    packs: plannedPacks,
  }
}

function productChanges(before: ProductValues, after: ProductValues, header: (k: CsvColumnKey) => string): string[] {
  const changed: string[] = []
  const pairs: [CsvColumnKey, unknown, unknown][] = [
    ['product_name', before.name, after.name],
    ['brand', before.brandId, after.brandId],
    ['categories', before.categoryIds.join(','), after.categoryIds.join(',')],
    ['status', before.status, after.status],
    // Text written before the sanitiser (seed data) counts as what the sanitiser makes of it.
    ['product_description', sameRichText(before.description, after.description), after.description],
    ['product_info', sameRichText(before.info, after.info), after.info],
    ['search_keywords', before.searchKeywords, after.searchKeywords],
    ['hsn_code', before.hsnCode, after.hsnCode],
    ['gst_rate', before.gstRate, after.gstRate],
    ['cess_rate', before.cessRate, after.cessRate],
    ['image_urls', srcs(before.medias), srcs(after.medias)],
  ]
  for (const [key, a, b] of pairs) if (a !== b) changed.push(header(key))
  return changed
}

const srcs = (medias: { src: string }[]) => medias.map((m) => m.src).join(' ')

const sameRichText = (stored: string | null, cleaned: string | null) => (stored === cleaned || cleanRichText(stored) === cleaned ? cleaned : stored)

function packFieldChanges(before: Omit<PackValues, never>, after: PackValues, header: (k: CsvColumnKey) => string): string[] {
  const pairs: [CsvColumnKey, unknown, unknown][] = [
    ['pack_name', before.name, after.name],
    ['price', before.pricePaise, after.pricePaise],
    ['act_price', before.mrpPaise, after.mrpPaise],
    ['sku', before.sku, after.sku],
    ['barcode', before.barcode, after.barcode],
    ['weight_grams', before.weightGrams, after.weightGrams],
    ['position', before.position, after.position],
  ]
  return pairs.filter(([, a, b]) => a !== b).map(([key]) => header(key))
}
