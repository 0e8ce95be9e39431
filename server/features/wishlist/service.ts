import type * as z from 'zod/mini'
import { DEFAULT_WISHLIST_NAME, MAX_WISHLISTS, type updateWishlist, type WishlistCategory } from '../../../common/contracts/wishlist'
import { requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import type { Result } from '../../platform/result'
import * as queries from './queries'

/** Wishlists are a signed-in shopper's, per website: visitors get 401 (the web sends them to sign in). */
const ownerOf = (ctx: RequestCtx): queries.Owner => ({ websiteId: ctx.site.id, userId: requireUser(ctx).id })

export type WishlistResult<T> = Result<T>

/** Products (of those given) in any of the shopper's wishlists; none for a visitor. */
export async function savedProductIds(ctx: RequestCtx, productIds?: number[]): Promise<Set<number>> {
  if (!ctx.user) return new Set()
  return queries.savedProductIds(ctx.db, { websiteId: ctx.site.id, userId: ctx.user.id }, productIds)
}

/** Toggles a product (the caller has checked it is this website's) in Default (null) or one of the shopper's lists. */
export async function toggle(ctx: RequestCtx, productId: number, categoryId: number | null): Promise<WishlistResult<z.infer<typeof updateWishlist.response>>> {
  const owner = ownerOf(ctx)
  if (categoryId !== null && !(await queries.findCategory(ctx.db, owner, categoryId))) {
    return { ok: false, kind: 'not_found', message: 'This wishlist was not found' }
  }
  const wasThere = await queries.toggleItem(ctx.db, owner, productId, categoryId)
  const anywhere = await queries.savedProductIds(ctx.db, owner, [productId])
  return { ok: true, value: { product_id: productId, wishlist_category_id: categoryId, saved: !wasThere, wishlist: anywhere.has(productId) } }
}

/** Default first, then the named lists in the order they were made, each with its product ids (newest last). */
export async function lists(ctx: RequestCtx): Promise<(WishlistCategory & { productIds: number[] })[]> {
  const owner = ownerOf(ctx)
  const [categories, items] = await Promise.all([queries.listCategories(ctx.db, owner), queries.listItems(ctx.db, owner)])
  return [{ id: null, name: DEFAULT_WISHLIST_NAME }, ...categories].map((c) => ({
    ...c,
    productIds: items.filter((i) => i.categoryId === c.id).map((i) => i.productId),
  }))
}

export async function createCategory(ctx: RequestCtx, name: string): Promise<WishlistResult<WishlistCategory>> {
  const owner = ownerOf(ctx)
  const existing = await queries.listCategories(ctx.db, owner)
  const clash = [DEFAULT_WISHLIST_NAME, ...existing.map((c) => c.name)].some((n) => n.toLowerCase() === name.toLowerCase())
  if (clash) return { ok: false, kind: 'invalid', message: `You already have a wishlist named ${name}` }
  if (existing.length >= MAX_WISHLISTS) return { ok: false, kind: 'invalid', message: `You can have at most ${MAX_WISHLISTS} wishlists` }
  return { ok: true, value: await queries.insertCategory(ctx.db, owner, name) }
}
