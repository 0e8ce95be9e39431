import { and, asc, eq, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { packs, products } from '../../db/schema/catalogue'
import { type SupplierPaymentMethod, debitNoteLines, debitNotes, purchaseOrderLines, purchaseOrders } from '../../db/schema/supplier-books'

/**
 * Purchase orders, debit notes, the purchase number series and the supplier's khata, always within one website
 * (docs/decisions/0058-supplier-books.md).
 */

type Conn = Db | Tx

/**
 * The next number of the website's `kind` series. The counter row stays locked until the caller's transaction
 * ends: numbers are consecutive, and a rolled-back one is taken again by the next.
 */
export async function nextNumber(tx: Tx, websiteId: number, kind: 'purchase_order' | 'debit_note') {
  const [r] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into purchase_counters (website_id, kind, last) values (${websiteId}, ${kind}, 1)
      on conflict (website_id, kind) do update set last = purchase_counters.last + 1
      returning last`),
  )
  return r.last
}

/* ---------- purchase orders ---------- */

export interface OrderHead {
  id: number
  seq: number
  supplier_id: number
  supplier_name: string
  warehouse_id: number
  status: (typeof purchaseOrders.$inferSelect)['status']
  note: string
  expected_on: string | null
  total_paise: number
  created_at: string | Date
  updated_at: string | Date
}
const ORDER_HEAD = sql`select o.id, o.seq, o.supplier_id, s.name as supplier_name, o.warehouse_id, o.status, o.note, o.expected_on::text as expected_on,
  coalesce((select sum(round(l.quantity * l.cost_paise * (100 + l.gst_rate) / 100.0)) from purchase_order_lines l where l.order_id = o.id), 0)::bigint as total_paise,
  o.created_at, o.updated_at
  from purchase_orders o join suppliers s on s.id = o.supplier_id`

const numbered = (r: OrderHead) => ({ ...r, total_paise: Number(r.total_paise) })

/** The order's head; `lock` holds its row until the transaction ends (a receipt against it, a status change). */
export async function findOrder(db: Conn, websiteId: number, id: number, lock = false) {
  if (lock) await db.execute(sql`select id from purchase_orders where website_id = ${websiteId} and id = ${id} for update`)
  const [head] = rowsOf<OrderHead>(await db.execute(sql`${ORDER_HEAD} where o.website_id = ${websiteId} and o.id = ${id}`))
  return head ? numbered(head) : null
}

export function orderLines(db: Conn, orderId: number) {
  return db
    .select({ line: purchaseOrderLines, productName: products.name, packName: packs.name })
    .from(purchaseOrderLines)
    .innerJoin(packs, eq(packs.id, purchaseOrderLines.packId))
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.id))
}

export async function insertOrder(tx: Tx, row: typeof purchaseOrders.$inferInsert) {
  const [made] = await tx.insert(purchaseOrders).values(row).returning({ id: purchaseOrders.id })
  return made.id
}

export async function replaceOrderLines(tx: Tx, orderId: number, lines: Omit<typeof purchaseOrderLines.$inferInsert, 'orderId'>[]) {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId))
  if (lines.length) await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, orderId })))
}

export async function updateOrder(tx: Tx, websiteId: number, id: number, set: Partial<typeof purchaseOrders.$inferInsert>) {
  await tx
    .update(purchaseOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(purchaseOrders.websiteId, websiteId), eq(purchaseOrders.id, id)))
}

/**
 * Billed units received against the order's lines (by pack), then its status: received when every line has all
 * its units, else part received. Called with the order's row locked.
 */
export async function receiveAgainst(tx: Tx, orderId: number, got: { packId: number; quantity: number }[]) {
  if (got.length)
    await tx.execute(sql`
      update purchase_order_lines l set received = l.received + v.quantity
      from (select pack_id, sum(quantity)::int as quantity from jsonb_to_recordset(${JSON.stringify(got.map((g) => ({ pack_id: g.packId, quantity: g.quantity })))}::jsonb)
            as x(pack_id int, quantity int) group by pack_id) v
      where l.order_id = ${orderId} and l.pack_id = v.pack_id`)
  await tx.execute(sql`
    update purchase_orders o set updated_at = now(),
      status = case when not exists (select 1 from purchase_order_lines l where l.order_id = o.id and l.received < l.quantity) then 'received' else 'part_received' end
    where o.id = ${orderId}`)
}

export async function listOrders(db: Conn, websiteId: number, f: { supplierId?: number; status?: string }, asc_: boolean, limit: number, offset: number) {
  const where = sql`o.website_id = ${websiteId} ${f.supplierId ? sql`and o.supplier_id = ${f.supplierId}` : sql``} ${f.status ? sql`and o.status = ${f.status}` : sql``}`
  const dir = asc_ ? sql`asc` : sql`desc`
  const [rows, total] = await Promise.all([
    db.execute(sql`${ORDER_HEAD} where ${where} order by o.created_at ${dir}, o.id ${dir} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from purchase_orders o where ${where}`),
  ])
  return { rows: rowsOf<OrderHead>(rows).map(numbered), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 }
}

/* ---------- debit notes ---------- */

export interface BatchForReturn {
  id: number
  pack_id: number
  warehouse_id: number
  batch: string
  quantity: number
  reserved: number
  cost_paise: number | null
  /** the GST rate and supplier of the bill it came on (null: opening stock) */
  gst_rate: number | null
  supplier_id: number | null
}

export async function batchesForReturn(db: Conn, websiteId: number, ids: number[]) {
  return rowsOf<BatchForReturn>(
    await db.execute(sql`
      select b.id, b.pack_id, b.warehouse_id, b.batch, b.quantity, b.reserved, b.cost_paise, pl.gst_rate, p.supplier_id
      from stock_batches b left join purchase_lines pl on pl.id = b.purchase_line_id left join purchases p on p.id = pl.purchase_id
      where b.website_id = ${websiteId} and b.id = any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`),
  )
}

export async function insertDebitNote(tx: Tx, row: typeof debitNotes.$inferInsert, lines: Omit<typeof debitNoteLines.$inferInsert, 'debitNoteId'>[]) {
  const [made] = await tx.insert(debitNotes).values(row).returning({ id: debitNotes.id })
  await tx.insert(debitNoteLines).values(lines.map((l) => ({ ...l, debitNoteId: made.id })))
  return made.id
}

export interface NoteHead {
  id: number
  number: string
  supplier_id: number
  supplier_name: string
  warehouse_id: number
  reason: string
  intra_state: boolean
  taxable_paise: number
  tax_paise: number
  total_paise: number
  created_at: string | Date
}
const NOTE_HEAD = sql`select n.id, n.number, n.supplier_id, s.name as supplier_name, n.warehouse_id, n.reason, n.intra_state, n.taxable_paise, n.tax_paise,
  n.total_paise, n.created_at from debit_notes n join suppliers s on s.id = n.supplier_id`

export async function findDebitNote(db: Conn, websiteId: number, id: number) {
  const [head] = rowsOf<NoteHead>(await db.execute(sql`${NOTE_HEAD} where n.website_id = ${websiteId} and n.id = ${id}`))
  if (!head) return null
  const lines = await db
    .select({ line: debitNoteLines, productName: products.name, packName: packs.name })
    .from(debitNoteLines)
    .innerJoin(packs, eq(packs.id, debitNoteLines.packId))
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(debitNoteLines.debitNoteId, id))
    .orderBy(asc(debitNoteLines.id))
  return { head, lines }
}

export async function listDebitNotes(db: Conn, websiteId: number, supplierId: number | undefined, asc_: boolean, limit: number, offset: number) {
  const where = sql`n.website_id = ${websiteId} ${supplierId ? sql`and n.supplier_id = ${supplierId}` : sql``}`
  const dir = asc_ ? sql`asc` : sql`desc`
  const [rows, total] = await Promise.all([
    db.execute(sql`${NOTE_HEAD} where ${where} order by n.seq ${dir} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from debit_notes n where ${where}`),
  ])
  return { rows: rowsOf<NoteHead>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 }
}

/* ---------- the supplier's khata ---------- */

export interface EntryInput {
  websiteId: number
  supplierId: number
  kind: 'purchase' | 'payment' | 'debit_note'
  amountPaise: number
  purchaseId?: number | null
  debitNoteId?: number | null
  method?: SupplierPaymentMethod | null
  reference?: string | null
  paidOn?: string | null
  userId: number | null
}

/** The supplier's balance due, its row locked until the transaction ends (a payment checks it first). */
export async function lockBalance(tx: Tx, websiteId: number, supplierId: number) {
  const [r] = rowsOf<{ balance_paise: number }>(
    await tx.execute(sql`select balance_paise from suppliers where website_id = ${websiteId} and id = ${supplierId} for update`),
  )
  return r ? r.balance_paise : null
}

/** An entry on the supplier's khata: the balance moves by its amount under the row's lock, the entry keeps the balance after. */
export async function postEntry(tx: Tx, e: EntryInput) {
  if (e.amountPaise === 0) return
  await tx.execute(sql`
    with s as (
      update suppliers set balance_paise = balance_paise + ${e.amountPaise}::int
      where website_id = ${e.websiteId} and id = ${e.supplierId} returning id, balance_paise
    )
    insert into supplier_entries (website_id, supplier_id, kind, amount_paise, balance_after_paise, purchase_id, debit_note_id, method, reference, paid_on, user_id)
    select ${e.websiteId}::int, s.id, ${e.kind}, ${e.amountPaise}::int, s.balance_paise, ${e.purchaseId ?? null}::int, ${e.debitNoteId ?? null}::int,
      ${e.method ?? null}, ${e.reference ?? null}, ${e.paidOn ?? null}::date, ${e.userId}::int
    from s`)
}

export interface EntryRow {
  id: number
  kind: 'purchase' | 'payment' | 'debit_note'
  amount_paise: number
  balance_after_paise: number
  purchase_id: number | null
  bill_number: string | null
  debit_note_id: number | null
  debit_note_number: string | null
  method: string | null
  reference: string | null
  paid_on: string | null
  created_at: string | Date
}

export async function entriesOf(db: Conn, websiteId: number, supplierId: number) {
  return rowsOf<EntryRow>(
    await db.execute(sql`
      select e.id, e.kind, e.amount_paise, e.balance_after_paise, e.purchase_id, p.bill_number, e.debit_note_id, n.number as debit_note_number,
        e.method, e.reference, e.paid_on::text as paid_on, e.created_at
      from supplier_entries e left join purchases p on p.id = e.purchase_id left join debit_notes n on n.id = e.debit_note_id
      where e.website_id = ${websiteId} and e.supplier_id = ${supplierId}
      order by e.id desc limit 500`),
  )
}

/** The website's packs with any of these SKUs or barcodes, with their product's name (a bill's CSV names packs so). */
export async function packsByCode(db: Conn, websiteId: number, skus: string[], barcodes: string[]) {
  if (!skus.length && !barcodes.length) return []
  return rowsOf<{ id: number; sku: string | null; barcode: string | null; product_name: string; pack_name: string }>(
    await db.execute(sql`
      select k.id, k.sku, k.barcode, p.name as product_name, k.name as pack_name
      from packs k join products p on p.id = k.product_id
      where k.website_id = ${websiteId}
        and (k.sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
          or k.barcode in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb)))`),
  )
}

/** A bill's lines as shelf labels need them, in the bill's order (null: no such bill on this website). */
export async function labelsOf(db: Conn, websiteId: number, purchaseId: number) {
  const [bill] = rowsOf<{ id: number }>(await db.execute(sql`select id from purchases where website_id = ${websiteId} and id = ${purchaseId}`))
  if (!bill) return null
  return rowsOf<{
    pack_id: number
    product_name: string
    pack_name: string
    mrp_paise: number
    price_paise: number
    barcode: string | null
    sku: string | null
    batch: string
    expiry: string | null
    units: number
  }>(
    await db.execute(sql`
      select l.pack_id, p.name as product_name, k.name as pack_name, coalesce(l.mrp_paise, k.mrp_paise) as mrp_paise, k.price_paise,
        k.barcode, k.sku, l.batch, l.expiry::text as expiry, (l.quantity + l.free_quantity)::int as units
      from purchase_lines l join packs k on k.id = l.pack_id join products p on p.id = k.product_id
      where l.purchase_id = ${purchaseId} order by l.id`),
  )
}
