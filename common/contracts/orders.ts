import * as z from 'zod/mini'
import { Product } from './catalogue'
import { defineContract } from './http'
import { text } from './text'

const int = () => z.number().check(z.int())
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .check(z.int(`${name} must be a whole number`), z.positive(`${name} must be positive`), z.lte(2_147_483_647, `${name} is too large`))

/** Amounts are integer paise (STYLE rule 7). */
export const OrderSummary = z.object({
  id: int(),
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
  payment_method: z.string(),
  total: int(),
  items: int(),
  created_at: z.string(),
  /** the sales agent who placed it for the customer (null: the customer did) */
  placed_by: z._default(z.nullable(z.string()), null),
})
export type OrderSummary = z.infer<typeof OrderSummary>

export const OrderDetail = z.object({
  ...OrderSummary.shape,
  lines: z.array(
    z.object({
      /** the order line's id (staff refunds and line edits name it) */
      id: int(),
      pack_id: int(),
      product_id: int(),
      slug: z.string(),
      image: z.string(),
      name: z.string(),
      pack: z.string(),
      quantity: int(),
      price: int(),
      amount: int(),
      /** what was ordered, when the shop changed the line before packing (null: unchanged; `quantity` 0: removed) */
      ordered_quantity: z.nullable(int()),
    }),
  ),
  charges: z.object({ items: int(), discount: int(), delivery: int(), total: int(), coupon: z.nullable(z.string()) }),
  address: z.object({
    name: z.string(),
    mobile: z.string(),
    house: z.string(),
    street: z.string(),
    area: z.string(),
    landmark: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  deliveries: z.array(z.object({ date: z.string(), start: z.string(), end: z.string(), charge: int() })),
  payment: z.nullable(z.object({ provider: z.string(), status: z.string(), amount: int(), refunded: int(), attempt: int() })),
  timeline: z.array(z.object({ kind: z.string(), note: z.string(), at: z.string() })),
  notes: z.nullable(z.string()),
  can_cancel: z.boolean(),
  can_pay: z.boolean(),
})
export type OrderDetail = z.infer<typeof OrderDetail>

/** `?page=` of a paged list, from 1 */
export const PageQuery = z.object({ page: z.optional(id('page')) })

export const listOrders = defineContract({
  method: 'GET',
  path: '/api/orders',
  summary: "The shopper's orders on this website, newest first",
  query: PageQuery,
  response: z.object({ orders: z.array(OrderSummary), page: int(), pages: int(), total: int() }),
})

const OrderParams = z.object({ id: id('id') })

export const getOrder = defineContract({
  method: 'GET',
  path: '/api/orders/:id',
  summary: 'One of the shopper’s orders',
  params: OrderParams,
  response: OrderDetail,
})

export const getOrderByNumber = defineContract({
  method: 'GET',
  path: '/api/orders/number/:number',
  summary: 'One of the shopper’s orders by its order number (success page)',
  params: z.object({ number: text('Order number', [z.maxLength(40)]) }),
  response: OrderDetail,
})

export const cancelOrder = defineContract({
  method: 'POST',
  path: '/api/orders/:id/cancel',
  summary: 'Cancels an order before it is packed; a paid online order is refunded through its provider',
  params: OrderParams,
  body: z.optional(z.object({})),
  response: OrderDetail,
})

export const reorder = defineContract({
  method: 'POST',
  path: '/api/orders/:id/reorder',
  summary: "Puts an order's items back in the cart (what is still sold and in stock)",
  params: OrderParams,
  body: z.optional(z.object({})),
  response: z.object({ added: int(), skipped: z.array(z.string()) }),
})

/** A pack the shopper buys again and again (issue 31), with when it usually runs out for them. */
export const BuyAgainItem = z.object({
  /** the product as sold now, from the shopper's warehouse; the pack bought is its first */
  product: Product,
  pack_id: int(),
  /** days (India) on which the shopper bought it */
  purchases: int(),
  /** the last of those days, YYYY-MM-DD */
  last_bought: z.string(),
  /** the median of the days between those purchases; null after one purchase */
  median_days: z.nullable(z.number()),
  /** last_bought + median_days: when it usually runs out; null after one purchase */
  due_on: z.nullable(z.string()),
})
export type BuyAgainItem = z.infer<typeof BuyAgainItem>

export const getBuyAgain = defineContract({
  method: 'GET',
  path: '/api/account/buy-again',
  summary:
    "The signed-in shopper's buy-again shelf: packs of their own orders, the one due to run out first first (the median days between " +
    'their purchases of it after the last one); packs bought once follow, newest first. One per product, what is still sold here.',
  response: z.object({ items: z.array(BuyAgainItem) }),
})
