import * as z from 'zod/mini'

/** What the Cashfree adapter reads from the provider's answers and webhooks (PAYMENTS.md C.2–C.6); amounts are rupees. */
const id = () => z.union([z.string(), z.number()])

export const CfOrder = z.object({
  order_id: z.string(),
  order_amount: z.number(),
  order_currency: z.string(),
  order_status: z.string(),
  payment_session_id: z.optional(z.nullable(z.string())),
})
export type CfOrder = z.infer<typeof CfOrder>

export const CfPayment = z.object({
  cf_payment_id: id(),
  payment_status: z.string(),
  payment_amount: z.number(),
  payment_currency: z.string(),
})
export const CfPayments = z.array(CfPayment)

export const CfRefund = z.object({
  cf_refund_id: id(),
  refund_id: z.string(),
  refund_amount: z.number(),
  refund_status: z.string(),
})
export type CfRefund = z.infer<typeof CfRefund>

export const CfWebhook = z.object({
  type: z.string(),
  data: z.object({
    order: z.optional(z.object({ order_id: z.string(), order_amount: z.optional(z.number()), order_currency: z.optional(z.string()) })),
    payment: z.optional(CfPayment),
    refund: z.optional(
      z.object({
        cf_refund_id: id(),
        refund_id: z.optional(z.string()),
        order_id: z.optional(z.string()),
        cf_payment_id: z.optional(id()),
        refund_amount: z.number(),
        refund_status: z.string(),
      }),
    ),
  }),
})
