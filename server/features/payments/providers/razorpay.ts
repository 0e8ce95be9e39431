import { createRequire } from 'node:module'
import type RazorpaySdk from 'razorpay'
import * as z from 'zod/mini'
import { lazyModule } from '../../../platform/lazy-module'
import { assertPaise, assertReference, assertRefundId, kindForStatus } from './inputs'
import {
  collection,
  RzpCheckoutReturn,
  RzpOrder,
  RzpPayment,
  RzpPaymentLink,
  RzpPaymentLinkWithPayments,
  RzpQrCode,
  RzpRefund,
  RzpWebhook,
} from './razorpay-shapes'
import { headerValue, hmacSha256, parseJsonObject, safeEqual, sha256Hex } from './signing'
import {
  type CreateOrderInput,
  type PaymentLink,
  PaymentProviderError,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderOrder,
  type RefundResult,
  type UpiQr,
  type WebhookEvent,
  type WebhookKind,
} from './types'

export interface RazorpaySettings {
  keyId: string
  keySecret: string
  /** the current webhook secret first; older ones stay valid while a rotation settles */
  webhookSecrets: string[]
  /** simulator only: the SDK has no option for it, so the axios instance inside is repointed (B.8) */
  apiBase?: string
  checkoutJsUrl: string
  timeoutMs: number
}

const PAYMENT_STATUS: Record<string, PaymentStatus> = {
  created: 'pending',
  authorized: 'authorized',
  captured: 'captured',
  failed: 'failed',
  refunded: 'refunded',
}
const REFUND_STATUS: Record<string, RefundResult['status']> = { pending: 'pending', processed: 'processed', failed: 'failed' }
const WEBHOOK_KIND: Record<string, WebhookKind> = {
  'payment.authorized': 'payment.authorized',
  'payment.captured': 'payment.captured',
  'payment.failed': 'payment.failed',
  'order.paid': 'order.paid',
  'refund.created': 'refund.pending',
  'refund.processed': 'refund.processed',
  'refund.failed': 'refund.failed',
  'qr_code.credited': 'qr.credited',
  'qr_code.closed': 'qr.closed',
  // a Payment Link paid: its payment, with the link as the "provider order" our attempt stored (decision 0034)
  'payment_link.paid': 'order.paid',
}

const toUpiQr = (q: RzpQrCode): UpiQr => ({
  providerQrId: q.id,
  imageUrl: q.image_url,
  amountPaise: q.payment_amount ?? 0,
  closeBy: q.close_by ? new Date(q.close_by * 1000) : null,
  status: q.status === 'active' ? 'active' : 'closed',
  amountReceivedPaise: q.payments_amount_received ?? 0,
})

/** A Payment Link's status in our words (Razorpay: created, partially_paid, paid, expired, cancelled). */
const linkState = (status: string): PaymentLink['status'] =>
  status === 'paid' ? 'paid' : status === 'expired' ? 'expired' : status === 'cancelled' ? 'cancelled' : 'open'

