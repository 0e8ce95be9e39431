import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import { DEFAULT_LOW_STOCK, type STOCK_SORTS, type StockState } from '../../../common/contracts/admin-stock'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { warehouses } from '../../db/schema/catalogue'
import { stockThresholds } from '../../db/schema/stock'

/** Staff reads of stock, the ledger and warehouses, always within one website. Writes of stock: ./moves.ts. */

type Conn = Db | Tx

export async function findPack(db: Conn, websiteId: number, packId: number) {
  const rows = rowsOf<{ pack_id: number; pack_name: string; product_id: number; product_name: string; low_at: number }>(
    await db.execute(sql`
      select k.id as pack_id, k.name as pack_name, p.id as product_id, p.name as product_name, coalesce(t.low_at, ${DEFAULT_LOW_STOCK})::int as low_at
      from packs k join products p on p.id = k.product_id left join stock_thresholds t on t.pack_id = k.id
      where k.id = ${packId} and k.website_id = ${websiteId}`),
  )
  return rows[0] ?? null
}

export async function findWarehouse(db: Conn, websiteId: number, id: number) {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, id)))
  return rows[0] ?? null
}

export async function lockWarehouse(tx: Tx, websiteId: number, id: number) {
  const rows = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, id)))
    .for('update')
  return rows[0] ?? null
}

export function listWarehouses(db: Conn, websiteId: number) {
  return db.select().from(warehouses).where(eq(warehouses.websiteId, websiteId)).orderBy(asc(warehouses.id))
}

export async function insertWarehouse(tx: Tx, row: typeof warehouses.$inferInsert) {
  const [made] = await tx.insert(warehouses).values(row).returning()
  return made
}

export async function updateWarehouse(
  tx: Tx,
  websiteId: number,
  id: number,
  set: Partial<Pick<typeof warehouses.$inferInsert, 'name' | 'address' | 'isDefault'>>,
) {
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined))
  if (Object.keys(given).length)
    await tx
      .update(warehouses)
      .set(given)
      .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, id)))
}

/** The website's default warehouse moves to `id` (every other one stops being it), with their rows locked in id order. */
export async function makeDefault(tx: Tx, websiteId: number, id: number) {
  await tx.execute(sql`select id from warehouses where website_id = ${websiteId} order by id for update`)
  await tx
    .update(warehouses)
    .set({ isDefault: sql`${warehouses.id} = ${id}` })
    .where(eq(warehouses.websiteId, websiteId))
}

export async function setThreshold(tx: Tx, websiteId: number, packId: number, lowAt: number | null) {
  if (lowAt === null) {
    await tx.delete(stockThresholds).where(eq(stockThresholds.packId, packId))
    return
  }
  await tx.insert(stockThresholds).values({ packId, websiteId, lowAt }).onConflictDoUpdate({ target: stockThresholds.packId, set: { lowAt } })
}

export interface StockFilter {
  websiteId: number
  warehouseId?: number
  productId?: number
  state?: StockState
  q?: string
}
type StockSort = (typeof STOCK_SORTS)[number]

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Every pack of the website at every one of its warehouses: a pack never counted there shows 0. */
function stockRows(f: StockFilter) {
  const parts: SQL[] = [sql`k.website_id = ${f.websiteId}`, sql`w.website_id = ${f.websiteId}`]
  if (f.warehouseId) parts.push(sql`w.id = ${f.warehouseId}`)
  if (f.productId) parts.push(sql`p.id = ${f.productId}`)
  if (f.q) {
    const id = /^\d{1,9}$/.test(f.q) ? Number(f.q) : -1
    parts.push(
      sql`(p.name ilike ${likePattern(f.q)} or k.name ilike ${likePattern(f.q)} or k.sku = ${f.q} or k.barcode = ${f.q} or p.id = ${id} or k.id = ${id})`,
    )
  }
  const available = sql`(coalesce(s.quantity, 0) - coalesce(s.reserved, 0))`
  const lowAt = sql`coalesce(t.low_at, ${DEFAULT_LOW_STOCK})`
  if (f.state === 'out_of_stock') parts.push(sql`${available} <= 0`)
  if (f.state === 'low') {
    // A low row is a counted one; the bound (the website's highest mark) lets stock_available_idx find them
    // without reading every pack at every warehouse.
    parts.push(sql`${available} > 0 and ${available} <= ${lowAt} and s.quantity - s.reserved <= (
      select greatest(${DEFAULT_LOW_STOCK}, coalesce(max(low_at), 0)) from stock_thresholds where website_id = ${f.websiteId})`)
  }
  if (f.state === 'in_stock') parts.push(sql`${available} > ${lowAt}`)
  return {
    from: sql`packs k join products p on p.id = k.product_id cross join warehouses w
              ${f.state === 'low' ? sql`join` : sql`left join`} stock s on s.pack_id = k.id and s.warehouse_id = w.id
              left join stock_thresholds t on t.pack_id = k.id`,
    where: sql.join(parts, sql` and `),
    available,
    lowAt,
  }
}

