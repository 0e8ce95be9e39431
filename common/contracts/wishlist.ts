import * as z from 'zod/mini'
import { Product } from './catalogue'
import { defineContract } from './http'
import { text } from './text'

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be a positive number`), z.lte(2_147_483_647, `${label} is too large`))

export const WISHLIST_NAME_MAX = 60
export const MAX_WISHLISTS = 20
export const DEFAULT_WISHLIST_NAME = 'Default'

/** A named wishlist; the Default one has id null (spec §7: wishlist_category_id empty for default). */
export const WishlistCategory = z.object({ id: z.nullable(z.number().check(z.int())), name: z.string() })
export type WishlistCategory = z.infer<typeof WishlistCategory>

export const WishlistWithProducts = z.object({ ...WishlistCategory.shape, products: z.array(Product) })
export type WishlistWithProducts = z.infer<typeof WishlistWithProducts>

export const WishlistName = z.pipe(
  text('Wishlist name', [z.trim()], { error: 'New Wishlist is required' }),
  z.string().check(z.minLength(1, 'New Wishlist is required'), z.maxLength(WISHLIST_NAME_MAX, `A wishlist name has at most ${WISHLIST_NAME_MAX} characters`)),
)

export const updateWishlist = defineContract({
  method: 'POST',
  path: '/api/wishlist/update',
  summary:
    "Toggles a product in one of the signed-in shopper's wishlists (wishlist_category_id empty or null for Default). " +
    '`saved` says whether it is now in that list, `wishlist` whether it is in any (the product flag).',
  body: z.strictObject({
    product_id: id('product_id'),
    wishlist_category_id: z.optional(z.union([z.null(), z.literal(''), id('wishlist_category_id')])),
  }),
  response: z.object({
    product_id: z.number().check(z.int()),
    wishlist_category_id: z.nullable(z.number().check(z.int())),
    saved: z.boolean(),
    wishlist: z.boolean(),
  }),
})

export const getWishlist = defineContract({
  method: 'GET',
  path: '/api/wishlist',
  summary: "The signed-in shopper's wishlists (Default first, then named ones by creation) with their products, packs from the current warehouse",
  response: z.array(WishlistWithProducts),
})

export const createWishlistCategory = defineContract({
  method: 'POST',
  path: '/api/wishlistCategory',
  summary: `Creates a named wishlist for the signed-in shopper (at most ${MAX_WISHLISTS}; names unique per shopper, ignoring case)`,
  body: z.strictObject({ name: WishlistName }),
  response: WishlistCategory,
})
