import * as z from 'zod/mini'

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
  del_date: nullableString(),
  del_start_time: nullableString(),
  del_end_time: nullableString(),
  grouped_items: z.array(DeliveryGroup),
})
export type Cart = z.infer<typeof Cart>
