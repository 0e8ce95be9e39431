import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql, sum } from 'drizzle-orm'
import type { CouponQuery, CouponState } from '../../../common/contracts/admin-coupons'
import { parseSort } from '../../../common/contracts/admin'
import type { Db, Tx } from '../../db/client'
import { customerProfiles } from '../../db/schema/accounts'
import { couponRedemptions, coupons } from '../../db/schema/cart'
import { brands, categories } from '../../db/schema/catalogue'
import { orders } from '../../db/schema/orders'
import type { CouponRow } from './queries'

export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'websiteId' | 'used' | 'version' | 'createdAt' | 'updatedAt' | 'status'>

const notArchived = ne(coupons.status, 'archived')

/** The states of the list, as SQL (the same rules as stateOf in admin.ts). */
function stateFilter(state: CouponState, now: Date): SQL {
  const active = eq(coupons.status, 'active')
  if (state === 'paused') return eq(coupons.status, 'paused')
  if (state === 'expired') return and(active, sql`${coupons.endsAt} <= ${now}`)!
  if (state === 'scheduled') return and(active, sql`${coupons.startsAt} > ${now}`, sql`(${coupons.endsAt} is null or ${coupons.endsAt} > ${now})`)!
  return and(active, sql`(${coupons.startsAt} is null or ${coupons.startsAt} <= ${now})`, sql`(${coupons.endsAt} is null or ${coupons.endsAt} > ${now})`)!
}

export async function listCoupons(db: Db, websiteId: number, query: CouponQuery, now: Date) {
  const where = and(
    eq(coupons.websiteId, websiteId),
    notArchived,
    query.q ? or(ilike(coupons.code, `%${escapeLike(query.q)}%`), ilike(coupons.description, `%${escapeLike(query.q)}%`)) : undefined,
    query.state ? stateFilter(query.state, now) : undefined,
  )
  const { column, desc: down } = parseSort(query.sort)
  const col = { code: coupons.code, updated_at: coupons.updatedAt, used: coupons.used, ends_on: coupons.endsAt }[column]
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(down ? sql`${col} desc nulls last` : sql`${col} asc nulls last`, desc(coupons.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(coupons).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function findCoupon(db: Db | Tx, websiteId: number, id: number): Promise<CouponRow | null> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id), notArchived))
  return rows[0] ?? null
}

/** Locked until the transaction ends (edits take turns; an order redeeming it waits for the edit). */
export async function lockCoupons(tx: Tx, websiteId: number, ids: number[]): Promise<CouponRow[]> {
  return tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), inArray(coupons.id, ids), notArchived))
    .orderBy(asc(coupons.id))
    .for('update')
}

export async function codeTaken(db: Db | Tx, websiteId: number, code: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(eq(coupons.websiteId, websiteId), notArchived, sql`upper(${coupons.code}) = ${code.toUpperCase()}`, exceptId ? ne(coupons.id, exceptId) : undefined),
    )
    .limit(1)
  return rows.length > 0
}

export async function insertCoupon(tx: Tx, websiteId: number, values: CouponValues): Promise<number> {
  const [row] = await tx
    .insert(coupons)
    .values({ ...values, websiteId })
    .returning({ id: coupons.id })
  return row.id
}

/** Every save moves the coupon to its next version. */
export async function updateCoupon(tx: Tx, id: number, values: Partial<CouponValues> & { status?: CouponRow['status'] }) {
  await tx
    .update(coupons)
    .set({ ...values, version: sql`${coupons.version} + 1`, updatedAt: new Date() })
    .where(eq(coupons.id, id))
}

export async function hasRedemptions(tx: Tx, couponId: number): Promise<boolean> {
  const rows = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId)).limit(1)
  return rows.length > 0
}

export async function deleteCoupon(tx: Tx, id: number) {
  await tx.delete(coupons).where(eq(coupons.id, id))
}

/* ---------- categories and brands, by slug ---------- */

export async function categorySlugs(db: Db | Tx, websiteId: number, slugs: string[]) {
  if (!slugs.length) return []
  return db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), inArray(categories.slug, slugs)))
}

export async function brandSlugs(db: Db | Tx, websiteId: number, slugs: string[]) {
  if (!slugs.length) return []
  return db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), inArray(brands.slug, slugs)))
}

export async function categoriesById(db: Db | Tx, ids: number[]) {
  if (!ids.length) return []
  return db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.id, ids))
}

export async function brandsById(db: Db | Tx, ids: number[]) {
  if (!ids.length) return []
  return db.select({ id: brands.id, slug: brands.slug }).from(brands).where(inArray(brands.id, ids))
}

/* ---------- usage ---------- */

/** The redemptions not given back, with their orders (a redemption of a cancelled or unpaid order was released). */
export async function usage(db: Db, couponId: number, page: number, perPage: number, newestFirst: boolean) {
  const where = and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt))
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        placedAt: orders.createdAt,
        // the customer as this website knows them (docs/decisions/0034), never the account's own name and number
        customer: sql<string>`coalesce(${customerProfiles.name}, ${orders.address}->>'name', case when ${couponRedemptions.userId} is null then 'Walk-in' end, '')`,
        phone: customerProfiles.phone,
        status: orders.status,
        discountPaise: orders.discountPaise,
        totalPaise: orders.totalPaise,
      })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.couponRedemptionId, couponRedemptions.id))
      .leftJoin(customerProfiles, and(eq(customerProfiles.websiteId, orders.websiteId), eq(customerProfiles.userId, couponRedemptions.userId)))
      .where(where)
      .orderBy(newestFirst ? desc(orders.createdAt) : asc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ uses: count(), discount: sum(orders.discountPaise), value: sum(orders.totalPaise), orders: count(orders.id) })
      .from(couponRedemptions)
      .leftJoin(orders, eq(orders.couponRedemptionId, couponRedemptions.id))
      .where(where),
  ])
  return {
    rows,
    uses: totals?.uses ?? 0,
    orders: totals?.orders ?? 0,
    discountPaise: Number(totals?.discount ?? 0),
    valuePaise: Number(totals?.value ?? 0),
  }
}