/** Razorpay through its official SDK (razorpay@2.9.8, pinned: the base-URL override relies on `api.rq`). */
export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  // the SDK is loaded on the first call (lazy-module.ts)
  const rzp = lazyModule(() => {
    const Razorpay = createRequire(import.meta.url)('razorpay') as typeof RazorpaySdk
    const sdk = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret })
    const rq = (sdk.api as unknown as { rq?: { defaults?: { baseURL?: string; timeout?: number } } }).rq
    if (!rq?.defaults) throw new Error('razorpay SDK: api.rq is gone, so timeouts and the simulator base URL cannot be set (PAYMENTS.md B.8)')
    rq.defaults.timeout = settings.timeoutMs // the SDK default is none
    if (settings.apiBase) rq.defaults.baseURL = settings.apiBase
    return sdk
  })

  async function call<S extends z.ZodMiniType>(schema: S, request: () => Promise<unknown>): Promise<z.infer<S>> {
    let answer: unknown
    try {
      answer = await request()
    } catch (err) {
      throw toProviderError(err)
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw new PaymentProviderError('razorpay', 'unknown', 'UNEXPECTED_RESPONSE')
    return parsed.data
  }

  // Razorpay orders take no idempotency key: the receipt (our reference) is looked up before and after creating.
  const findByReceipt = async (receipt: string) =>
    (await call(collection(RzpOrder), () => rzp.orders.all({ receipt, count: 10 }))).items.find((o) => o.receipt === receipt)

  function toOrder(order: RzpOrder, input: CreateOrderInput, reused: boolean): ProviderOrder {
    if (order.amount !== input.amountPaise || order.currency !== 'INR') {
      throw new PaymentProviderError('razorpay', 'rejected', 'REFERENCE_CONFLICT', undefined, 'an order with this receipt exists for another amount')
    }
    const checkout = {
      provider: 'razorpay',
      scriptUrl: settings.checkoutJsUrl,
      keyId: settings.keyId,
      orderId: order.id,
      amountPaise: order.amount,
      currency: 'INR',
    } as const
    return { providerOrderId: order.id, reference: order.receipt ?? '', amountPaise: order.amount, currency: 'INR', reused, checkout }
  }

  const findRefund = async (paymentId: string, refundId: string) =>
    (await call(collection(RzpRefund), () => rzp.payments.fetchMultipleRefund(paymentId, { count: 100 }))).items.find((r) => r.receipt === refundId)

  const toRefund = (r: RzpRefund, refundId: string, reused: boolean): RefundResult => ({
    providerRefundId: r.id,
    refundId,
    amountPaise: r.amount,
    status: REFUND_STATUS[r.status] ?? 'pending',
    reused,
  })

  /** After an unknown outcome, look for what the first call may have made before giving up. */
  async function reconcile<T>(err: unknown, find: () => Promise<T | undefined>): Promise<T> {
    if (!(err instanceof PaymentProviderError) || err.kind !== 'unknown') throw err
    const found = await find().catch(() => undefined)
    if (found === undefined) throw err
    return found
  }

  return {
    name: 'razorpay',
    warm: () => void Reflect.has(rzp, 'constructor'),

    async createOrder(input) {
      assertPaise('razorpay', input.amountPaise)
      assertReference('razorpay', input.reference)
      const receipt = input.reference
      const earlier = await findByReceipt(receipt)
      if (earlier) return toOrder(earlier, input, true)
      const notes = { ...input.notes, website_id: String(input.websiteId), order_number: input.orderNumber, attempt: String(input.attempt) }
      try {
        return toOrder(await call(RzpOrder, () => rzp.orders.create({ amount: input.amountPaise, currency: 'INR', receipt, notes })), input, false)
      } catch (err) {
        return toOrder(await reconcile(err, () => findByReceipt(receipt)), input, true)
      }
    },

    async resumeOrder(providerOrderId, input) {
      return toOrder(await call(RzpOrder, () => rzp.orders.fetch(providerOrderId)), input, true)
    },

    async fetchStatus(providerOrderId) {
      const order = await call(RzpOrder, () => rzp.orders.fetch(providerOrderId))
      const { items } = await call(collection(RzpPayment), () => rzp.orders.fetchPayments(providerOrderId))
      const payments = items.map((p) => ({
        id: p.id,
        amountPaise: p.amount,
        currency: p.currency,
        status: PAYMENT_STATUS[p.status] ?? 'pending',
        providerStatus: p.status,
      }))
      const captured = payments.some((p) => p.status === 'captured' || p.status === 'refunded')
      const state = order.status === 'paid' || captured ? 'paid' : payments.length > 0 && payments.every((p) => p.status === 'failed') ? 'failed' : 'pending'
      return { providerOrderId: order.id, reference: order.receipt ?? null, state, amountPaise: order.amount, currency: order.currency, payments }
    },

    verifyClientReturn(input, expectedProviderOrderId) {
      const parsed = RzpCheckoutReturn.safeParse(input)
      if (!parsed.success) return { verified: false, reason: 'malformed' }
      const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = parsed.data
      if (orderId !== expectedProviderOrderId) return { verified: false, reason: 'order_mismatch', providerOrderId: orderId }
      // B.4: signed over OUR stored order id, never the one the browser sent.
      const expected = hmacSha256(settings.keySecret, `${expectedProviderOrderId}|${paymentId}`, 'hex')
      return safeEqual(expected, signature) ? { verified: true, providerPaymentId: paymentId } : { verified: false, reason: 'bad_signature' }
    },

    verifyWebhook(rawBody, headers) {
      const signature = headerValue(headers, 'x-razorpay-signature')
      if (!signature) return { ok: false, reason: 'missing_signature' }
      if (!settings.webhookSecrets.some((secret) => safeEqual(hmacSha256(secret, rawBody, 'hex'), signature))) return { ok: false, reason: 'bad_signature' }
      const parsed = RzpWebhook.safeParse(parseJsonObject(rawBody))
      if (!parsed.success) return { ok: false, reason: 'malformed' }
      const { event, payload } = parsed.data
      const payment = payload.payment?.entity
      const refund = payload.refund?.entity
      const qr = payload.qr_code?.entity
      const link = payload.payment_link?.entity
      const result: WebhookEvent = {
        eventId: headerValue(headers, 'x-razorpay-event-id') ?? `sha256:${sha256Hex(rawBody)}`,
        type: event,
        kind: WEBHOOK_KIND[event] ?? 'ignored',
        providerOrderId: link?.id ?? payment?.order_id ?? payload.order?.entity.id,
        providerPaymentId: payment?.id ?? refund?.payment_id,
        amountPaise: payment?.amount,
        currency: payment?.currency,
        refund: refund ? { providerRefundId: refund.id, refundId: refund.receipt ?? undefined, amountPaise: refund.amount } : undefined,
        providerQrId: qr?.id,
        payload: parsed.data,
      }
      return { ok: true, event: result }
    },

    async refund(input) {
      assertPaise('razorpay', input.amountPaise)
      assertRefundId('razorpay', input.refundId)
      const earlier = await findRefund(input.providerPaymentId, input.refundId)
      if (earlier) return toRefund(earlier, input.refundId, true)
      const body = {
        amount: input.amountPaise,
        speed: 'normal' as const,
        receipt: input.refundId,
        notes: { refund_id: input.refundId, ...(input.note ? { note: input.note } : {}) },
      }
      try {
        return toRefund(await call(RzpRefund, () => rzp.payments.refund(input.providerPaymentId, body)), input.refundId, false)
      } catch (err) {
        return toRefund(await reconcile(err, () => findRefund(input.providerPaymentId, input.refundId)), input.refundId, true)
      }
    },

    async fetchRefund({ providerPaymentId, refundId }) {
      const found = await findRefund(providerPaymentId, refundId)
      return found ? toRefund(found, refundId, false) : null
    },

    async checkKeys() {
      await call(collection(RzpOrder), () => rzp.orders.all({ count: 1 }))
    },

    // QR Codes API: one amount, paid once, closed by Razorpay at close_by. It takes no idempotency key: a retry after a
    // timeout makes another QR, and the one nobody was shown is never paid (it closes by itself).
    async createUpiQr(input) {
      assertPaise('razorpay', input.amountPaise)
      const body = {
        type: 'upi_qr',
        name: input.name.slice(0, 100),
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: input.amountPaise,
        description: `Counter payment ${input.reference}`.slice(0, 255),
        close_by: Math.floor(input.closeBy.getTime() / 1000),
        notes: { website_id: String(input.websiteId), reference: input.reference },
      }
      return toUpiQr(await call(RzpQrCode, () => rzp.qrCode.create(body as Parameters<typeof rzp.qrCode.create>[0])))
    },

    async fetchUpiQr(providerQrId) {
      return toUpiQr(await call(RzpQrCode, () => rzp.qrCode.fetch(providerQrId)))
    },

    async createPaymentLink(input) {
      assertPaise('razorpay', input.amountPaise)
      assertReference('razorpay', input.reference)
      const reference = input.reference
      const toLink = (l: RzpPaymentLink, reused: boolean) => {
        if (l.amount !== input.amountPaise)
          throw new PaymentProviderError('razorpay', 'rejected', 'REFERENCE_CONFLICT', undefined, 'a link with this reference exists for another amount')
        const status = linkState(l.status)
        return { providerLinkId: l.id, url: l.short_url, amountPaise: l.amount, status, reused } as const
      }
      const find = async () =>
        (await call(z.object({ payment_links: z.array(RzpPaymentLink) }), () => rzp.paymentLink.all({ reference_id: reference } as never))).payment_links.find(
          (l) => l.reference_id === reference && l.status !== 'cancelled',
        )
      const earlier = await find()
      if (earlier) return toLink(earlier, true)
      const body = {
        amount: input.amountPaise,
        currency: 'INR',
        accept_partial: false,
        expire_by: Math.floor(input.expireBy.getTime() / 1000),
        reference_id: reference,
        description: input.description.slice(0, 2048),
        customer: { name: input.customer.name, contact: `+91${input.customer.phone}`, ...(input.customer.email ? { email: input.customer.email } : {}) },
        // the shop sends the link itself (its outbox, its words), so Razorpay does not
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { website_id: String(input.websiteId), order_number: input.orderNumber, attempt: String(input.attempt) },
        ...(input.callbackUrl ? { callback_url: input.callbackUrl, callback_method: 'get' } : {}),
      }
      try {
        return toLink(await call(RzpPaymentLink, () => rzp.paymentLink.create(body as never)), false)
      } catch (err) {
        return toLink(await reconcile(err, find), true)
      }
    },

    async cancelPaymentLink(providerLinkId) {
      await call(RzpPaymentLink, () => rzp.paymentLink.cancel(providerLinkId))
    },

    // The link names its payments; each is fetched (`GET /v1/payments/{id}`) for what the money was: amount, currency, state.
    async fetchPaymentLink(providerLinkId) {
      const link = await call(RzpPaymentLinkWithPayments, () => rzp.paymentLink.fetch(providerLinkId))
      const payments = []
      for (const { payment_id: id } of link.payments ?? []) {
        const p = await call(RzpPayment, () => rzp.payments.fetch(id))
        payments.push({ id: p.id, amountPaise: p.amount, currency: p.currency, status: PAYMENT_STATUS[p.status] ?? 'pending', providerStatus: p.status })
      }
      return {
        providerLinkId: link.id,
        status: linkState(link.status),
        amountPaise: link.amount,
        currency: link.currency,
        payments,
      }
    },

    async fetchUpiQrPayments(providerQrId) {
      const list = await call(collection(RzpPayment), () => rzp.qrCode.fetchAllPayments(providerQrId, { count: 10 }))
      return list.items.map((p) => ({ providerPaymentId: p.id, amountPaise: p.amount, currency: p.currency, status: PAYMENT_STATUS[p.status] ?? 'pending' }))
    },
  }
}

/** The SDK rethrows HTTP errors as `{ statusCode, error }`; on network failures it crashes into a TypeError (B.8). */
function toProviderError(err: unknown): PaymentProviderError {
  if (err !== null && typeof err === 'object' && 'statusCode' in err) {
    const status = Number(err.statusCode)
    const body = 'error' in err && err.error !== null && typeof err.error === 'object' ? (err.error as { code?: unknown; description?: unknown }) : {}
    const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`
    const detail = typeof body.description === 'string' ? body.description.slice(0, 200) : undefined
    return new PaymentProviderError('razorpay', kindForStatus(status), code, status, detail)
  }
  return new PaymentProviderError('razorpay', 'unknown', 'NETWORK')
}
