import * as z from 'zod/mini'
import { defineContract } from './http'
import { PageQuery } from './orders'

const int = () => z.number().check(z.int())

/** Captured money given back through the provider, and why (amounts in paise). */
export const PaymentRefund = z.object({
  id: int(),
  order_id: int(),
  order_number: z.string(),
  provider: z.string(),
  provider_payment_id: z.string(),
  amount: int(),
  currency: z.string(),
  /** amount_mismatch · order_released (paid after the order was cancelled or its hold ran out and the items sold) · duplicate (a second payment) · cancelled (a paid order cancelled) · staff (a refund by staff) · order_changed (a line reduced or removed before packing) */
  reason: z.enum(['amount_mismatch', 'order_released', 'duplicate', 'cancelled', 'staff', 'order_changed']),
  /** pending until the provider reports it done; failed needs staff to follow up */
  state: z.enum(['pending', 'processed', 'failed']),
  /** ours, as the provider shows it (Razorpay receipt, Cashfree refund_id) */
  reference: z.string(),
  provider_refund_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type PaymentRefund = z.infer<typeof PaymentRefund>

export const listPaymentRefunds = defineContract({
  method: 'GET',
  path: '/api/admin/payments/refunds',
  summary: "The website's refunds (staff): every captured payment given back, and why, newest first",
  query: PageQuery,
  response: z.object({ refunds: z.array(PaymentRefund), page: int(), pages: int(), total: int() }),
})
