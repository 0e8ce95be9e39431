import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { wishlistCategories, wishlistItems } from '../../db/schema/cart'

export interface Owner {
  websiteId: number
  userId: number
}

const mine = (o: Owner) => and(eq(wishlistCategories.websiteId, o.websiteId), eq(wishlistCategories.userId, o.userId))
const myItems = (o: Owner) => and(eq(wishlistItems.websiteId, o.websiteId), eq(wishlistItems.userId, o.userId))
const inList = (categoryId: number | null) =>
  categoryId === null ? isNull(wishlistItems.wishlistCategoryId) : eq(wishlistItems.wishlistCategoryId, categoryId)

export function listCategories(db: Db, o: Owner) {
  return db
    .select({ id: wishlistCategories.id, name: wishlistCategories.name })
    .from(wishlistCategories)
    .where(mine(o))
    .orderBy(asc(wishlistCategories.createdAt), asc(wishlistCategories.id))
}

/** One of the shopper's own named lists on this website; another's (or another website's) is not found. */
export async function findCategory(db: Db, o: Owner, id: number) {
  const rows = await db
    .select({ id: wishlistCategories.id, name: wishlistCategories.name })
    .from(wishlistCategories)
    .where(and(mine(o), eq(wishlistCategories.id, id)))
    .limit(1)
  return rows[0] ?? null
}

export async function insertCategory(db: Db, o: Owner, name: string) {
  const [row] = await db
    .insert(wishlistCategories)
    .values({ ...o, name })
    .returning({ id: wishlistCategories.id, name: wishlistCategories.name })
  return row
}

/** true when it was there (and is now gone), false when it was added. */
export async function toggleItem(db: Db, o: Owner, productId: number, categoryId: number | null): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(myItems(o), eq(wishlistItems.productId, productId), inList(categoryId)))
    .returning({ id: wishlistItems.id })
  if (removed.length > 0) return true
  await db
    .insert(wishlistItems)
    .values({ ...o, productId, wishlistCategoryId: categoryId })
    .onConflictDoNothing()
  return false
}

/** Which of these products (all when not given) are in any of the shopper's lists. */
export async function savedProductIds(db: Db, o: Owner, productIds?: number[]): Promise<Set<number>> {
  if (productIds?.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(myItems(o), productIds ? inArray(wishlistItems.productId, productIds) : sql`true`))
  return new Set(rows.map((r) => r.productId))
}

export function listItems(db: Db, o: Owner) {
  return db
    .select({ productId: wishlistItems.productId, categoryId: wishlistItems.wishlistCategoryId })
    .from(wishlistItems)
    .where(myItems(o))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id))
}
