import * as z from 'zod/mini'
import {
  Code,
  MAX_PRODUCT_IMAGES,
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
import type { CsvColumnKey, ImportProblem } from '../../../common/contracts/admin-catalogue-csv'
import { cleanRichText } from '../../platform/rich-text'
import { parseRupees, parseWhole, restore, runsAsFormula } from './csv-cells'
import { type Columns, headerOf, norm } from './csv-header'
import type { PackValues, ProductValues } from './csv-planned'
import { type FetchedImages, imageUrlsOf } from './csv-image-urls'
import type { Lookup } from './csv-taxonomy'
import type { CsvRow } from './csv-read'

/** One row of the import file, read cell by cell: each value checked as the staff form checks it. */

const MAX_CATEGORIES = 10

/** One data row's values, checked; a row with any problem is left out of the plan. */
export interface RowValues {
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

/** The product's columns: each row of one product must agree on them. */
export const PRODUCT_KEYS: CsvColumnKey[] = [
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
  'image_urls',
]
const PACK_KEYS: CsvColumnKey[] = ['pack_name', 'price', 'act_price', 'sku', 'barcode', 'weight_grams', 'position', 'low_stock']

/** An address as a problem names it: at most 80 characters. */
const shortUrl = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}…` : url)

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

export function readRow(r: CsvRow, columns: Columns, taxonomy: Lookup, images: FetchedImages, problems: ImportProblem[]): RowValues | null {
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
      const found = taxonomy.brand(b, r.line)
      if ('problem' in found) problem(header('brand'), found.problem)
      else product.brandId = found.id
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
      const found = names.map((n) => taxonomy.category(n, r.line))
      const refused = found.flatMap((f) => ('problem' in f ? [f.problem] : []))
      if (refused.length) problem(header('categories'), refused.join('; '))
      else product.categoryIds = [...new Set(found.map((f) => ('id' in f ? f.id : 0)))]
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
  if (has('image_urls')) {
    const urls = imageUrlsOf(cell('image_urls'))
    if (urls.length > MAX_PRODUCT_IMAGES) problem(header('image_urls'), `At most ${MAX_PRODUCT_IMAGES} images`)
    else if (urls.length) {
      const medias: { src: string }[] = []
      for (const url of urls) {
        const got = images[url]
        if (!got) problem(header('image_urls'), `${shortUrl(url)}: not fetched yet, preview the file again`)
        else if ('problem' in got) problem(header('image_urls'), `${shortUrl(url)}: ${got.problem}`)
        else medias.push({ src: got.path })
      }
      product.medias = medias
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
