import * as z from 'zod/mini'
import { IdParams, listAnswer, staffListQuery } from './admin'
import { defineContract } from './http'
import { OrderSummary } from './orders'
import { text } from './text'

/**
 * Customers of a website: the people with a relationship with it (signed in, ordered, saved an address or were
 * added by staff here). Someone known only to another website is never listed nor shown (decision 0006).
 */

const int = () => z.number().check(z.int())

export const CustomerRow = z.object({
  user_id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  orders_count: int(),
  /** paise, orders that were not cancelled nor failed */
  total_spent: int(),
  last_order_at: z.nullable(z.string()),
  joined_at: z.string(),
  /** kept from ordering on this website */
  blocked: z.nullable(z.object({ reason: z.string(), blocked_at: z.string() })),
})
export type CustomerRow = z.infer<typeof CustomerRow>

/** The list's quick filters: kept from ordering, or by whether they ever ordered here. */
export const CUSTOMER_STATES = ['blocked', 'ordered', 'never_ordered'] as const
export type CustomerState = (typeof CUSTOMER_STATES)[number]

export const CustomerQuery = staffListQuery(['name', 'user_id', 'last_order_at', 'total_spent'], '-user_id', {
  state: z.optional(z.enum(CUSTOMER_STATES, { error: `state must be one of: ${CUSTOMER_STATES.join(', ')}` })),
})
export type CustomerQuery = z.output<typeof CustomerQuery>

export const listCustomers = defineContract({
  method: 'GET',
  path: '/api/admin/customers',
  summary:
    'Admin: the people with a relationship with this website; search by name, phone or email; state: blocked, ordered or never_ordered; orders count, total spent, last order',
  query: CustomerQuery,
  response: listAnswer(CustomerRow),
})

export const CustomerAddress = z.object({
  id: int(),
  name: z.string(),
  mobile: z.string(),
  house: z.string(),
  street: z.string(),
  area: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  type: z.string(),
  is_default: z.boolean(),
})

export const CustomerDetail = z.object({
  ...CustomerRow.shape,
  addresses: z.array(CustomerAddress),
  /** the newest orders (at most 50) */
  orders: z.array(OrderSummary),
})
export type CustomerDetail = z.infer<typeof CustomerDetail>

export const getCustomer = defineContract({
  method: 'GET',
  path: '/api/admin/customers/:id',
  summary: 'Admin: one customer of this website (id = user id) with addresses, orders and totals; 404 for someone with no relationship with it',
  params: IdParams,
  response: CustomerDetail,
})

export const BlockCustomerInput = z.strictObject({
  reason: text('Reason', [z.trim(), z.minLength(3, 'Say why, in a few words'), z.maxLength(300, 'Reason is at most 300 characters')]),
})
export type BlockCustomerInput = z.infer<typeof BlockCustomerInput>

export const blockCustomer = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/block',
  summary: 'Admin: keeps a customer from ordering on this website (checkout refuses them with a clear message); blocking again changes the reason',
  params: IdParams,
  body: BlockCustomerInput,
  response: CustomerDetail,
})

export const unblockCustomer = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/unblock',
  summary: 'Admin: lets a blocked customer order on this website again; 409 when they are not blocked',
  params: IdParams,
  body: z.strictObject({}),
  response: CustomerDetail,
})

/** Everything this website holds about the person (a privacy request). */
export const CustomerExport = z.object({
  exported_at: z.string(),
  website: z.string(),
  profile: z.object({ user_id: int(), name: z.string(), phone: z.nullable(z.string()), email: z.nullable(z.string()), joined_at: z.string() }),
  addresses: z.array(CustomerAddress),
  orders: z.array(OrderSummary),
  wishlists: z.array(z.object({ wishlist: z.string(), product_id: int(), added_at: z.string() })),
})
export type CustomerExport = z.infer<typeof CustomerExport>

export const exportCustomer = defineContract({
  method: 'GET',
  path: '/api/admin/customers/:id/export',
  summary: 'Admin: a privacy export of one customer: profile, addresses, orders and wishlists on this website, as JSON',
  params: IdParams,
  response: CustomerExport,
})

export const EraseAnswer = z.object({
  user_id: int(),
  /** false when another website also knows the person: their account stays, this website's copies are erased */
  account_erased: z.boolean(),
})

export const eraseCustomer = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/erase',
  summary:
    'Admin: a privacy erase: addresses, wishlists, sessions and the order snapshots’ name, phone, street and notes on this website are wiped (orders kept for the accounts); the account’s name, phone and email too unless another website knows the person',
  params: IdParams,
  body: z.strictObject({}),
  response: EraseAnswer,
})
