import { CSV_COLUMNS, type CsvColumnKey, type ImportProblem, STOCK_HEADER_PREFIX } from '../../../common/contracts/admin-catalogue-csv'
import { restore } from './csv-cells'
import type * as q from './csv-queries'

/** The import file's columns: which field or warehouse each is, read from its header row. */

type Field = { key: CsvColumnKey; index: number; header: string }
export interface Columns {
  fields: Map<CsvColumnKey, Field>
  stock: { warehouseId: number; index: number; header: string }[]
}

/** The column's header as the file has it, else as the export names it. */
export const headerOf = (columns: Columns, key: CsvColumnKey) => columns.fields.get(key)?.header ?? CSV_COLUMNS.find((c) => c.key === key)!.header

/** Names compare without regard to case or runs of spaces. */
export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

/** A problem of one of the file's rows. */
export const rowProblem = (problems: ImportProblem[], r: { line: number; row: number }, column: string | null, message: string) =>
  problems.push({ line: r.line, row: r.row, column, message })

export function readHeader(header: string[], taxonomy: q.Taxonomy, problems: ImportProblem[]): Columns {
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
