import * as z from 'zod/mini'
import { Cart } from './cart'
import { defineContract } from './http'
import { text } from './text'

export const COUPON_CODE_MESSAGE = 'Enter a valid coupon code'

/** Codes are letters and digits (and - or _), compared without regard to case or surrounding spaces. */
export const CouponCode = z.pipe(
  text('Coupon code', [z.trim(), z.toUpperCase()], { error: COUPON_CODE_MESSAGE }),
  z.string().check(z.regex(/^[A-Z0-9_-]{2,32}$/, COUPON_CODE_MESSAGE)),
)

export const applyCoupon = defineContract({
  method: 'POST',
  path: '/api/apply/coupon',
  summary:
    'Applies a coupon of this website to the cart (one per cart: a new code replaces the old one); answers with the whole cart. ' +
    'A coupon that cannot be used is refused with 422 and a message saying why; the cart is unchanged.',
  body: z.strictObject({ code: CouponCode }),
  response: Cart,
})

export const removeCoupon = defineContract({
  method: 'GET',
  path: '/api/remove/coupon',
  summary: 'Takes the coupon off the cart; answers with the whole cart. A GET that changes state: needs the XSRF header and refuses cross-site requests.',
  response: Cart,
})

export const CartOffer = z.object({
  code: z.string(),
  description: z.string(),
  /** what it takes off this cart now, in rupees (0 when it does not apply yet) */
  saves: z.number(),
  /** it would apply to this cart as it is */
  applies: z.boolean(),
  /** why it does not apply yet ('Add ₹120 more …'); null when it does */
  message: z.nullable(z.string()),
  /** it is the cart's coupon */
  applied: z.boolean(),
})
export type CartOffer = z.infer<typeof CartOffer>

export const cartOffers = defineContract({
  method: 'GET',
  path: '/api/cart/offers',
  summary:
    "The website's offers this shopper can use (dates, use limits and first-order rules checked), each with what it would save " +
    'on the cart as it is, largest saving first.',
  response: z.object({ offers: z.array(CartOffer) }),
})
