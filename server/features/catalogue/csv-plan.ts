import * as z from 'zod/mini'
import {
  Code,
  CessRate,
  GstRate,
  HsnCode,
  optionalText,
  PRODUCT_STATUSES,
  type ProductStatus,
  required,
  RichText,
  Rupees,
  Slug,
} from '../../../common/contracts/admin-catalogue'
import {
  CSV_COLUMNS,
  type CsvColumnKey,
  type ImportAction,
  type ImportLine,
  type ImportProblem,
  type ImportSummary,
  STOCK_HEADER_PREFIX,
} from '../../../common/contracts/admin-catalogue-csv'
import type { Db, Tx } from '../../db/client'
import { parseRupees, parseWhole, restore, runsAsFormula } from './csv-cells'
import type { CsvFile, CsvRow } from './csv-read'
import * as q from './csv-queries'
import { cleanRichText } from '../../platform/rich-text'

/**
 * An import's plan: the file's rows checked cell by cell and matched against the catalogue, with every problem and
 * what each product, pack and stock cell would do. Preview shows it; apply makes it again inside its transaction
 * (products locked) and writes it (csv-import.ts).
 *
 * Matching (docs/decisions/0017-catalogue-csv.md): rows with the same slug are one product (without a slug: the
 * product of the row's SKU, else the one product of that name, else a new one); within it a row is the pack with
 * its SKU, else the pack of its name, else a new pack. A SKU never moves to another product. Nothing is deleted:
 * packs and products the file leaves out stay as they are.
 */

const MAX_PACKS = 20
const MAX_CATEGORIES = 10

export interface ProductValues {
  name: string
  slug: string | null
  brandId: number
  categoryIds: number[]
  status: ProductStatus
  description: string | null
  info: string | null
  searchKeywords: string
  hsnCode: string | null
  gstRate: number | null
  cessRate: number | null
}
export interface PackValues {
  name: string
  pricePaise: number
  mrpPaise: number
  sku: string | null
  barcode: string | null
  weightGrams: number | null
  position: number
}

export interface PlannedStock {
  warehouseId: number
  /** on hand now (0 when the pack has no stock row there) */
  from: number
  to: number
}
export interface PlannedPack {
  line: number
  existingId: number | null
  values: PackValues
  action: ImportAction
  changes: string[]
  stock: PlannedStock[]
  /** the pack's low-stock mark, when the file changes it (null: the default) */
  threshold: { from: number | null; to: number | null } | null
}
export interface PlannedProduct {
  line: number
  existingId: number | null
  /** the product's version as the plan read it (null for a new product) */
  version: number | null
  values: ProductValues
  action: ImportAction
  changes: string[]
  packs: PlannedPack[]
}
export interface Plan {
  problems: ImportProblem[]
  products: PlannedProduct[]
  summary: ImportSummary
  lines: ImportLine[]
}

/* ---------- columns ---------- */

type Field = { key: CsvColumnKey; index: number; header: string }
interface Columns {
  fields: Map<CsvColumnKey, Field>
  stock: { warehouseId: number; index: number; header: string }[]
}

/** The column's header as the file has it, else as the export names it. */
const headerOf = (columns: Columns, key: CsvColumnKey) => columns.fields.get(key)?.header ?? CSV_COLUMNS.find((c) => c.key === key)!.header

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

