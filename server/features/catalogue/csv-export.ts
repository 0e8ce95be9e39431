import type { FastifyReply } from 'fastify'
import { EXPORT_COLUMNS, STOCK_HEADER_PREFIX } from '../../../common/contracts/admin-catalogue-csv'
import type { CsvCell } from '../../../common/csv'
import type { Db } from '../../db/client'
import { sendCsv } from '../../platform/csv'
import type { StaffCtx } from '../../platform/staff-write'
import { formatRupees } from './csv-cells'
import * as q from './csv-queries'

/** Products read per query: small enough that memory stays flat, big enough that 50,000 products take 100 queries. */
const BATCH = 500

/**
 * The catalogue as CSV, streamed (docs/decisions/0017-catalogue-csv.md): products in id order, a batch at a time
 * (keyset paging, each batch one short query per table), turned into rows as the client reads them, so memory
 * stays flat whatever the catalogue's size. Written by the one CSV writer (platform/csv.ts): UTF-8 with a BOM, text
 * that a spreadsheet would run as a formula neutralised, numbers as numbers.
 */
export async function sendCatalogueCsv(ctx: StaffCtx, reply: FastifyReply) {
  const { warehouses } = await q.loadTaxonomy(ctx.db, ctx.site.id)
  return sendCsv(reply, `catalogue-${indiaDate()}.csv`, catalogueRows(ctx.db, ctx.site.id, warehouses))
}

export async function* catalogueRows(db: Db, websiteId: number, warehouses: { id: number; name: string }[]): AsyncGenerator<CsvCell[]> {
  yield [...EXPORT_COLUMNS.map((c) => c.header), ...warehouses.map((w) => `${STOCK_HEADER_PREFIX}${w.name}`)]
  for (let after = 0; ; ) {
    const batch = await q.exportProducts(db, websiteId, after, BATCH)
    if (batch.length === 0) return
    after = batch[batch.length - 1].id
    const ids = batch.map((p) => p.id)
    const categories = await q.exportCategorySlugs(db, ids)
    const packs = await q.exportPacks(db, ids)
    const stock = await q.exportStock(
      db,
      packs.map((k) => k.id),
    )
    const lowAt = new Map(
      (
        await q.exportThresholds(
          db,
          packs.map((k) => k.id),
        )
      ).map((t) => [t.packId, t.lowAt]),
    )
    const onHand = new Map(stock.map((s) => [`${s.packId}:${s.warehouseId}`, s.quantity]))
    const categoriesOf = groupBy(categories, (c) => c.productId)
    const packsOf = groupBy(packs, (k) => k.productId)
    for (const p of batch) {
      const product: CsvCell[] = [
        p.name,
        p.slug,
        p.brand,
        (categoriesOf.get(p.id) ?? []).map((c) => c.slug).join(', '),
        p.status,
        p.description ?? '',
        p.info ?? '',
        p.searchKeywords,
        p.hsnCode ?? '',
        p.gstRate,
        p.cessRate,
      ]
      const list = packsOf.get(p.id) ?? []
      if (list.length === 0) yield [...product, '', '', '', '', '', '', '', '', ...warehouses.map(() => '')]
      for (const k of list) {
        yield [
          ...product,
          k.name,
          formatRupees(k.pricePaise),
          formatRupees(k.mrpPaise),
          k.sku ?? '',
          k.barcode ?? '',
          k.weightGrams,
          k.position,
          lowAt.get(k.id),
          ...warehouses.map((w) => onHand.get(`${k.id}:${w.id}`) ?? 0),
        ]
      }
    }
  }
}

/** Today in India, YYYY-MM-DD. */
const indiaDate = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

function groupBy<T>(list: T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const t of list) {
    const k = key(t)
    const at = out.get(k)
    if (at) at.push(t)
    else out.set(k, [t])
  }
  return out
}
