import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'

const int = () => z.number().check(z.int())
const nullableString = () => z.nullable(z.string())

export const CartItem = z.object({
  pack_id: int(),
  product_id: int(),
  slug: z.string(),
  image: z.string(),
  name: z.string(),
  pack: z.string(),
  quantity: int(),
  price: z.number(),
  act_price: z.number(),
  amount: z.number(),
  valid: z.boolean(),
  message: z.optional(z.string()),
  warehouse_id: int(),
  delivery_charge_id: z.nullable(int()),
  del_date: nullableString(),
  del_start_time: nullableString(),
  del_end_time: nullableString(),
})
export type CartItem = z.infer<typeof CartItem>

export const DeliveryGroup = z.object({
  delivery_charge_id: int(),
  del_date: nullableString(),
  del_start_time: nullableString(),
  del_end_time: nullableString(),
  items: z.array(int()),
})

/** Amounts in rupees (two decimals) at the contract edge; paise inside. */
export const Cart = z.object({
  items: z.array(CartItem),
  quantity: int(),
  total: z.number(),
  amount: z.number(),
  offercode: nullableString(),
  serviceable: z.boolean(),
  notes: nullableString(),
  message: nullableString(),
  discount: z.number(),
  delivery_charge: z.number(),
  finalDelivery: z.number(),
  deliveryMessage: nullableString(),
  paymentMethods: z.array(z.string()),
  /** cash on delivery only for an order total up to this (rupees); null: no limit (docs/decisions/0022) */
  cod_max_order_value: z.nullable(z.number()),
  /** what cash on delivery collects: total rounded to the rupee, and the round-off (cod_total − total), as the order and invoice show them */
  cod_total: z.number(),
  /** why the cart's coupon takes nothing off now (used already, expired, minimum not reached); null when it applies or there is none */
  coupon_message: nullableString(),
  cod_round_off: z.number(),
  del_date: nullableString(),
  del_start_time: nullableString(),
  del_end_time: nullableString(),
  grouped_items: z.array(DeliveryGroup),
})
export type Cart = z.infer<typeof Cart>

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be a positive number`), z.lte(2_147_483_647, `${label} is too large`))

/** The most of one pack a cart line may hold (SECURITY BL-03: never above min(stock, this)). */
export const MAX_LINE_QUANTITY = 20

export const addToCart = defineContract({
  method: 'POST',
  path: '/api/cart/add',
  summary: "Adds one of a pack from the warehouse serving the shopper's pincode; answers with the whole cart",
  body: z.strictObject({ pack_id: id('pack_id'), warehouse_id: id('warehouse_id') }),
  response: Cart,
})

export const removeFromCart = defineContract({
  method: 'POST',
  path: '/api/cart/remove',
  summary: 'Drops the line (remove: true) or takes one away; answers with the whole cart',
  body: z.strictObject({ pack_id: id('pack_id'), remove: z.boolean({ error: 'remove must be true or false' }) }),
  response: Cart,
})

export const getCart = defineContract({
  method: 'GET',
  path: '/api/cart',
  summary: "The whole cart; address_id checks delivery to one of the shopper's addresses (grouped_items is always filled)",
  query: z.object({
    address_id: z.optional(
      z.coerce
        .number({ error: 'address_id must be a number' })
        .check(z.int('address_id must be a whole number'), z.positive('address_id must be a positive number'), z.lte(2_147_483_647, 'address_id is too large')),
    ),
    groupby_delivery: z.optional(text('groupby_delivery', [z.maxLength(10)])),
  }),
  response: Cart,
})
