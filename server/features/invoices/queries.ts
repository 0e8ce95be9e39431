import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { type TaxDocumentKind, taxDocumentCounters, taxDocuments, taxSettings } from '../../db/schema/invoices'
import { orderItems, orders } from '../../db/schema/orders'

type Conn = Db | Tx

export type TaxSettingsRow = typeof taxSettings.$inferSelect
export type TaxDocumentRow = typeof taxDocuments.$inferSelect

export async function findSettings(db: Conn, websiteId: number, lock = false): Promise<TaxSettingsRow | null> {
  const q = db.select().from(taxSettings).where(eq(taxSettings.websiteId, websiteId))
  const rows = lock ? await q.for('update') : await q
  return rows[0] ?? null
}

/** what a staff save writes; the version is the row's */
export type TaxSettingsValues = Omit<typeof taxSettings.$inferInsert, 'websiteId' | 'version'>

export async function updateSettings(tx: Tx, websiteId: number, values: TaxSettingsValues): Promise<TaxSettingsRow> {
  const [row] = await tx
    .update(taxSettings)
    .set({ ...values, version: sql`${taxSettings.version} + 1` })
    .where(eq(taxSettings.websiteId, websiteId))
    .returning()
  return row
}

/** The website's first registration: version 2, after the empty version 1 that staff saw. */
export async function insertSettings(tx: Tx, websiteId: number, values: TaxSettingsValues): Promise<TaxSettingsRow> {
  const [row] = await tx
    .insert(taxSettings)
    .values({ websiteId, ...values, version: 2 })
    .returning()
  return row
}

/**
 * The next number of a series. The upsert takes the counter row's lock until the issuing transaction ends: a second
 * issuer waits, then reads the committed value; a rolled-back issue gives its number back. So numbers are consecutive.
 */
export async function nextSeq(tx: Tx, websiteId: number, kind: TaxDocumentKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ websiteId, kind, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.websiteId, taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ last: taxDocumentCounters.last })
  return row.last
}

export async function insertDocument(tx: Tx, row: typeof taxDocuments.$inferInsert): Promise<TaxDocumentRow> {
  const [created] = await tx.insert(taxDocuments).values(row).returning()
  return created
}

export async function documentsOf(db: Conn, orderId: number): Promise<TaxDocumentRow[]> {
  return db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.id))
}

export async function findOrder(db: Conn, orderId: number) {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
  return rows[0] ?? null
}

/** The order's lines with their product's HSN code, GST rate and cess as they are now (frozen into the invoice). */
export async function itemsWithTax(db: Conn, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      packName: orderItems.packName,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      cessRate: products.cessRate,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
}

/**
 * Orders of the website that should have a tax invoice and have none (confirmed — an event says so — or sold at
 * the counter, and not cancelled), oldest first. `lock` takes their rows in that order, as the invoice's causes do.
 */
const missingInvoice = (websiteId: number) => sql`
  o.website_id = ${websiteId} and o.status <> 'cancelled'
  and (o.channel = 'pos' or exists (select 1 from order_events e where e.order_id = o.id and e.kind = 'confirmed'))
  and not exists (select 1 from tax_documents d where d.order_id = o.id and d.kind = 'invoice')`

export async function ordersWithoutInvoice(tx: Tx, websiteId: number, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select o.id from orders o where ${missingInvoice(websiteId)} order by o.id limit ${limit} for update of o`),
  )
  return rows.map((r) => Number(r.id))
}

export async function countOrdersWithoutInvoice(db: Conn, websiteId: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from orders o where ${missingInvoice(websiteId)}`))
  return Number(row?.n ?? 0)
}

export async function findDocument(db: Conn, orderId: number, kind: TaxDocumentKind, id?: number): Promise<TaxDocumentRow | null> {
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind), id === undefined ? undefined : eq(taxDocuments.id, id)))
    .orderBy(asc(taxDocuments.id))
    .limit(1)
  return rows[0] ?? null
}

/** The documents issued on India days `from`..`to` (both included), oldest first. */
export async function documentsIssued(db: Conn, websiteId: number, from: string, to: string): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.websiteId, websiteId),
        sql`${taxDocuments.issuedAt} >= (${from}::date::timestamp at time zone 'Asia/Kolkata')`,
        sql`${taxDocuments.issuedAt} < ((${to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`,
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
}

/** Documents by id (a credit note's invoice, issued in an earlier period perhaps). */
export async function documentsByIds(db: Conn, websiteId: number, ids: number[]): Promise<TaxDocumentRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.websiteId, websiteId), inArray(taxDocuments.id, ids)))
}

export interface ReceiptRow {
  at: Date | string
  order_number: string
  channel: string
  buyer: { gstin: string; name: string } | null
  into: 'cash' | 'bank'
  amount_paise: number | string
  reference: string
}

