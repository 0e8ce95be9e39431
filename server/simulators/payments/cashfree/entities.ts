import { istTime, rupees } from '../format'
import type { CfOrderRec, CfPaymentRec, CfRefundRec } from '../state'

/** The JSON Cashfree answers with (PAYMENTS.md C.2, C.4, C.6): amounts in rupees, times in India time. */

/** An ACTIVE order past its expiry time has expired, whenever anyone looks. */
export function currentStatus(o: CfOrderRec, now: number): CfOrderRec['status'] {
  if (o.status === 'ACTIVE' && now > o.expiresAt) o.status = 'EXPIRED'
  return o.status
}

export const orderEntity = (o: CfOrderRec, now: number) => ({
  cf_order_id: o.cfOrderId,
  order_id: o.orderId,
  entity: 'order',
  order_currency: o.currency,
  order_amount: rupees(o.amount),
  order_status: currentStatus(o, now),
  payment_session_id: o.sessionId,
  order_expiry_time: istTime(o.expiresAt),
  order_note: o.note,
  created_at: istTime(o.createdAt),
  order_splits: [],
  customer_details: { customer_uid: null, ...o.customer },
  order_meta: { ...o.meta, payment_methods: null },
  order_tags: Object.keys(o.tags).length ? o.tags : null,
})

export const paymentEntity = (p: CfPaymentRec, order: CfOrderRec) => ({
  cf_payment_id: p.cfPaymentId,
  order_id: p.orderId,
  entity: 'payment',
  is_captured: p.status === 'SUCCESS',
  order_amount: rupees(order.amount),
  payment_group: 'upi',
  payment_currency: p.currency,
  payment_amount: rupees(p.amount),
  payment_time: istTime(p.createdAt),
  payment_completion_time: p.status === 'PENDING' ? null : istTime(p.createdAt),
  payment_status: p.status,
  payment_message: p.message,
  bank_reference: p.status === 'SUCCESS' ? `SIM${p.cfPaymentId.slice(-8)}` : null,
  auth_id: null,
  authorization: null,
  payment_method: { upi: { channel: 'collect', upi_id: p.status === 'SUCCESS' ? 'testsuccess@gocash' : 'testfailure@gocash' } },
  error_details:
    p.status === 'SUCCESS' || p.status === 'PENDING'
      ? null
      : { error_code: p.status, error_description: p.message, error_reason: p.status.toLowerCase(), error_source: 'customer' },
})

export const refundEntity = (r: CfRefundRec) => ({
  cf_payment_id: r.cfPaymentId,
  cf_refund_id: r.cfRefundId,
  order_id: r.orderId,
  refund_id: r.refundId,
  entity: 'refund',
  refund_amount: rupees(r.amount),
  refund_currency: r.currency,
  refund_note: r.note,
  refund_status: r.status,
  refund_arn: r.status === 'SUCCESS' ? `ARN${r.cfRefundId.slice(-10)}` : null,
  refund_charge: 0,
  status_description: r.status === 'SUCCESS' ? 'Refund processed successfully' : 'In Progress',
  metadata: null,
  refund_splits: [],
  refund_type: 'MERCHANT_INITIATED',
  refund_mode: 'STANDARD',
  created_at: istTime(r.createdAt),
  processed_at: r.processedAt === null ? null : istTime(r.processedAt),
  refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: r.status === 'SUCCESS' ? 'STANDARD' : null, message: null },
})

/** Cashfree's error shape: `{ message, code, type }`. */
export const cfError = (message: string, code: string, type = 'invalid_request_error') => ({ message, code, type })
