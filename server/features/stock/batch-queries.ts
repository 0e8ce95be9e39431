import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { TODAY } from './batches'

/** Staff reads of stock batches, always within one website. */

type Conn = Db | Tx

export interface BatchRow {
  id: number
  pack_id: number
  warehouse_id: number
  batch: string
  expiry: string | null
  quantity: number
  reserved: number
  cost_paise: number | null
  mrp_paise: number | null
  expired: boolean
  days_left: number | null
}

const COLUMNS = sql`b.id, b.pack_id, b.warehouse_id, b.batch, b.expiry::text as expiry, b.quantity, b.reserved, b.cost_paise, b.mrp_paise,
  coalesce(b.expiry < ${TODAY}, false) as expired, (b.expiry - ${TODAY})::int as days_left`

/** A pack's batches at a warehouse that hold stock, earliest expiry first, no expiry last. */
export async function batchesOf(db: Conn, websiteId: number, packId: number, warehouseId: number) {
  return rowsOf<BatchRow>(
    await db.execute(sql`
      select ${COLUMNS} from stock_batches b
      where b.website_id = ${websiteId} and b.pack_id = ${packId} and b.warehouse_id = ${warehouseId} and b.quantity > 0
      order by b.expiry asc nulls last, b.id`),
  )
}

export async function findBatch(db: Conn, websiteId: number, id: number) {
  return rowsOf<BatchRow>(await db.execute(sql`select ${COLUMNS} from stock_batches b where b.website_id = ${websiteId} and b.id = ${id}`))[0] ?? null
}

export type NearExpiryRow = BatchRow & {
  pack_name: string
  product_id: number
  product_name: string
  warehouse_name: string
  price_paise: number
  pack_mrp_paise: number
}

/** Batches with stock whose expiry is within `days` (expired ones included), soonest first. */
export async function nearExpiry(db: Conn, websiteId: number, days: number, warehouseId: number | undefined) {
  return rowsOf<NearExpiryRow>(
    await db.execute(sql`
      select ${COLUMNS}, k.name as pack_name, p.id as product_id, p.name as product_name, w.name as warehouse_name,
             k.price_paise, k.mrp_paise as pack_mrp_paise
      from stock_batches b join packs k on k.id = b.pack_id join products p on p.id = k.product_id join warehouses w on w.id = b.warehouse_id
      where b.website_id = ${websiteId} and b.quantity > 0 and b.expiry is not null and b.expiry <= ${TODAY} + ${days}::int
        ${warehouseId ? sql`and b.warehouse_id = ${warehouseId}` : sql``}
      order by b.expiry, p.name, b.id
      limit 500`),
  )
}
