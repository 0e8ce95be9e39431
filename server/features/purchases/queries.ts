import { debitNotes } from '../../db/schema/supplier-books'
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { packs, products, warehouses } from '../../db/schema/catalogue'
import { taxSettings } from '../../db/schema/invoices'
import { purchaseLines, purchases, suppliers } from '../../db/schema/purchases'

/** Suppliers and purchase bills, always within one website. */

type Conn = Db | Tx
export type SupplierRow = typeof suppliers.$inferSelect & { purchasesPaise: number; bills: number }

const totals = sql<number>`coalesce((select sum(p.total_paise) from purchases p where p.supplier_id = ${suppliers.id}), 0)::bigint`.mapWith(Number)
const bills = sql<number>`(select count(*) from purchases p where p.supplier_id = ${suppliers.id})::int`.mapWith(Number)

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listSuppliers(db: Conn, websiteId: number, q: string | undefined, desc_: boolean, limit: number, offset: number) {
  const where: SQL[] = [eq(suppliers.websiteId, websiteId)]
  if (q)
    where.push(sql`(${suppliers.name} ilike ${likePattern(q)} or ${suppliers.gstin} ilike ${likePattern(q)} or ${suppliers.phone} ilike ${likePattern(q)})`)
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: suppliers, purchasesPaise: totals, bills })
      .from(suppliers)
      .where(and(...where))
      .orderBy(desc_ ? desc(suppliers.name) : asc(suppliers.name), asc(suppliers.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(and(...where)),
  ])
  return { rows: rows.map((r) => ({ ...r.row, purchasesPaise: r.purchasesPaise, bills: r.bills })), total: count?.n ?? 0 }
}

export async function findSupplier(db: Conn, websiteId: number, id: number): Promise<SupplierRow | null> {
  const [r] = await db
    .select({ row: suppliers, purchasesPaise: totals, bills })
    .from(suppliers)
    .where(and(eq(suppliers.websiteId, websiteId), eq(suppliers.id, id)))
  return r ? { ...r.row, purchasesPaise: r.purchasesPaise, bills: r.bills } : null
}

export async function insertSupplier(tx: Tx, row: typeof suppliers.$inferInsert) {
  const [made] = await tx.insert(suppliers).values(row).returning()
  return made
}

export async function updateSupplier(tx: Tx, websiteId: number, id: number, set: Partial<typeof suppliers.$inferInsert>) {
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined))
  if (Object.keys(given).length)
    await tx
      .update(suppliers)
      .set(given)
      .where(and(eq(suppliers.websiteId, websiteId), eq(suppliers.id, id)))
}

/** The state the shop is registered in for GST (null: not registered). */
export async function shopState(db: Conn, websiteId: number) {
  const [r] = await db.select({ state: taxSettings.state }).from(taxSettings).where(eq(taxSettings.websiteId, websiteId))
  return r?.state ?? null
}

export async function findWarehouse(db: Conn, websiteId: number, id: number) {
  const [r] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, id)))
  return r ?? null
}

/** The website's packs among `ids`, with their product's name. */
export function packsOf(db: Conn, websiteId: number, ids: number[]) {
  return db
    .select({ id: packs.id, name: packs.name, productName: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), sql`${packs.id} = any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`))
}

export async function insertPurchase(tx: Tx, row: typeof purchases.$inferInsert) {
  const [made] = await tx.insert(purchases).values(row).returning()
  return made
}

export function insertLines(tx: Tx, rows: (typeof purchaseLines.$inferInsert)[]) {
  return tx.insert(purchaseLines).values(rows).returning()
}

export async function setLineBatches(tx: Tx, pairs: { lineId: number; batchId: number }[]) {
  if (!pairs.length) return
  await tx.execute(sql`
    update purchase_lines l set batch_id = v.batch_id
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ id: p.lineId, batch_id: p.batchId })))}::jsonb) as v(id int, batch_id int)
    where l.id = v.id`)
  await tx.execute(sql`
    update stock_batches b set purchase_line_id = v.id
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ id: p.lineId, batch_id: p.batchId })))}::jsonb) as v(id int, batch_id int)
    where b.id = v.batch_id and b.purchase_line_id is null`)
}

