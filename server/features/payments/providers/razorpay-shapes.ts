import * as z from 'zod/mini'

/** What the Razorpay adapter reads from the provider's answers and webhooks (PAYMENTS.md B.2–B.7); the rest is ignored. */
const int = () => z.number().check(z.int())

export const RzpOrder = z.object({
  id: z.string(),
  amount: int(),
  currency: z.string(),
  receipt: z.optional(z.nullable(z.string())),
  status: z.string(),
})
export type RzpOrder = z.infer<typeof RzpOrder>

export const RzpPayment = z.object({
  id: z.string(),
  order_id: z.optional(z.nullable(z.string())),
  amount: int(),
  currency: z.string(),
  status: z.string(),
})
export type RzpPayment = z.infer<typeof RzpPayment>

export const RzpRefund = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: int(),
  receipt: z.optional(z.nullable(z.string())),
  status: z.string(),
})
export type RzpRefund = z.infer<typeof RzpRefund>

export const RzpQrCode = z.object({
  id: z.string(),
  image_url: z.string(),
  payment_amount: z.optional(z.nullable(int())),
  status: z.string(),
  close_by: z.optional(z.nullable(int())),
  payments_amount_received: z.optional(int()),
})
export type RzpQrCode = z.infer<typeof RzpQrCode>

export const collection = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item) })

export const RzpPaymentLink = z.object({
  id: z.string(),
  amount: int(),
  currency: z.string(),
  reference_id: z.optional(z.nullable(z.string())),
  short_url: z.string(),
  status: z.string(),
})
export type RzpPaymentLink = z.infer<typeof RzpPaymentLink>

/**
 * `GET /v1/payment_links/{id}`: the link with the payments made on it (`payments`: null or empty before the first,
 * each `{ payment_id, plink_id, amount, status, method, created_at, updated_at }` in Razorpay's docs).
 */
export const RzpPaymentLinkWithPayments = z.object({
  ...RzpPaymentLink.shape,
  payments: z.optional(z.nullable(z.array(z.object({ payment_id: z.string() })))),
})

export const RzpWebhook = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.optional(z.object({ entity: RzpPayment })),
    order: z.optional(z.object({ entity: RzpOrder })),
    refund: z.optional(z.object({ entity: RzpRefund })),
    qr_code: z.optional(z.object({ entity: RzpQrCode })),
    payment_link: z.optional(z.object({ entity: RzpPaymentLink })),
  }),
})

export const RzpCheckoutReturn = z.object({
  razorpay_payment_id: z.string().check(z.regex(/^pay_[A-Za-z0-9]{1,40}$/)),
  razorpay_order_id: z.string().check(z.regex(/^order_[A-Za-z0-9]{1,40}$/)),
  razorpay_signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
})