const inDays = (col: string, from: string, to: string) =>
  sql`${sql.raw(col)} >= (${from}::date::timestamp at time zone 'Asia/Kolkata') and ${sql.raw(col)} < ((${to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`

/**
 * Money taken on India days `from`..`to`: counter payments (cash, or UPI and card into the bank; refunds negative; a
 * khata tender is no money, the khata's entries book it), online payments captured (on the day the order was
 * confirmed after the attempt began, else the attempt's: not when a later refund moved the row), cash and UPI
 * collected on delivery (at the delivery), and money given back (negative): refunds processed, online or in cash.
 */
export async function receiptsIn(db: Conn, websiteId: number, from: string, to: string): Promise<ReceiptRow[]> {
  const range = (col: string) => inDays(col, from, to)
  return rowsOf<ReceiptRow>(
    await db.execute(sql`
      select p.created_at as at, o.order_number, o.channel, o.buyer, case when p.method = 'cash' then 'cash' else 'bank' end as into,
             p.amount_paise, coalesce(p.reference, p.method) as reference
        from pos_payments p join orders o on o.id = p.order_id
       where p.website_id = ${websiteId} and p.method <> 'khata' and ${range('p.created_at')}
      union all
      select x.at, x.order_number, x.channel, x.buyer, 'bank', x.amount_paise, x.reference from (
        select coalesce((select min(e.created_at) from order_events e where e.order_id = o.id and e.kind = 'confirmed' and e.created_at >= p.created_at),
                        p.created_at) as at,
               o.order_number, o.channel, o.buyer, p.amount_paise, p.provider || ' ' || coalesce(p.provider_payment_id, '') as reference
          from payments p join orders o on o.id = p.order_id
         where p.website_id = ${websiteId} and p.status in ('paid', 'refund_pending', 'refunded')) x
       where ${range('x.at')}
      union all
      select e.created_at, o.order_number, o.channel, o.buyer, 'cash', o.cash_collected_paise, 'Cash on delivery'
        from orders o join order_events e on e.order_id = o.id and e.kind = 'delivered'
       where o.website_id = ${websiteId} and o.cash_collected_paise > 0 and o.channel <> 'pos' and ${range('e.created_at')}
      union all
      select e.created_at, o.order_number, o.channel, o.buyer, 'bank', o.upi_collected_paise, 'UPI on delivery'
        from orders o join order_events e on e.order_id = o.id and e.kind = 'delivered'
       where o.website_id = ${websiteId} and o.upi_collected_paise > 0 and o.channel <> 'pos' and ${range('e.created_at')}
      union all
      select r.updated_at, o.order_number, o.channel, o.buyer, case when r.provider = 'cash' then 'cash' else 'bank' end, -r.amount_paise,
             'Refund ' || r.reference || coalesce(' ' || r.provider_refund_id, '')
        from payment_refunds r join orders o on o.id = r.order_id
       where r.website_id = ${websiteId} and r.status = 'processed' and ${range('r.updated_at')}
      order by 1`),
  )
}

export interface KhataEntryRow {
  id: number
  at: Date | string
  kind: 'sale' | 'payment' | 'return' | 'adjustment'
  amount_paise: number | string
  method: string | null
  note: string
  user_id: number
  name: string
  phone: string | null
  order_number: string | null
  channel: string | null
  buyer: { gstin: string; name: string } | null
}

/** The khata entries written on India days `from`..`to`, with the customer as this website knows them and the order. */
export async function khataEntriesIn(db: Conn, websiteId: number, from: string, to: string): Promise<KhataEntryRow[]> {
  return rowsOf<KhataEntryRow>(
    await db.execute(sql`
      select e.id, e.created_at as at, e.kind, e.amount_paise, e.method, coalesce(e.reference, e.reason, '') as note,
             k.user_id, coalesce(p.name, '') as name, p.phone, o.order_number, o.channel, o.buyer
        from khata_entries e join khata_accounts k on k.id = e.khata_id
        left join customer_profiles p on p.website_id = k.website_id and p.user_id = k.user_id
        left join orders o on o.id = e.order_id
       where e.website_id = ${websiteId} and ${inDays('e.created_at', from, to)}
       order by e.id`),
  )
}

export async function updateTallyLedgers(tx: Tx, websiteId: number, ledgers: Record<string, string>) {
  await tx.update(taxSettings).set({ tallyLedgers: ledgers, updatedAt: new Date() }).where(eq(taxSettings.websiteId, websiteId))
}

/** The orders without a tax invoice that should have one, oldest first (the accountant's list). */
export async function listOrdersWithoutInvoice(db: Conn, websiteId: number, limit: number) {
  return rowsOf<{ id: number; order_number: string; created_at: Date | string; channel: string; total_paise: number }>(
    await db.execute(
      sql`select o.id, o.order_number, o.created_at, o.channel, o.total_paise from orders o where ${missingInvoice(websiteId)} order by o.id limit ${limit}`,
    ),
  )
}
