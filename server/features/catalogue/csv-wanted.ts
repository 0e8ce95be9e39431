import * as z from 'zod/mini'
import { Code, required, Slug } from '../../../common/contracts/admin-catalogue'
import type { CsvColumnKey } from '../../../common/contracts/admin-catalogue-csv'
import { restore } from './csv-cells'
import { norm, readHeader } from './csv-header'
import type { CsvFile } from './csv-read'

/**
 * What an import's plan needs looked up in the database: every SKU, barcode, slug and product name the file's rows
 * have, read as the row reader reads them (csv-row.ts: the same checks, so the same values) but without the rest of
 * the row (its rich text is what takes the time). It runs in a worker thread (csv-work.ts); the main thread then reads
 * these from the database (csv-plan.ts). A row the plan leaves out may add a value here: more is read, never less.
 */
export interface Wanted {
  skus: string[]
  barcodes: string[]
  slugs: string[]
  /** product names as `norm` makes them (lower case, single spaces) */
  names: string[]
}

const checked = <T>(schema: z.ZodMiniType<T>, value: string): T | undefined => {
  const r = z.safeParse(schema, value)
  return r.success ? r.data : undefined
}

const NAME = required('Product name', 120)
const SLUG = Slug()
const SKU = Code('SKU')
const BARCODE = Code('Barcode')

export function wantedOf(file: CsvFile): Wanted {
  // Warehouses play no part in a row's identity: the header is read without them (its problems are the plan's).
  const columns = readHeader(file.header, { brands: [], categories: [], warehouses: [] }, [])
  const skus = new Set<string>()
  const barcodes = new Set<string>()
  const slugs = new Set<string>()
  const names = new Set<string>()
  const cellOf = (cells: string[], key: CsvColumnKey) => {
    const f = columns.fields.get(key)
    return f ? restore(cells[f.index] ?? '').trim() : ''
  }
  const add = <T>(into: Set<T>, value: T | undefined | '') => {
    if (value !== undefined && value !== '') into.add(value as T)
  }
  for (const { cells } of file.rows) {
    const slug = cellOf(cells, 'slug')
    if (slug) add(slugs, checked(SLUG, slug))
    const name = checked(NAME, cellOf(cells, 'product_name'))
    if (name) names.add(norm(name))
    add(skus, checked(SKU, cellOf(cells, 'sku')))
    add(barcodes, checked(BARCODE, cellOf(cells, 'barcode')))
  }
  return { skus: [...skus], barcodes: [...barcodes], slugs: [...slugs], names: [...names] }
}
