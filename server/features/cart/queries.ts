import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { cartItems, carts } from '../../db/schema/cart'
import { categories, packs, products, stock, warehouses } from '../../db/schema/catalogue'

/** Whose cart: a signed-in shopper's, else the visitor session's. */
export type CartOwner = { userId: number } | { sessionIdHash: string }

export type CartRow = typeof carts.$inferSelect

const ownerWhere = (websiteId: number, owner: CartOwner) =>
  and(eq(carts.websiteId, websiteId), 'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.sessionIdHash, owner.sessionIdHash))

export async function findCart(db: Db | Tx, websiteId: number, owner: CartOwner): Promise<CartRow | null> {
  const rows = await db.select().from(carts).where(ownerWhere(websiteId, owner)).limit(1)
  return rows[0] ?? null
}

/** The owner's cart, made on first use (two first adds at once make one cart: the unique indexes decide). */
export async function findOrCreateCart(db: Db, websiteId: number, owner: CartOwner): Promise<CartRow> {
  const found = await findCart(db, websiteId, owner)
  if (found) return found
  const values = 'userId' in owner ? { websiteId, userId: owner.userId } : { websiteId, sessionIdHash: owner.sessionIdHash }
  const [created] = await db.insert(carts).values(values).onConflictDoNothing().returning()
  return created ?? (await findCart(db, websiteId, owner))!
}

/** A pack of this website, and what a warehouse of this website has free to sell of it (null warehouse = not this website's). */
export async function findPackAt(db: Db, websiteId: number, packId: number, warehouseId: number) {
  const rows = await db
    .select({
      packId: packs.id,
      warehouseId: warehouses.id,
      available: sql<number>`coalesce(${stock.quantity} - ${stock.reserved}, 0)::int`,
    })
    .from(packs)
    // Only packs of products on sale: drafts and archived products are not sold (SECURITY AZ-15).
    .innerJoin(products, and(eq(products.id, packs.productId), eq(products.status, 'active')))
    .leftJoin(warehouses, and(eq(warehouses.id, warehouseId), eq(warehouses.websiteId, websiteId)))
    .leftJoin(stock, and(eq(stock.packId, packs.id), eq(stock.warehouseId, warehouses.id)))
    .where(and(eq(packs.id, packId), eq(packs.websiteId, websiteId)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Every change of a cart's lines starts here, inside its transaction (addOne does it in its own statement): it waits
 * for an order being placed from this cart (which holds the row, docs/decisions/0009), so the change lands before that
 * order or in the emptied cart, never lost in between; and it forgets the order that emptied the cart.
 */
export async function holdCart(tx: Tx, cartId: number) {
  await tx.update(carts).set({ orderedAs: null, updatedAt: new Date() }).where(eq(carts.id, cartId))
}

/** The owner's cart for placing an order: locked until the order's transaction ends, so one cart makes one order. */
export async function lockCart(tx: Tx, websiteId: number, owner: CartOwner): Promise<CartRow | null> {
  const rows = await tx.select().from(carts).where(ownerWhere(websiteId, owner)).for('update')
  return rows[0] ?? null
}

/**
 * One more of a pack, from this warehouse (a line from another warehouse moves here). Atomic: the quantity never
 * passes `cap`, however many adds run at once. Null when the line is already at the cap. Holds the cart row first,
 * as holdCart does, in the same statement (an add is the hot path: one round trip).
 */
export async function addOne(db: Db, cartId: number, packId: number, warehouseId: number, cap: number): Promise<number | null> {
  const result = await db.execute(sql`
    with held as (update carts set ordered_as = null, updated_at = now() where id = ${cartId} returning id)
    insert into cart_items (cart_id, pack_id, warehouse_id, quantity) select id, ${packId}, ${warehouseId}, 1 from held
    on conflict (cart_id, pack_id) do update set quantity = cart_items.quantity + 1, warehouse_id = excluded.warehouse_id
      where cart_items.quantity + 1 <= ${cap}
    returning quantity`)
  return rowsOf<{ quantity: number }>(result)[0]?.quantity ?? null
}

/**
 * The lines held at another warehouse move to `warehouseId` where it stocks their pack (a new pincode is served from
 * there, issue 31); a pack it does not stock stays where it was and is marked as not deliverable. Answers how many moved.
 */
export async function moveLinesTo(db: Db | Tx, cartId: number, warehouseId: number): Promise<number> {
  const moved = await db.execute(sql`
    update cart_items set warehouse_id = ${warehouseId}
    where cart_id = ${cartId} and warehouse_id <> ${warehouseId}
      and exists (select 1 from stock where stock.pack_id = cart_items.pack_id and stock.warehouse_id = ${warehouseId})
    returning pack_id`)
  return rowsOf(moved).length
}

/** Lines put back as they were ordered; a pack the cart holds again already is left as the shopper has it. */
export async function putBackLines(db: Db | Tx, cartId: number, lines: { packId: number; warehouseId: number; quantity: number }[]) {
  if (lines.length === 0) return
  await db
    .insert(cartItems)
    .values(lines.map((l) => ({ cartId, packId: l.packId, warehouseId: l.warehouseId, quantity: l.quantity })))
    .onConflictDoNothing()
}

/** One fewer; the line goes when it reaches 0 (two at once from 2 leave nothing, never -1). */
export async function takeOne(db: Db | Tx, cartId: number, packId: number) {
  const lowered = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - 1` })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.packId, packId), sql`${cartItems.quantity} > 1`))
    .returning({ quantity: cartItems.quantity })
  if (lowered.length === 0) await removeLine(db, cartId, packId)
}

export async function removeLine(db: Db | Tx, cartId: number, packId: number) {
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.packId, packId)))
}

export async function setCoupon(db: Db, cartId: number, code: string | null) {
  await db.update(carts).set({ couponCode: code, updatedAt: new Date() }).where(eq(carts.id, cartId))
}

const parent = alias(categories, 'parent_category')

/** The lines with what pricing and checks need: the pack's price now, and stock at the line's warehouse. */
export function loadLines(db: Db, websiteId: number, cartId: number) {
  return db
    .select({
      packId: cartItems.packId,
      warehouseId: cartItems.warehouseId,
      quantity: cartItems.quantity,
      productId: products.id,
      slug: products.slug,
      productName: products.name,
      medias: products.medias,
      categoryId: products.categoryId,
      parentCategoryId: parent.id,
      brandId: products.brandId,
      packName: packs.name,
      pricePaise: packs.pricePaise,
      mrpPaise: packs.mrpPaise,
      available: sql<number>`coalesce(${stock.quantity} - ${stock.reserved}, 0)::int`,
      onSale: sql<boolean>`${products.status} = 'active'`,
    })
    .from(cartItems)
    .innerJoin(packs, and(eq(packs.id, cartItems.packId), eq(packs.websiteId, websiteId)))
    .innerJoin(products, eq(products.id, packs.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(stock, and(eq(stock.packId, cartItems.packId), eq(stock.warehouseId, cartItems.warehouseId)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.packId))
}

export type LineRow = Awaited<ReturnType<typeof loadLines>>[number]

/** pack id → quantity in the owner's cart, for the product answers. */
export async function packQuantities(db: Db, websiteId: number, owner: CartOwner): Promise<Map<number, number>> {
  const rows = await db
    .select({ packId: cartItems.packId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(ownerWhere(websiteId, owner))
  return new Map(rows.map((r) => [r.packId, r.quantity]))
}

/** The visitor cart becomes the user's (they had none on this website). */
export async function giveCartToUser(tx: Tx, cartId: number, userId: number) {
  await tx.update(carts).set({ userId, sessionIdHash: null, updatedAt: new Date() }).where(eq(carts.id, cartId))
}

/** Adds one cart's lines into another: quantities add up to at most `cap`; the visitor's warehouse wins. */
export async function mergeLines(tx: Tx, fromCartId: number, toCartId: number, cap: number) {
  await tx.execute(sql`
    insert into cart_items (cart_id, pack_id, warehouse_id, quantity, added_at)
    select ${toCartId}, pack_id, warehouse_id, least(quantity, ${cap}), added_at from cart_items where cart_id = ${fromCartId}
    on conflict (cart_id, pack_id) do update
      set quantity = least(cart_items.quantity + excluded.quantity, ${cap}), warehouse_id = excluded.warehouse_id`)
}

export async function deleteCart(tx: Tx, cartId: number) {
  await tx.delete(carts).where(eq(carts.id, cartId))
}

/** The order took the lines, coupon and notes; the row stays (and stays locked) so a concurrent add waits, then lands here. */
export async function emptyCart(tx: Tx, cartId: number, orderNumber: string) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId))
  await tx.update(carts).set({ couponCode: null, notes: null, orderedAs: orderNumber, updatedAt: new Date() }).where(eq(carts.id, cartId))
}

export async function keepCouponIfNone(tx: Tx, cartId: number, code: string | null) {
  if (code)
    await tx
      .update(carts)
      .set({ couponCode: sql`coalesce(${carts.couponCode}, ${code})` })
      .where(eq(carts.id, cartId))
}
