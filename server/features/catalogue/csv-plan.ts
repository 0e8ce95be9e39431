import type { ImportProblem } from '../../../common/contracts/admin-catalogue-csv'
import type { Db, Tx } from '../../db/client'
import { readHeader } from './csv-header'
import { matchProducts } from './csv-match'
import { catalogueNow, planProduct } from './csv-plan-product'
import type { Plan, PlannedProduct } from './csv-planned'
import * as q from './csv-queries'
import type { CsvFile } from './csv-read'
import type { FetchedImages } from './csv-images'
import { readRow } from './csv-row'
import { lookup } from './csv-taxonomy'
import { summarise } from './csv-summary'

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
export async function makePlan(
  db: Db | Tx,
  websiteId: number,
  file: CsvFile,
  options: { lock?: (ids: number[]) => Promise<unknown>; images?: FetchedImages } = {},
): Promise<Plan> {
  const problems: ImportProblem[] = []
  const taxonomy = await q.loadTaxonomy(db, websiteId)
  const columns = readHeader(file.header, taxonomy, problems)
  const find = lookup(taxonomy)
  const rows = file.rows.map((r) => readRow(r, columns, find, options.images ?? {}, problems)).filter((r) => r !== null)
  const matched = await matchProducts(db, websiteId, rows, columns, problems)

  const existingIds = [...matched.groupOfProduct.keys()]
  if (options.lock) await options.lock(existingIds)
  const catalogue = catalogueNow(await q.loadProductState(db, websiteId, existingIds))
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
