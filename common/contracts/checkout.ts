import * as z from 'zod/mini'
import { buyerFields, buyerPairCheck, SavedBuyer } from './buyer'
import { defineContract } from './http'
import { INT_MAX, wholeNumber } from './whole-numbers'
import { text } from './text'

const int = () => z.number().check(z.int())
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .check(z.int(`${name} must be a whole number`), z.positive(`${name} must be positive`), z.lte(2_147_483_647, `${name} is too large`))

/** `khata`: only a sales agent's order for their customer, within the customer's credit limit (docs/decisions/0047) */
export const CHECKOUT_METHODS = ['razorpay', 'cashfree', 'cod', 'khata'] as const

/** The windows of one delivery group at checkout; a full window is listed with open: false. */
export const SlotGroup = z.object({
  delivery_charge_id: int(),
  warehouse_id: int(),
  items: z.array(int()),
  slots: z.array(z.object({ id: int(), date: z.string(), start: z.string(), end: z.string(), open: z.boolean() })),
})
export type SlotGroup = z.infer<typeof SlotGroup>

export const getCheckoutSlots = defineContract({
  method: 'GET',
  path: '/api/checkout/slots',
  summary: "Delivery windows for each delivery group of the cart, delivered to one of the shopper's addresses",
  query: z.object({ address_id: id('address_id') }),
  response: z.object({ groups: z.array(SlotGroup) }),
})

export const PlaceOrderBody = z
  .strictObject({
    address_id: id('address_id'),
    slots: z.array(z.strictObject({ delivery_charge_id: wholeNumber(-INT_MAX), slot_id: id('slot_id') })).check(z.maxLength(20)),
    payment_method: z.enum(CHECKOUT_METHODS, { error: 'Choose a payment method' }),
    notes: z.optional(text('Notes', [z.maxLength(500, 'Notes can be at most 500 characters')])),
    /** the total the shopper saw, in paise: a different total now refuses the order with what changed */
    expected_total: z.optional(wholeNumber()),
    /** made once per checkout page by the browser: a double click or a retry places one order */
    idempotency_key: text('idempotency_key', [z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)]),
    /** a registered business buying (B2B): its invoice shows this GSTIN and legal name; the GSTIN's state is the place of supply */
    ...buyerFields,
    /** keep the GSTIN and name for the customer's next order on this website */
    save_buyer: z.optional(z.boolean()),
    /** "Send me order updates on WhatsApp/SMS" ticked: the delivery number opts in (unticked changes nothing) */
    message_updates: z.optional(z.boolean()),
  })
  .check(buyerPairCheck)
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>

export const PlacedOrder = z.object({
  order_id: int(),
  order_number: z.string(),
  payment_method: z.string(),
  total: int(),
  /** where the browser goes next: the success page, or the provider's payment page */
  next: z.string(),
})
export type PlacedOrder = z.infer<typeof PlacedOrder>

export const placeOrder = defineContract({
  method: 'POST',
  path: '/api/checkout/place',
  summary: 'Places the order from the cart in one transaction (409/422 with what changed)',
  body: PlaceOrderBody,
  response: PlacedOrder,
})

export const getSavedBuyer = defineContract({
  method: 'GET',
  path: '/api/checkout/buyer',
  summary: 'The business GSTIN and legal name the shopper saved on this website for B2B invoices (nulls: none saved)',
  response: SavedBuyer,
})

const OrderIdParams = z.object({ orderId: id('orderId') })

export const PayPayload = z.object({
  provider: z.enum(['razorpay', 'cashfree']),
  script_url: z.string(),
  provider_order_id: z.string(),
  amount: int(),
  currency: z.string(),
  key_id: z.optional(z.string()),
  payment_session_id: z.optional(z.string()),
  mode: z.optional(z.string()),
  order_number: z.string(),
  name: z.string(),
  contact: z.string(),
  email: z.optional(z.string()),
})
export type PayPayload = z.infer<typeof PayPayload>

export const getPayment = defineContract({
  method: 'GET',
  path: '/api/checkout/pay/:orderId',
  summary: "Creates (once per attempt) the provider order of an unpaid online order and returns what the provider's checkout needs",
  params: OrderIdParams,
  response: PayPayload,
})

export const ConfirmResult = z.object({
  status: z.enum(['paid', 'pending', 'failed']),
  order_id: int(),
  order_number: z.string(),
  payment_method: z.string(),
  message: z.string(),
})
export type ConfirmResult = z.infer<typeof ConfirmResult>

export const confirmPayment = defineContract({
  method: 'POST',
  path: '/api/checkout/confirm/:orderId',
  summary: "Asks the provider (server to server) whether the order is paid; the browser's signature is only a hint",
  params: OrderIdParams,
  body: z.object({
    razorpay_payment_id: z.optional(text('razorpay_payment_id', [z.maxLength(100)])),
    razorpay_order_id: z.optional(text('razorpay_order_id', [z.maxLength(100)])),
    razorpay_signature: z.optional(text('razorpay_signature', [z.maxLength(200)])),
  }),
  response: ConfirmResult,
})

export const PaymentLinkAnswer = z.object({
  order_id: int(),
  order_number: z.string(),
  provider: z.string(),
  url: z.string(),
  amount: int(),
  expires_at: z.string(),
  /** where the link was sent (the customer's mobile, and email when they have one) */
  sent_to: z.array(z.string()),
})
export type PaymentLinkAnswer = z.infer<typeof PaymentLinkAnswer>

export const sendPaymentLink = defineContract({
  method: 'POST',
  path: '/api/checkout/link/:orderId',
  summary:
    "Sales agent in agent mode: sends the customer a payment link (Razorpay Payment Link) for their unpaid online order, by SMS and email through the outbox; the order's stock stays held until the link expires. The same open link again on a repeat",
  params: OrderIdParams,
  response: PaymentLinkAnswer,
})

const PaidToken = z.object({ token: text('token', [z.regex(/^[1-9][0-9]{0,11}-[A-Za-z0-9_-]{43}$/, 'Not a payment link')]) })

/** What a visitor back from a payment link sees: the order's number and amount and whether the money has arrived. */
export const PaymentReturn = z.object({
  shop: z.string(),
  order_number: z.string(),
  /** in paise, as the payment link's `amount` */
  amount: int(),
  /** `waiting`: not paid yet, the provider's webhook may be on its way; `not_paid`: the order was let go or cancelled */
  status: z.enum(['paid', 'waiting', 'not_paid']),
})
export type PaymentReturn = z.infer<typeof PaymentReturn>

export const getPaymentReturn = defineContract({
  method: 'GET',
  path: '/api/checkout/paid/:token',
  summary:
    "The page a payment link returns to, without signing in: the order's number, amount and whether it is paid; 404 for a wrong token or another website's",
  params: PaidToken,
  response: PaymentReturn,
})