function readHeader(header: string[], taxonomy: q.Taxonomy, problems: ImportProblem[]): Columns {
  const columns: Columns = { fields: new Map(), stock: [] }
  const known = new Map<string, CsvColumnKey>()
  for (const c of CSV_COLUMNS) {
    known.set(norm(c.header), c.key)
    known.set(c.key, c.key)
  }
  const houses = new Map(taxonomy.warehouses.map((w) => [norm(w.name), w.id]))
  const seen = new Set<string>()
  const headerProblem = (column: string | null, message: string) => problems.push({ line: 1, row: 1, column, message })
  header.forEach((raw, index) => {
    const name = restore(raw)
      .replace(/^\uFEFF/, '')
      .trim()
    if (name === '') return headerProblem(null, `Column ${index + 1} has no header`)
    const key = norm(name)
    if (seen.has(key)) return headerProblem(name, `The column “${name}” is there twice`)
    seen.add(key)
    const field = known.get(key)
    if (field) return void columns.fields.set(field, { key: field, index, header: name })
    if (key.startsWith(norm(STOCK_HEADER_PREFIX))) {
      const house = key.slice(norm(STOCK_HEADER_PREFIX).length).trim()
      const id = houses.get(house)
      if (id === undefined) return headerProblem(name, `There is no warehouse “${name.slice(STOCK_HEADER_PREFIX.length).trim()}”`)
      return void columns.stock.push({ warehouseId: id, index, header: name })
    }
    headerProblem(name, `Unknown column “${name}”: the columns are ${CSV_COLUMNS.map((c) => c.header).join(', ')} and “${STOCK_HEADER_PREFIX}<warehouse>”`)
  })
  for (const c of CSV_COLUMNS) {
    if ('required' in c && c.required && !columns.fields.has(c.key)) headerProblem(null, `The file has no “${c.header}” column`)
  }
  return columns
}

/* ---------- one row ---------- */

interface RowValues {
  line: number
  row: number
  product: Partial<ProductValues> & { name: string }
  /** which product columns the row set, for comparing rows of one product */
  productCells: Partial<Record<CsvColumnKey, string>>
  pack: (Omit<PackValues, 'position' | 'sku' | 'barcode' | 'weightGrams'> & Partial<Pick<PackValues, 'position' | 'sku' | 'barcode' | 'weightGrams'>>) | null
  stock: Map<number, number>
  /** undefined: the file has no threshold column */
  lowStock?: number | null
}

const PRODUCT_KEYS: CsvColumnKey[] = [
  'product_name',
  'slug',
  'brand',
  'categories',
  'status',
  'product_description',
  'product_info',
  'search_keywords',
  'hsn_code',
  'gst_rate',
  'cess_rate',
]
const PACK_KEYS: CsvColumnKey[] = ['pack_name', 'price', 'act_price', 'sku', 'barcode', 'weight_grams', 'position', 'low_stock']

const Weight = z.number().check(z.int('Weight is in whole grams'), z.positive('Weight must be more than 0'), z.lte(1_000_000, 'Weight is too large'))
const Position = z.number().check(z.int('Sort order is a whole number'), z.gte(0, 'Sort order must be 0 or more'), z.lte(1000, 'Sort order is at most 1000'))
const Threshold = z
  .number()
  .check(
    z.int('Low-stock threshold is a whole number'),
    z.gte(0, 'Low-stock threshold cannot be negative'),
    z.lte(1_000_000, 'Low-stock threshold is too large'),
  )
const OnHand = z.number().check(z.int('On hand is a whole number'), z.gte(0, 'On hand cannot be negative'), z.lte(10_000_000, 'On hand is too large'))

function check<T>(schema: z.ZodMiniType<T>, value: unknown): { ok: true; value: T } | { ok: false; message: string } {
  const r = z.safeParse(schema, value)
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? 'Not a valid value' }
}

