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
    order: z.nullish(
      z.object({
        order_id: z.string(),
        order_amount: z.optional(z.number()),
        order_currency: z.optional(z.string()),
        // PAYMENT_LINK_EVENT: the payment made on the link
        transaction_id: z.optional(id()),
        transaction_status: z.optional(z.string()),
      }),
    ),
    // PAYMENT_LINK_EVENT
    link_id: z.optional(z.string()),
    link_status: z.optional(z.string()),
    link_amount_paid: z.optional(z.number()),
    link_currency: z.optional(z.string()),
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

/** A Payment Link (POST /pg/links, GET /pg/links/{link_id}). */
export const CfLink = z.object({
  link_id: z.string(),
  link_status: z.string(),
  link_amount: z.number(),
  link_currency: z.string(),
  link_url: z.string(),
})
export type CfLink = z.infer<typeof CfLink>

/** The orders made for a link's payments (GET /pg/links/{link_id}/orders). */
export const CfLinkOrders = z.array(z.object({ order_id: z.string(), order_status: z.string() }))
