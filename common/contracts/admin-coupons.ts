import * as z from 'zod/mini'
import { IdParam, IdParams, listAnswer, staffListQuery, staleBody, Version } from './admin'
import { Slug } from './admin-catalogue'
import { CouponCode } from './coupons'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * Staff calls of coupons (docs/decisions/0019-coupons-admin.md). Amounts are rupees at the edge (paise inside);
 * a percent coupon's value is a whole percent. The validity window is India calendar days, both inclusive.
 */

const int = () => z.number().check(z.int())

export const COUPON_KINDS = ['percent', 'flat'] as const
/** what staff see: paused by staff, not started yet, past its end, or active (usable when its limits allow) */
export const COUPON_STATES = ['active', 'paused', 'scheduled', 'expired'] as const
export type CouponState = (typeof COUPON_STATES)[number]

export const AdminCoupon = z.object({
  id: int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** percent (1–100) or rupees */
  value: z.number(),
  min_cart: z.number(),
  max_discount: z.nullable(z.number()),
  usage_limit: z.nullable(int()),
  per_customer_limit: z.nullable(int()),
  /** India calendar days, inclusive; null = open */
  starts_on: z.nullable(z.string()),
  ends_on: z.nullable(z.string()),
  first_order_only: z.boolean(),
  /** slugs; empty = every category / brand */
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  visible: z.boolean(),
  status: z.enum(['active', 'paused']),
  state: z.enum(COUPON_STATES),
  /** uses not given back (cancelled or unpaid orders give theirs back) */
  used: int(),
  version: int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCoupon>

const Amount = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(10_000_000, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )
const Limit = (label: string) =>
  z.nullable(
    z
      .number({ error: `${label} must be a number` })
      .check(z.int(`${label} must be a whole number`), z.gte(1, `${label} must be 1 or more`), z.lte(10_000_000, `${label} is too large`)),
  )
const Day = (label: string) => z.nullable(calendarDate(label))

const couponFields = {
  code: CouponCode,
  description: text('Description', [z.trim(), z.maxLength(200, 'Description is at most 200 characters')]),
  kind: z.enum(COUPON_KINDS, { error: 'Choose percent or flat' }),
  value: z.number({ error: 'Value must be a number' }).check(z.gt(0, 'Value must be more than 0'), z.lte(10_000_000, 'Value is too large')),
  min_cart: Amount('Minimum cart'),
  max_discount: z.nullable(Amount('Maximum discount')),
  usage_limit: Limit('Total uses'),
  per_customer_limit: Limit('Uses per shopper'),
  starts_on: Day('Start date'),
  ends_on: Day('End date'),
  first_order_only: z.boolean(),
  categories: z.array(Slug('Category')).check(z.maxLength(50, 'At most 50 categories')),
  brands: z.array(Slug('Brand')).check(z.maxLength(50, 'At most 50 brands')),
  visible: z.boolean(),
}

export const CreateCouponInput = z.strictObject({
  code: couponFields.code,
  kind: couponFields.kind,
  value: couponFields.value,
  description: z.optional(couponFields.description),
  min_cart: z.optional(couponFields.min_cart),
  max_discount: z.optional(couponFields.max_discount),
  usage_limit: z.optional(couponFields.usage_limit),
  per_customer_limit: z.optional(couponFields.per_customer_limit),
  starts_on: z.optional(couponFields.starts_on),
  ends_on: z.optional(couponFields.ends_on),
  first_order_only: z.optional(couponFields.first_order_only),
  categories: z.optional(couponFields.categories),
  brands: z.optional(couponFields.brands),
  visible: z.optional(couponFields.visible),
})
export type CreateCouponInput = z.infer<typeof CreateCouponInput>

/** Only what is sent changes; `version` is the one the editor read (409 when someone saved in between). */
export const UpdateCouponInput = z.strictObject({ version: Version, ...z.partial(CreateCouponInput).shape })
export type UpdateCouponInput = z.infer<typeof UpdateCouponInput>

export const CouponQuery = staffListQuery(['code', 'updated_at', 'used', 'ends_on'], '-updated_at', {
  state: z.optional(z.enum(COUPON_STATES, { error: `state must be one of: ${COUPON_STATES.join(', ')}` })),
})
export type CouponQuery = z.output<typeof CouponQuery>

export const listCoupons = defineContract({
  method: 'GET',
  path: '/api/admin/coupons',
  summary: 'Admin: the coupons of this website (deleted ones left out); search by code or description; filter by state (active, paused, scheduled, expired)',
  query: CouponQuery,
  response: listAnswer(AdminCoupon),
})

export const getCoupon = defineContract({
  method: 'GET',
  path: '/api/admin/coupons/:id',
  summary: 'Admin: one coupon',
  params: IdParams,
  response: AdminCoupon,
})

export const createCoupon = defineContract({
  method: 'POST',
  path: '/api/admin/coupons',
  summary: 'Admin: a new coupon; its code is unique on this website whatever the case (422 on `code`)',
  status: 201,
  body: CreateCouponInput,
  response: AdminCoupon,
})

export const updateCoupon = defineContract({
  method: 'PATCH',
  path: '/api/admin/coupons/:id',
  summary: 'Admin: edits a coupon (send `version`; 409 `stale` when someone saved in between). Carts holding it are priced with the new rule.',
  params: IdParams,
  body: UpdateCouponInput,
  response: AdminCoupon,
  stale: staleBody(AdminCoupon),
})

export const CouponIds = z.array(IdParam('ids')).check(z.minLength(1, 'Choose at least one coupon'), z.maxLength(100, 'At most 100 coupons at a time'))

export const setCouponStatus = defineContract({
  method: 'POST',
  path: '/api/admin/coupons/status',
  summary: 'Admin: pauses (`paused`) or resumes (`active`) coupons; a paused coupon is refused in carts and at checkout until resumed',
  body: z.strictObject({ ids: CouponIds, status: z.enum(['active', 'paused'], { error: 'status must be active or paused' }) }),
  response: z.object({ data: z.array(AdminCoupon) }),
})

export const deleteCoupon = defineContract({
  method: 'DELETE',
  path: '/api/admin/coupons/:id',
  summary:
    'Admin: deletes a coupon never used; one already used is archived instead (gone from lists and carts, its orders keep their history, its code is free again)',
  params: IdParams,
  response: z.object({ id: int(), outcome: z.enum(['deleted', 'archived']) }),
})

export const CouponUse = z.object({
  order_id: int(),
  order_number: z.string(),
  placed_at: z.string(),
  customer: z.string(),
  status: z.string(),
  discount: z.number(),
  total: z.number(),
})

export const couponUsage = defineContract({
  method: 'GET',
  path: '/api/admin/coupons/:id/usage',
  summary: 'Admin: how a coupon was used: uses (not given back), discount given and order value, and its orders (newest first, paged)',
  params: IdParams,
  query: staffListQuery(['placed_at'], '-placed_at', {}),
  response: z.object({
    uses: int(),
    discount_given: z.number(),
    order_value: z.number(),
    ...listAnswer(CouponUse).shape,
  }),
})
