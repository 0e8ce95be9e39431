import { unixSeconds } from '../format'
import type { RzpOrderRec, RzpPaymentRec, RzpQrRec, RzpRefundRec } from '../state'

/** The JSON Razorpay answers with (PAYMENTS.md B.2, B.5, B.7). Empty notes are [], as Razorpay sends them. */
const notes = (n: Record<string, string>) => (Object.keys(n).length ? n : [])

export const orderEntity = (o: RzpOrderRec) => ({
  id: o.id,
  entity: 'order',
  amount: o.amount,
  amount_paid: o.amountPaid,
  amount_due: Math.max(0, o.amount - o.amountPaid),
  currency: o.currency,
  receipt: o.receipt,
  offer_id: null,
  status: o.status,
  attempts: o.attempts,
  notes: notes(o.notes),
  created_at: unixSeconds(o.createdAt),
})

export const paymentEntity = (p: RzpPaymentRec) => ({
  id: p.id,
  entity: 'payment',
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  order_id: p.orderId || null,
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: p.amountRefunded,
  refund_status: p.amountRefunded === 0 ? null : p.amountRefunded >= p.amount ? 'full' : 'partial',
  captured: p.status === 'captured' || p.status === 'refunded',
  description: 'Payment simulator',
  card_id: null,
  bank: null,
  wallet: null,
  vpa: p.status === 'failed' ? 'failure@razorpay' : 'success@razorpay',
  email: 'shopper@example.com',
  contact: '+919876500003',
  notes: [],
  fee: p.status === 'captured' ? Math.round(p.amount * 0.02) : null,
  tax: p.status === 'captured' ? Math.round(p.amount * 0.0036) : null,
  error_code: p.error?.code ?? null,
  error_description: p.error?.description ?? null,
  error_source: p.error?.source ?? null,
  error_step: p.error?.step ?? null,
  error_reason: p.error?.reason ?? null,
  acquirer_data: { rrn: p.status === 'failed' ? null : `SIM${p.id.slice(-9)}` },
  created_at: unixSeconds(p.createdAt),
})

/** The QR code entity (QR Codes API): amounts in paise, times in unix seconds. */
export const qrCodeEntity = (q: RzpQrRec) => ({
  id: q.id,
  entity: 'qr_code',
  created_at: unixSeconds(q.createdAt),
  name: q.name,
  usage: q.usage,
  type: 'upi_qr',
  image_url: q.imageUrl,
  payment_amount: q.paymentAmount,
  status: q.status,
  description: q.description,
  fixed_amount: q.fixedAmount,
  payments_amount_received: q.amountReceived,
  payments_count_received: q.countReceived,
  notes: notes(q.notes),
  customer_id: q.customerId,
  close_by: q.closeBy,
  closed_at: q.closedAt,
  close_reason: q.closeReason,
})

export const refundEntity = (r: RzpRefundRec) => ({
  id: r.id,
  entity: 'refund',
  amount: r.amount,
  currency: r.currency,
  payment_id: r.paymentId,
  notes: notes(r.notes),
  receipt: r.receipt,
  acquirer_data: { arn: null },
  created_at: unixSeconds(r.createdAt),
  batch_id: null,
  status: 'processed',
  speed_processed: 'normal',
  speed_requested: r.speed,
})

export const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items })

/** Razorpay's error shape: `{ error: { code, description, source, step, reason, metadata, field } }`. */
export function rzpError(status: number, description: string, field?: string) {
  const code = status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR'
  const business = status === 400
  return {
    error: {
      code,
      description,
      source: business ? 'business' : 'NA',
      step: business ? 'payment_initiation' : 'NA',
      reason: business ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(field ? { field } : {}),
    },
  }
}
