import type { ImportProblem } from '../../../common/contracts/admin-catalogue-csv'
import { readHeader } from './csv-header'
import type { FetchedImages } from './csv-image-urls'
import { type Found, matchProducts } from './csv-match'
import { catalogueNow, planProduct } from './csv-plan-product'
import type { Plan, PlannedProduct } from './csv-planned'
import type * as q from './csv-queries'
import type { CsvFile } from './csv-read'
import { readRow } from './csv-row'
import { summarise } from './csv-summary'
import { lookup } from './csv-taxonomy'

/** What a plan is made from: the file, and what the main thread read of the website for it (csv-plan.ts). */
export interface PlanInput {
  file: CsvFile
  taxonomy: q.Taxonomy
  images: FetchedImages
  found: Found & { state: Awaited<ReturnType<typeof q.loadProductState>> }
}

/**
 * The plan itself, from plain data only: the file's rows checked cell by cell, matched against the catalogue and
 * planned product by product (csv-plan.ts says what a plan is). No database: it runs in a worker thread (csv-work.ts).
 */
export function planRows({ file, taxonomy, images, found }: PlanInput): Plan {
  const problems: ImportProblem[] = []
  const columns = readHeader(file.header, taxonomy, problems)
  const find = lookup(taxonomy)
  const rows = file.rows.map((r) => readRow(r, columns, find, images, problems)).filter((r) => r !== null)
  const matched = matchProducts(rows, columns, problems, found)
  const catalogue = catalogueNow(found.state)
  const planned: PlannedProduct[] = []
  for (const [g, id] of matched.productOf) {
    const product = planProduct(g, id, catalogue, matched, columns, problems)
    if (product) planned.push(product)
  }

  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  const { summary, lines } = summarise(planned)
  summary.rows = file.rows.length
  summary.brands = find.created.brands.length
  summary.categories = find.created.categories.length
  return { problems, products: planned, summary, lines, created: find.created }
}