export interface StockListRow {
  pack_id: number
  pack_name: string
  sku: string | null
  product_id: number
  product_name: string
  medias: { src: string }[]
  warehouse_id: number
  warehouse_name: string
  on_hand: number
  reserved: number
  low_at: number
}

export async function findStockPage(db: Conn, f: StockFilter, sort: { column: StockSort; desc: boolean }, limit: number, offset: number) {
  const { from, where, available, lowAt } = stockRows(f)
  const dir = sort.desc ? sql`desc` : sql`asc`
  const order: Record<StockSort, SQL> = {
    product: sql`p.name ${dir}, k.position ${dir}, k.id ${dir}, w.id ${dir}`,
    available: sql`${available} ${dir}, k.id ${dir}, w.id ${dir}`,
    on_hand: sql`coalesce(s.quantity, 0) ${dir}, k.id ${dir}, w.id ${dir}`,
    reserved: sql`coalesce(s.reserved, 0) ${dir}, k.id ${dir}, w.id ${dir}`,
  }
  return rowsOf<StockListRow>(
    await db.execute(sql`
      select k.id as pack_id, k.name as pack_name, k.sku, p.id as product_id, p.name as product_name, p.medias,
             w.id as warehouse_id, w.name as warehouse_name, coalesce(s.quantity, 0)::int as on_hand, coalesce(s.reserved, 0)::int as reserved, ${lowAt}::int as low_at
      from ${from} where ${where} order by ${order[sort.column]} limit ${limit} offset ${offset}`),
  )
}

export async function countStock(db: Conn, f: StockFilter) {
  const { from, where } = stockRows(f)
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${where}`))[0]?.n ?? 0
}

export interface LedgerRow {
  id: number | string
  created_at: string | Date
  warehouse_id: number
  warehouse_name: string
  reason: string
  on_hand_change: number
  reserved_change: number
  on_hand_after: number
  reserved_after: number
  user_id: number | null
  user_name: string | null
  order_id: number | null
  order_number: string | null
  note: string | null
}

export async function findLedgerPage(
  db: Conn,
  websiteId: number,
  packId: number,
  warehouseId: number | undefined,
  desc: boolean,
  limit: number,
  offset: number,
) {
  const where = sql`l.website_id = ${websiteId} and l.pack_id = ${packId} ${warehouseId ? sql`and l.warehouse_id = ${warehouseId}` : sql``}`
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select l.id, l.created_at, l.warehouse_id, w.name as warehouse_name, l.reason, l.on_hand_change, l.reserved_change, l.on_hand_after, l.reserved_after,
             l.user_id, u.name as user_name, l.order_id, o.order_number, l.note
      from stock_ledger l join warehouses w on w.id = l.warehouse_id left join users u on u.id = l.user_id left join orders o on o.id = l.order_id
      where ${where} order by l.id ${desc ? sql`desc` : sql`asc`} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from stock_ledger l where ${where}`),
  ])
  return { rows: rowsOf<LedgerRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 }
}

/** Low and out-of-stock rows counted in one pass (the admin home). */
export async function countStockAlerts(db: Conn, websiteId: number) {
  const { from, where, available, lowAt } = stockRows({ websiteId })
  const [row] = rowsOf<{ low: number; out: number }>(
    await db.execute(sql`
      select count(*) filter (where ${available} > 0 and ${available} <= ${lowAt})::int as low, count(*) filter (where ${available} <= 0)::int as out
      from ${from} where ${where}`),
  )
  return { low: row?.low ?? 0, outOfStock: row?.out ?? 0 }
}
