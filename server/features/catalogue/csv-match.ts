import type { CsvColumnKey, ImportProblem } from '../../../common/contracts/admin-catalogue-csv'
import { type Columns, headerOf, norm, rowProblem } from './csv-header'
import type * as q from './csv-queries'
import { PRODUCT_KEYS, type RowValues } from './csv-row'

/**
 * Which product each of the file's rows is (docs/decisions/0017-catalogue-csv.md): rows with the same slug are one
 * product (without a slug: the product of the row's SKU, else the one product of that name, else a new one). A SKU
 * or barcode is on one row of the file only. It runs in a worker thread (csv-work.ts): what it needs of the database
 * is read before, on the main thread, for every code, slug and name the file has (csv-wanted.ts), and comes in as `found`.
 */

/** The rows of one product. */
export interface Group {
  key: string
  first: RowValues
  rows: RowValues[]
}

export type PackOfCode = Awaited<ReturnType<typeof q.packsByCodes>>['bySku'][number]

export interface Matched {
  /** each group and its product (null: a new one); a group that matches no product clearly is left out */
  productOf: Map<Group, number | null>
  groupOfProduct: Map<number, Group>
  packOfSku: Map<string, PackOfCode>
  packOfBarcode: Map<string, PackOfCode>
}

/** The catalogue's products and packs the file's codes, slugs and names may be (csv-plan.ts reads them). */
export interface Found {
  codes: Awaited<ReturnType<typeof q.packsByCodes>>
  bySlug: { id: number; slug: string }[]
  byName: { id: number; name: string }[]
}

export function matchProducts(rows: RowValues[], columns: Columns, problems: ImportProblem[], found: Found): Matched {
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
        problems,
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
        if (other) rowProblem(problems, r, header(key), `The ${label} “${code}” is also on line ${other.line}`)
        else seen.set(code, r)
      }
    }
  }
  // `found` may hold more than the rows kept here name (it was read for every row): only these are looked up.
  const packOfSku = new Map(found.codes.bySku.filter((k) => skuLine.has(k.sku!)).map((k) => [k.sku!, k]))
  const packOfBarcode = new Map(found.codes.byBarcode.filter((k) => barcodeLine.has(k.barcode!)).map((k) => [k.barcode!, k]))

  // Which product each group is.
  const bySlug = new Map(found.bySlug.map((p) => [p.slug, p.id]))
  const byName = new Map<string, number[]>()
  for (const p of found.byName) byName.set(norm(p.name), [...(byName.get(norm(p.name)) ?? []), p.id])
  const productOf = new Map<Group, number | null>()
  const groupOfProduct = new Map<number, Group>()
  for (const g of groups.values()) {
    let id: number | null = null
    if (g.first.product.slug) id = bySlug.get(g.first.product.slug) ?? null
    else {
      const owners = [...new Set(g.rows.flatMap((r) => (r.pack?.sku && packOfSku.has(r.pack.sku) ? [packOfSku.get(r.pack.sku)!.productId] : [])))]
      if (owners.length > 1) {
        rowProblem(problems, g.first, header('sku'), 'These rows’ SKUs belong to different products: give each product’s rows its slug')
        continue
      }
      const named = byName.get(norm(g.first.product.name)) ?? []
      id = owners[0] ?? (named.length === 1 ? named[0] : null)
    }
    if (id !== null) {
      const other = groupOfProduct.get(id)
      if (other) {
        rowProblem(problems, g.first, header('slug'), `Line ${other.first.line} is the same product: give the product’s rows the same slug`)
        continue
      }
      groupOfProduct.set(id, g)
    }
    productOf.set(g, id)
  }
  return { productOf, groupOfProduct, packOfSku, packOfBarcode }
}
