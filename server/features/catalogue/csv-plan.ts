import type { Db, Tx } from '../../db/client'
import type { FetchedImages } from './csv-image-urls'
import type { Plan } from './csv-planned'
import * as q from './csv-queries'
import type { CsvFile } from './csv-read'
import type { Shown } from './csv-shown'
import type { CsvWork } from './csv-work'
import type { Wanted } from './csv-wanted'

/**
 * An import's plan: the file's rows checked cell by cell and matched against the catalogue, with every problem and
 * what each product, pack and stock cell would do. Preview shows it; apply makes it again inside its transaction
 * (products locked) and writes it (csv-import.ts).
 *
 * Matching (docs/decisions/0017-catalogue-csv.md): rows with the same slug are one product (without a slug: the
 * product of the row's SKU, else the one product of that name, else a new one); within it a row is the pack with
 * its SKU, else the pack of its name, else a new pack. A SKU never moves to another product. Nothing is deleted:
 * packs and products the file leaves out stay as they are.
 *
 * Where it runs (docs/decisions/0056-cache-budgets-and-worker-threads.md): the database is read here, on the main thread (the
 * website's brands, categories and warehouses; the packs, products and their state that the file's codes, slugs and
 * names may be); reading the rows and planning them, which takes seconds for 10,000 rows, runs in a worker thread
 * (csv-work.ts), so the event loop that answers shoppers stays free.
 */
export async function makePlan(
  db: Db | Tx,
  websiteId: number,
  file: CsvFile,
  options: {
    work: CsvWork
    lock?: (ids: number[]) => Promise<unknown>
    images?: FetchedImages
    /** what the file names, when the file was just read (preview); else worked out again */
    wanted?: Wanted
    /** preview: the plan without its products (what apply writes) and with its lines as JSON (csv-work.ts) */
    preview?: boolean
  },
): Promise<{ plan: Plan; shown: Shown; linesJson: string | null }> {
  const { work } = options
  const taxonomy = await q.loadTaxonomy(db, websiteId)
  const wanted = options.wanted ?? (await work.run('catalogueCsvWanted', file))
  const codes = await q.packsByCodes(db, websiteId, wanted.skus, wanted.barcodes)
  const bySlug = await q.productIdsBySlugs(db, websiteId, wanted.slugs)
  const byName = await q.productIdsByNames(db, websiteId, wanted.names)
  // Every product the file may be: locked (apply) and read as it is now.
  const ids = [...new Set([...bySlug.map((p) => p.id), ...byName.map((p) => p.id), ...codes.bySku.map((k) => k.productId)])]
  if (options.lock) await options.lock(ids)
  const state = await q.loadProductState(db, websiteId, ids)
  return work.run('catalogueCsvPlan', {
    file,
    taxonomy,
    images: options.images ?? {},
    found: { codes, bySlug, byName, state },
    preview: options.preview ?? false,
  })
}
