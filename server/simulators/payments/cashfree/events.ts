import { istTime, providerJson, twoDecimals } from '../format'
import type { Sim } from '../simulator'
import type { CfOrderRec, CfPaymentRec, CfRefundRec } from '../state'

const TYPES = { SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK', FAILED: 'PAYMENT_FAILED_WEBHOOK', USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK' } as const

/** A payment webhook (C.5), amounts written as 170.00 like Cashfree's so that re-serialising breaks the signature. */
export function paymentEvent(sim: Sim, order: CfOrderRec, p: CfPaymentRec & { status: keyof typeof TYPES }) {
  const type = TYPES[p.status]
  const body = providerJson({
    data: {
      order: {
        order_id: order.orderId,
        order_amount: twoDecimals(order.amount),
        order_currency: order.currency,
        order_tags: Object.keys(order.tags).length ? order.tags : null,
      },
      payment: {
        cf_payment_id: p.cfPaymentId,
        payment_status: p.status,
        payment_amount: twoDecimals(p.amount),
        payment_currency: p.currency,
        payment_message: p.message,
        payment_time: istTime(p.createdAt),
        bank_reference: p.status === 'SUCCESS' ? `SIM${p.cfPaymentId.slice(-8)}` : null,
        auth_id: null,
        payment_method: { upi: { channel: 'collect', upi_id: p.status === 'SUCCESS' ? 'testsuccess@gocash' : 'testfailure@gocash' } },
        payment_group: 'upi',
      },
      customer_details: {
        customer_name: order.customer.customer_name ?? null,
        customer_id: order.customer.customer_id,
        customer_email: order.customer.customer_email ?? null,
        customer_phone: order.customer.customer_phone,
      },
      payment_gateway_details: { gateway_name: 'CASHFREE', gateway_order_id: order.cfOrderId, gateway_payment_id: p.cfPaymentId, gateway_status_code: null },
      payment_offers: null,
    },
    event_time: istTime(sim.now()),
    type,
  })
  return { type, body }
}

export function refundEvent(sim: Sim, r: CfRefundRec) {
  const type = 'REFUND_STATUS_WEBHOOK'
  const body = providerJson({
    data: {
      refund: {
        cf_refund_id: r.cfRefundId,
        cf_payment_id: r.cfPaymentId,
        refund_id: r.refundId,
        order_id: r.orderId,
        refund_amount: twoDecimals(r.amount),
        refund_currency: r.currency,
        entity: 'Refund',
        refund_type: 'MERCHANT_INITIATED',
        refund_arn: r.status === 'SUCCESS' ? `ARN${r.cfRefundId.slice(-10)}` : null,
        refund_status: r.status,
        status_description: r.status === 'SUCCESS' ? 'Refund processed successfully' : 'Refund cancelled',
        created_at: istTime(r.createdAt),
        processed_at: r.processedAt === null ? null : istTime(r.processedAt),
        refund_charge: 0,
        refund_note: r.note,
        refund_splits: [],
        metadata: null,
        refund_mode: 'STANDARD',
      },
    },
    event_time: istTime(sim.now()),
    type,
  })
  return { type, body }
}