export interface PurchaseHead {
  id: number
  supplier_id: number
  supplier_name: string
  warehouse_id: number
  bill_number: string | null
  bill_date: string
  purchase_order_id: number | null
  intra_state: boolean
  taxable_paise: number
  tax_paise: number
  total_paise: number
  created_at: string | Date
}

const HEAD = sql`select p.id, p.supplier_id, s.name as supplier_name, p.warehouse_id, p.bill_number, p.bill_date::text as bill_date, p.purchase_order_id, p.intra_state,
  p.taxable_paise, p.tax_paise, p.total_paise, p.created_at from purchases p join suppliers s on s.id = p.supplier_id`

export async function findPurchase(db: Conn, websiteId: number, id: number) {
  const [head] = rowsOf<PurchaseHead>(await db.execute(sql`${HEAD} where p.website_id = ${websiteId} and p.id = ${id}`))
  if (!head) return null
  const lines = await db
    .select({ line: purchaseLines, productName: products.name, packName: packs.name })
    .from(purchaseLines)
    .innerJoin(packs, eq(packs.id, purchaseLines.packId))
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(purchaseLines.purchaseId, id))
    .orderBy(asc(purchaseLines.id))
  return { head, lines }
}

export async function listPurchases(db: Conn, websiteId: number, supplierId: number | undefined, asc_: boolean, limit: number, offset: number) {
  const where = sql`p.website_id = ${websiteId} ${supplierId ? sql`and p.supplier_id = ${supplierId}` : sql``}`
  const [rows, total] = await Promise.all([
    db.execute(
      sql`${HEAD} where ${where} order by p.bill_date ${asc_ ? sql`asc` : sql`desc`}, p.id ${asc_ ? sql`asc` : sql`desc`} limit ${limit} offset ${offset}`,
    ),
    db.execute(sql`select count(*)::int as n from purchases p where ${where}`),
  ])
  return { rows: rowsOf<PurchaseHead>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 }
}

/** The website's purchase bills dated from..to (India days), oldest first, with their supplier. */
export function billsBetween(db: Conn, websiteId: number, from: string, to: string) {
  return db
    .select({
      id: purchases.id,
      billNumber: purchases.billNumber,
      billDate: purchases.billDate,
      intraState: purchases.intraState,
      taxablePaise: purchases.taxablePaise,
      taxPaise: purchases.taxPaise,
      totalPaise: purchases.totalPaise,
      supplierName: suppliers.name,
      supplierGstin: suppliers.gstin,
      supplierState: suppliers.state,
    })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplierId))
    .where(and(eq(purchases.websiteId, websiteId), sql`${purchases.billDate} between ${from}::date and ${to}::date`))
    .orderBy(asc(purchases.billDate), asc(purchases.id))
}

/** The website's debit notes (goods returned to suppliers) made from..to (India days), oldest first, with their supplier. */
export function debitNotesBetween(db: Conn, websiteId: number, from: string, to: string) {
  const day = sql<string>`((${debitNotes.createdAt} at time zone 'Asia/Kolkata')::date)::text`
  return db
    .select({
      id: debitNotes.id,
      billNumber: debitNotes.number,
      billDate: day,
      intraState: debitNotes.intraState,
      taxablePaise: debitNotes.taxablePaise,
      taxPaise: debitNotes.taxPaise,
      totalPaise: debitNotes.totalPaise,
      supplierName: suppliers.name,
      supplierGstin: suppliers.gstin,
      supplierState: suppliers.state,
    })
    .from(debitNotes)
    .innerJoin(suppliers, eq(suppliers.id, debitNotes.supplierId))
    .where(and(eq(debitNotes.websiteId, websiteId), sql`${day}::date between ${from}::date and ${to}::date`))
    .orderBy(asc(debitNotes.createdAt), asc(debitNotes.id))
}
