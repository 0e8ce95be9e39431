import { PassThrough, pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'
import { CSV_COLUMNS, STOCK_HEADER_PREFIX } from '../../../common/contracts/admin-catalogue-csv'
import type { Db } from '../../db/client'
import type { StaffCtx } from '../../platform/staff-write'
import { formatRupees, neutralise } from './csv-cells'
import * as q from './csv-queries'

/** Products read per query: small enough that memory stays flat, big enough that 50,000 products take 100 queries. */
const BATCH = 500

/**
 * The catalogue as CSV, streamed (docs/decisions/0017-catalogue-csv.md): products in id order, a batch at a time
 * (keyset paging, each batch one short query per table), turned into rows as the client reads them, so memory
 * stays flat whatever the catalogue's size. UTF-8 with a BOM (spreadsheet apps then show ₹ and Hindi), every cell
 * that a spreadsheet would run as a formula neutralised (csv-cells.ts).
 */
export async function sendCatalogueCsv(ctx: StaffCtx, reply: FastifyReply) {
  const { warehouses } = await q.loadTaxonomy(ctx.db, ctx.site.id)
  const source = Readable.from(catalogueRows(ctx.db, ctx.site.id, warehouses))
  const out = new PassThrough()
  pipeline(source, stringify({ bom: true, record_delimiter: '\r\n' }), out, (err) => {
    if (err) reply.log.warn({ err }, 'catalogue export stopped')
  })
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="catalogue-${indiaDate()}.csv"`).send(out)
}

export async function* catalogueRows(db: Db, websiteId: number, warehouses: { id: number; name: string }[]): AsyncGenerator<string[]> {
  yield [...CSV_COLUMNS.map((c) => c.header), ...warehouses.map((w) => `${STOCK_HEADER_PREFIX}${w.name}`)].map(neutralise)
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
      const product = [
        p.name,
        p.slug,
        p.brand,
        (categoriesOf.get(p.id) ?? []).map((c) => c.slug).join(', '),
        p.status,
        p.description ?? '',
        p.info ?? '',
        p.searchKeywords,
        p.hsnCode ?? '',
        p.gstRate === null ? '' : String(p.gstRate),
        p.cessRate === null ? '' : String(p.cessRate),
      ]
      const list = packsOf.get(p.id) ?? []
      if (list.length === 0) yield [...product, '', '', '', '', '', '', '', '', ...warehouses.map(() => '')].map(neutralise)
      for (const k of list) {
        yield [
          ...product,
          k.name,
          formatRupees(k.pricePaise),
          formatRupees(k.mrpPaise),
          k.sku ?? '',
          k.barcode ?? '',
          k.weightGrams === null ? '' : String(k.weightGrams),
          String(k.position),
          lowAt.has(k.id) ? String(lowAt.get(k.id)) : '',
          ...warehouses.map((w) => String(onHand.get(`${k.id}:${w.id}`) ?? 0)),
        ].map(neutralise)
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