function readRow(r: CsvRow, columns: Columns, taxonomy: Lookup, problems: ImportProblem[]): RowValues | null {
  const before = problems.length
  const problem = (column: string | null, message: string) => problems.push({ line: r.line, row: r.row, column, message })
  const cells = new Map<CsvColumnKey, string>()
  const formulas = new Set<CsvColumnKey>()
  for (const [key, f] of columns.fields) {
    const raw = r.cells[f.index] ?? ''
    // Numbers may carry a sign (a negative price is a price problem, not a formula); other cells must not run.
    const numeric =
      key === 'price' || key === 'act_price' || key === 'weight_grams' || key === 'position' || key === 'gst_rate' || key === 'cess_rate' || key === 'low_stock'
    if (runsAsFormula(raw) && !(numeric && /^[+-]?[\d.,]/.test(raw))) {
      problem(
        f.header,
        `This cell starts with “${JSON.stringify(raw[0]).slice(1, -1)}”, so a spreadsheet app would run it as a formula: put an apostrophe (') before it`,
      )
      formulas.add(key)
      continue
    }
    cells.set(key, restore(raw))
  }
  const header = (key: CsvColumnKey) => headerOf(columns, key)
  const take = <T>(key: CsvColumnKey, schema: z.ZodMiniType<T>, value: unknown): T | undefined => {
    if (formulas.has(key)) return undefined
    const c = check(schema, value)
    if (c.ok) return c.value
    problem(header(key), c.message)
    return undefined
  }
  const has = (key: CsvColumnKey) => cells.has(key)
  const cell = (key: CsvColumnKey) => cells.get(key) ?? ''

  const product: RowValues['product'] = { name: '' }
  const name = take('product_name', required('Product name', 120), cell('product_name'))
  if (name !== undefined) product.name = name
  if (has('slug')) {
    const s = cell('slug').trim()
    product.slug = s === '' ? null : (take('slug', Slug(), s) ?? null)
  }
  if (has('brand')) {
    const b = cell('brand').trim()
    if (b === '') problem(header('brand'), 'Brand is required')
    else {
      const id = taxonomy.brand(b)
      if (id === undefined) problem(header('brand'), `Unknown brand “${b}”: add it under Brands first`)
      else product.brandId = id
    }
  }
  if (has('categories')) {
    const names = [
      ...new Set(
        cell('categories')
          .split(/[,;|]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ]
    if (names.length === 0) problem(header('categories'), 'Categories is required')
    else if (names.length > MAX_CATEGORIES) problem(header('categories'), `At most ${MAX_CATEGORIES} categories`)
    else {
      const ids = names.map((n) => taxonomy.category(n))
      const unknown = names.filter((_, i) => ids[i] === undefined)
      if (unknown.length)
        problem(header('categories'), `Unknown ${unknown.length === 1 ? 'category' : 'categories'}: ${unknown.map((u) => `“${u}”`).join(', ')}`)
      else product.categoryIds = [...new Set(ids as number[])]
    }
  }
  if (has('status')) {
    const s = cell('status').trim().toLowerCase()
    if (s !== '') {
      if ((PRODUCT_STATUSES as readonly string[]).includes(s)) product.status = s as ProductStatus
      else problem(header('status'), 'Status must be draft, active or archived')
    }
  }
  if (has('product_description')) {
    const v = take('product_description', RichText('Description'), cell('product_description'))
    if (v !== undefined) product.description = cleanRichText(v)
  }
  if (has('product_info')) {
    const v = take('product_info', RichText('Info'), cell('product_info'))
    if (v !== undefined) product.info = cleanRichText(v)
  }
  if (has('search_keywords')) {
    const v = take('search_keywords', optionalText('Search keywords', 500), cell('search_keywords'))
    if (v !== undefined) product.searchKeywords = v
  }
  if (has('hsn_code')) {
    const s = cell('hsn_code').trim()
    product.hsnCode = s === '' ? null : (take('hsn_code', HsnCode, s) ?? null)
  }
  if (has('gst_rate')) {
    const s = cell('gst_rate').trim().replace(/\s*%$/, '')
    if (s === '') product.gstRate = null
    else {
      const v = take('gst_rate', GstRate, parseRupees(s) ?? s)
      if (v !== undefined) product.gstRate = v
    }
  }
  if (has('cess_rate')) {
    const s = cell('cess_rate').trim().replace(/\s*%$/, '')
    if (s === '' || s === '0') product.cessRate = null
    else {
      const v = take('cess_rate', CessRate, Number(s))
      if (v !== undefined) product.cessRate = v
    }
  }

  // A row without any pack cell carries only its product.
  const packEmpty = PACK_KEYS.every((k) => cell(k).trim() === '')
  let pack: RowValues['pack'] = null
  if (!packEmpty) {
    const packName = take('pack_name', required('Pack name', 60), cell('pack_name'))
    const price = money('price', 'Price')
    const mrp = money('act_price', 'MRP')
    if (price !== undefined && mrp !== undefined && price > mrp) problem(header('price'), 'Price cannot be more than the MRP')
    pack = { name: packName ?? '', pricePaise: Math.round((price ?? 0) * 100), mrpPaise: Math.round((mrp ?? 0) * 100) }
    if (has('sku')) {
      const s = cell('sku').trim()
      pack.sku = s === '' ? null : (take('sku', Code('SKU'), s) ?? null)
    }
    if (has('barcode')) {
      const s = cell('barcode').trim()
      pack.barcode = s === '' ? null : (take('barcode', Code('Barcode'), s) ?? null)
    }
    if (has('weight_grams')) {
      const s = cell('weight_grams').trim()
      pack.weightGrams = s === '' ? null : (take('weight_grams', Weight, parseWhole(s) ?? parseRupees(s) ?? s) ?? null)
    }
    if (has('position') && cell('position').trim() !== '') pack.position = take('position', Position, parseWhole(cell('position')) ?? cell('position'))
  }
  let lowStock: number | null | undefined
  if (has('low_stock') && pack) {
    const s = cell('low_stock').trim()
    lowStock = s === '' ? null : take('low_stock', Threshold, parseWhole(s) ?? s)
  }
  const stock = new Map<number, number>()
  for (const s of columns.stock) {
    const raw = (r.cells[s.index] ?? '').trim()
    if (raw === '') continue
    if (runsAsFormula(raw) && !/^[+-]?\d/.test(raw)) {
      problem(s.header, `This cell starts with “${raw[0]}”, so a spreadsheet app would run it as a formula: put an apostrophe (') before it`)
      continue
    }
    if (pack === null) {
      problem(s.header, 'Stock needs a pack on the row')
      continue
    }
    const c = check(OnHand, parseWhole(raw) ?? raw)
    if (c.ok) stock.set(s.warehouseId, c.value)
    else problem(s.header, c.ok === false && typeof (parseWhole(raw) ?? raw) === 'string' ? 'On hand must be a whole number' : c.message)
  }
  const productCells: RowValues['productCells'] = {}
  for (const k of PRODUCT_KEYS) if (cells.has(k)) productCells[k] = cells.get(k)!.trim()
  return problems.length === before ? { line: r.line, row: r.row, product, productCells, pack, stock, ...(lowStock !== undefined && { lowStock }) } : null

  function money(key: CsvColumnKey, label: string) {
    if (formulas.has(key)) return undefined
    const raw = cell(key).trim()
    if (raw === '') {
      problem(header(key), `${label} is required`)
      return undefined
    }
    const n = parseRupees(raw)
    if (n === null) {
      problem(header(key), `${label} must be a number`)
      return undefined
    }
    return take(key, Rupees(label), n)
  }
}

interface Lookup {
  brand(nameOrSlug: string): number | undefined
  category(slugOrName: string): number | undefined
}

function lookup(taxonomy: q.Taxonomy): Lookup {
  const brands = new Map<string, number>()
  for (const b of taxonomy.brands) brands.set(b.slug, b.id)
  for (const b of taxonomy.brands) brands.set(norm(b.name), b.id)
  const categories = new Map<string, number>()
  const byName = new Map<string, number[]>()
  for (const c of taxonomy.categories) {
    categories.set(c.slug, c.id)
    byName.set(norm(c.name), [...(byName.get(norm(c.name)) ?? []), c.id])
  }
  return {
    brand: (s) => brands.get(norm(s)),
    // A slug, or a name that only one category has.
    category: (s) => categories.get(s.toLowerCase()) ?? (byName.get(norm(s))?.length === 1 ? byName.get(norm(s))![0] : undefined),
  }
}

/* ---------- the plan ---------- */

interface Group {
  key: string
  first: RowValues
  rows: RowValues[]
}

export async function makePlan(db: Db | Tx, websiteId: number, file: CsvFile, options: { lock?: (ids: number[]) => Promise<unknown> } = {}): Promise<Plan> {
  const problems: ImportProblem[] = []
  const taxonomy = await q.loadTaxonomy(db, websiteId)
  const columns = readHeader(file.header, taxonomy, problems)
  const find = lookup(taxonomy)
  const rows = file.rows.map((r) => readRow(r, columns, find, problems)).filter((r) => r !== null)
  const rowProblem = (r: { line: number; row: number }, column: string | null, message: string) => problems.push({ line: r.line, row: r.row, column, message })
  const header = (key: CsvColumnKey) => headerOf(columns, key)

  // Rows of one product: the same slug, or without one the same name; they must agree on the product's columns.
  const groups = new Map<string, Group>()
  for (const r of rows) {
    const key = r.product.slug ? `slug:${r.product.slug}` : `name:${norm(r.product.name)}`
    const group = groups.get(key)
    if (!group) {
      groups.set(key, { key, first: r, rows: [r] })
      continue
    }
    const differs = PRODUCT_KEYS.find((k) => k !== 'slug' && group.first.productCells[k] !== r.productCells[k])
    if (differs)
      rowProblem(
        r,
        header(differs),
        `Differs from line ${group.first.line} for the same product (“${group.first.product.name}”): a product’s columns must be the same on each of its rows`,
      )
    else group.rows.push(r)
  }

  // Codes: once in the file; a SKU names its pack and never moves to another product.
  const skuLine = new Map<string, RowValues>()
  const barcodeLine = new Map<string, RowValues>()
  for (const g of groups.values()) {
    for (const r of g.rows) {
      for (const [code, seen, label, key] of [
        [r.pack?.sku, skuLine, 'SKU', 'sku'],
        [r.pack?.barcode, barcodeLine, 'barcode', 'barcode'],
      ] as const) {
        if (!code) continue
        const other = seen.get(code)
        if (other) rowProblem(r, header(key), `The ${label} “${code}” is also on line ${other.line}`)
        else seen.set(code, r)
      }
    }
  }
  const codes = await q.packsByCodes(db, websiteId, [...skuLine.keys()], [...barcodeLine.keys()])
  const packOfSku = new Map(codes.bySku.map((k) => [k.sku!, k]))
  const packOfBarcode = new Map(codes.byBarcode.map((k) => [k.barcode!, k]))

  // Which product each group is.
  const bySlug = new Map(
    (
      await q.productIdsBySlugs(
        db,
        websiteId,
        [...groups.values()].flatMap((g) => (g.first.product.slug ? [g.first.product.slug] : [])),
      )
    ).map((p) => [p.slug, p.id]),
  )
  const unslugged = [...groups.values()].filter((g) => !g.first.product.slug)
  const byName = new Map<string, number[]>()
  for (const p of await q.productIdsByNames(db, websiteId, [...new Set(unslugged.map((g) => norm(g.first.product.name)))])) {
    byName.set(norm(p.name), [...(byName.get(norm(p.name)) ?? []), p.id])
  }
  const productOf = new Map<Group, number | null>()
  const groupOfProduct = new Map<number, Group>()
  for (const g of groups.values()) {
    let id: number | null = null
    if (g.first.product.slug) id = bySlug.get(g.first.product.slug) ?? null
    else {
      const owners = [...new Set(g.rows.flatMap((r) => (r.pack?.sku && packOfSku.has(r.pack.sku) ? [packOfSku.get(r.pack.sku)!.productId] : [])))]
      if (owners.length > 1) {
        rowProblem(g.first, header('sku'), 'These rows’ SKUs belong to different products: give each product’s rows its slug')
        continue
      }
      const named = byName.get(norm(g.first.product.name)) ?? []
      id = owners[0] ?? (named.length === 1 ? named[0] : null)
    }
    if (id !== null) {
      const other = groupOfProduct.get(id)
      if (other) {
        rowProblem(g.first, header('slug'), `Line ${other.first.line} is the same product: give the product’s rows the same slug`)
        continue
      }
      groupOfProduct.set(id, g)
    }
    productOf.set(g, id)
  }

  const existingIds = [...groupOfProduct.keys()]
  if (options.lock) await options.lock(existingIds)
  const state = await q.loadProductState(db, websiteId, existingIds)
  const productRow = new Map(state.productRows.map((p) => [p.id, p]))
  const categoriesOf = new Map<number, number[]>()
  for (const c of state.categoryRows) categoriesOf.set(c.productId, [...(categoriesOf.get(c.productId) ?? []), c.categoryId])
  const packsOf = new Map<number, typeof state.packRows>()
  for (const k of state.packRows) packsOf.set(k.productId, [...(packsOf.get(k.productId) ?? []), k])
  const stockOf = new Map(state.stockRows.map((s) => [`${s.packId}:${s.warehouseId}`, s]))
  const thresholdOf = new Map(state.thresholdRows.map((t) => [t.packId, t.lowAt]))

  const planned: PlannedProduct[] = []
  for (const [g, id] of productOf) {
    const current = id === null ? null : productRow.get(id)
    if (id !== null && !current) continue // deleted meanwhile: cannot happen under the lock
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
    if (packCount > MAX_PACKS) rowProblem(g.first, header('pack_name'), `“${f.name}” would have ${packCount} packs: at most ${MAX_PACKS}`)

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
        rowProblem(rowOf.get(i)!, header('barcode'), `The barcode “${code}” is used by another product, “${holder.productName}” (${holder.productSlug})`)
      else if (!plannedPacks.some((o) => o.existingId === holder.packId && o.values.barcode !== code))
        rowProblem(rowOf.get(i)!, header('barcode'), `The barcode “${code}” is used by another pack of this product`)
    })
    planned.push({
      line: g.first.line,
      existingId: id,
      version: current?.version ?? null,
      values,
      action: id === null ? 'create' : changes.length ? 'change' : 'unchanged',
      changes,
      packs: plannedPacks,
    })
  }

  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  const { summary, lines } = summarise(planned)
  summary.rows = file.rows.length
  return { problems, products: planned, summary, lines }
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
  ]
  for (const [key, a, b] of pairs) if (a !== b) changed.push(header(key))
  return changed
}

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

function summarise(products: PlannedProduct[]): { summary: ImportSummary; lines: ImportLine[] } {
  const counts = () => ({ create: 0, change: 0, unchanged: 0 })
  const summary: ImportSummary = { rows: 0, products: counts(), packs: counts(), stock: 0, thresholds: 0 }
  const lines: ImportLine[] = []
  for (const p of products) {
    summary.products[p.action]++
    if (p.packs.length === 0 && p.action !== 'unchanged') {
      lines.push({ line: p.line, product_name: p.values.name, pack_name: '', sku: null, product: p.action, pack: 'unchanged', changes: p.changes })
    }
    for (const k of p.packs) {
      summary.packs[k.action]++
      summary.stock += k.stock.length
      if (k.threshold) summary.thresholds++
      if (p.action !== 'unchanged' || k.action !== 'unchanged' || k.stock.length || k.threshold) {
        lines.push({
          line: k.line,
          product_name: p.values.name,
          pack_name: k.values.name,
          sku: k.values.sku,
          product: p.action,
          pack: k.action,
          changes: [...p.changes, ...k.changes],
        })
      }
    }
  }
  lines.sort((a, b) => a.line - b.line)
  return { summary, lines }
}
