import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'
import { categories, packs, products } from '../../../db/schema/catalogue'
import { orders } from '../../../db/schema/orders'
import { type PosMethod, posPayments, posSaleLines, posSales, posStockDiscrepancies } from '../../../db/schema/pos'

type Conn = Db | Tx
export type SaleRow = typeof posSales.$inferSelect

/**
 * The client id's row, made by the first request that sends it; null when it was there already. A second request
 * with the id waits here until the first commits (then finds it) or rolls back.
 */
export async function claimClientId(tx: Tx, websiteId: number, clientId: string, requestHash: string): Promise<SaleRow | null> {
  const [claimed] = await tx.insert(posSales).values({ websiteId, clientId, requestHash }).onConflictDoNothing().returning()
  return claimed ?? null
}

export const findSaleByClientId = (db: Conn, websiteId: number, clientId: string): Promise<SaleRow | null> =>
  db
    .select()
    .from(posSales)
    .where(and(eq(posSales.websiteId, websiteId), eq(posSales.clientId, clientId)))
    .then((r) => r[0] ?? null)

/** The packs a sale names, with what pricing and the coupon's scope need. */
export const packsForSale = (db: Conn, websiteId: number, packIds: number[]) =>
  db
    .select({
      packId: packs.id,
      productId: products.id,
      slug: products.slug,
      medias: products.medias,
      productName: products.name,
      packName: packs.name,
      pricePaise: packs.pricePaise,
      mrpPaise: packs.mrpPaise,
      status: products.status,
      categoryId: products.categoryId,
      parentCategoryId: categories.parentId,
      brandId: products.brandId,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(packs.websiteId, websiteId), inArray(packs.id, packIds)))

/**
 * The customer's account by mobile number: found, or made (an account the shop created, signed in by a code later).
 * What this website calls them is accounts' to record.
 */
export async function customerAccount(tx: Tx, phone: string): Promise<number> {
  await tx.insert(users).values({ name: 'Customer', phone }).onConflictDoNothing()
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  return row.id
}

/** The sale's lines, in the order they were rung up. */
export const saleLines = (db: Conn, saleId: number) => db.select().from(posSaleLines).where(eq(posSaleLines.saleId, saleId)).orderBy(asc(posSaleLines.id))

export async function completeSale(
  tx: Tx,
  id: number,
  set: Pick<SaleRow, 'shiftId' | 'orderId' | 'discountPaise' | 'couponPaise' | 'changePaise' | 'offline' | 'soldAt'>,
): Promise<SaleRow> {
  const [sale] = await tx.update(posSales).set(set).where(eq(posSales.id, id)).returning()
  return sale
}

interface PaymentInsert {
  websiteId: number
  shiftId: number
  orderId: number
  /** a return's refund (negative amounts) */
  returnId?: number
  method: PosMethod
  amountPaise: number
  tenderedPaise: number
  reference?: string | null
  upiQrId?: number | null
}

export async function insertPayments(tx: Tx, rows: PaymentInsert[]) {
  if (rows.length) await tx.insert(posPayments).values(rows)
}

export async function insertSaleLines(
  tx: Tx,
  rows: { saleId: number; orderItemId: number; packId: number; quantity: number; discountPaise: number; netPaise: number }[],
) {
  await tx.insert(posSaleLines).values(rows)
}

export async function insertDiscrepancies(
  tx: Tx,
  rows: { websiteId: number; saleId: number; orderId: number; packId: number; warehouseId: number; sold: number; shortBy: number }[],
) {
  if (rows.length) await tx.insert(posStockDiscrepancies).values(rows)
}

/** Offline sales that sold more than the shelf had, newest first. */
export const listDiscrepancies = (db: Conn, websiteId: number) =>
  db
    .select({
      d: posStockDiscrepancies,
      orderNumber: orders.orderNumber,
      product: products.name,
      pack: packs.name,
      soldAt: posSales.soldAt,
    })
    .from(posStockDiscrepancies)
    .innerJoin(orders, eq(orders.id, posStockDiscrepancies.orderId))
    .innerJoin(posSales, eq(posSales.id, posStockDiscrepancies.saleId))
    .innerJoin(packs, eq(packs.id, posStockDiscrepancies.packId))
    .innerJoin(products, eq(products.id, packs.productId))
    .where(eq(posStockDiscrepancies.websiteId, websiteId))
    .orderBy(desc(posStockDiscrepancies.id))
    .limit(200)

/** The barcode and SKU of each pack on sale that has one, by pack id. */
export const packCodes = (db: Conn, websiteId: number, limit: number) =>
  db
    .select({ sku: packs.sku, barcode: packs.barcode, pack_id: packs.id, product_id: packs.productId })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), eq(products.status, 'active'), or(isNotNull(packs.sku), isNotNull(packs.barcode))))
    .orderBy(asc(packs.id))
    .limit(limit)
