import { createRequire } from 'node:module'
import type * as CashfreeSdk from 'cashfree-pg'
import type * as z from 'zod/mini'
import { lazyModule } from '../../../platform/lazy-module'
import { toPaise, toRupees } from '../../../../common/money'
import { CfLink, CfLinkOrders, CfOrder, CfPayments, CfRefund, CfWebhook } from './cashfree-shapes'
import { assertPaise, assertReference, assertRefundId, kindForStatus } from './inputs'
import { headerValue, hmacSha256, parseJsonObject, safeEqual, sha256Hex } from './signing'
import {
  type CreateOrderInput,
  type OrderState,
  type PaymentLink,
  PaymentProviderError,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderOrder,
  type ProviderPayment,
  type RefundResult,
  type WebhookKind,
} from './types'

export interface CashfreeSettings {
  clientId: string
  /** the current secret first; webhooks signed with an older one stay valid while a rotation settles */
  clientSecrets: string[]
  apiVersion: string
  environment: 'sandbox' | 'production'
  /** simulator only: the SDK's public `basePath` (C.7) */
  apiBase?: string
  jsUrl: string
  timeoutMs: number
  webhookToleranceMs: number
  now?: () => number
}

const PAYMENT_STATUS: Record<string, PaymentStatus> = {
  SUCCESS: 'captured',
  PENDING: 'pending',
  NOT_ATTEMPTED: 'pending',
  FAILED: 'failed',
  USER_DROPPED: 'failed',
  CANCELLED: 'failed',
  VOID: 'failed',
}
const REFUND_STATUS: Record<string, RefundResult['status']> = { SUCCESS: 'processed', PENDING: 'pending', ONHOLD: 'pending', CANCELLED: 'failed' }
const ORDER_STATE: Record<string, OrderState> = { PAID: 'paid', EXPIRED: 'expired', TERMINATED: 'expired', TERMINATION_REQUESTED: 'expired' }
const WEBHOOK_KIND: Record<string, WebhookKind> = {
  PAYMENT_SUCCESS_WEBHOOK: 'payment.captured',
  PAYMENT_FAILED_WEBHOOK: 'payment.failed',
  PAYMENT_USER_DROPPED_WEBHOOK: 'payment.dropped',
}
const REFUND_KIND: Record<string, WebhookKind> = { SUCCESS: 'refund.processed', CANCELLED: 'refund.failed' }

/** A Payment Link's status in our words (Cashfree: ACTIVE, PARTIALLY_PAID, PAID, EXPIRED, TERMINATED, CANCELLED). */
const linkState = (status: string): PaymentLink['status'] =>
  status === 'PAID' ? 'paid' : status === 'EXPIRED' ? 'expired' : status === 'CANCELLED' || status === 'TERMINATED' ? 'cancelled' : 'open'

/**
 * cashfree-pg requires @sentry/node (with OpenTelemetry) at load, for its error analytics, which we turn off: that load
 * was the first payment's wait (10 s on the demo store, issue 31). Its @sentry/node is given an empty module, so
 * loading the SDK takes what axios and the SDK itself take; nothing of Sentry's is ever called with analytics off.
 */
function requireWithoutTelemetry(): typeof CashfreeSdk {
  const load = createRequire(import.meta.url)
  const sdkPath = load.resolve('cashfree-pg')
  const sentry = createRequire(sdkPath).resolve('@sentry/node')
  if (!load.cache[sentry]) load.cache[sentry] = { id: sentry, filename: sentry, loaded: true, exports: {}, children: [], paths: [] } as unknown as NodeJS.Module
  return load(sdkPath) as typeof CashfreeSdk
}

/** Cashfree PG through its official SDK (cashfree-pg@6.0.6), with its Sentry telemetry off and errors stripped of secrets (C.7). */
export function createCashfreeProvider(settings: CashfreeSettings): PaymentProvider {
  const [secret] = settings.clientSecrets
  // the SDK is loaded on the first call (lazy-module.ts)
  const cf = lazyModule(() => {
    const { Cashfree, CFEnvironment } = requireWithoutTelemetry()
    const environment = settings.environment === 'production' ? CFEnvironment.PRODUCTION : CFEnvironment.SANDBOX
    const sdk = new Cashfree(environment, settings.clientId, secret, undefined, undefined, undefined, false)
    sdk.XApiVersion = settings.apiVersion
    if (settings.apiBase) sdk.basePath = settings.apiBase
    return sdk
  })
  const http = { timeout: settings.timeoutMs }
  const now = settings.now ?? Date.now

  async function call<S extends z.ZodMiniType>(schema: S, request: () => Promise<{ data: unknown }>): Promise<z.infer<S>> {
    let answer: unknown
    try {
      answer = (await request()).data
    } catch (err) {
      throw toProviderError(err)
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw new PaymentProviderError('cashfree', 'unknown', 'UNEXPECTED_RESPONSE')
    return parsed.data
  }

  const fetchOrder = (orderId: string) => call(CfOrder, () => cf.PGFetchOrder(orderId, undefined, undefined, http))
  const paymentsOf = async (orderId: string): Promise<ProviderPayment[]> =>
    (await call(CfPayments, () => cf.PGOrderFetchPayments(orderId, undefined, undefined, http))).map((p) => ({
      id: String(p.cf_payment_id),
      amountPaise: toPaise(p.payment_amount),
      currency: p.payment_currency,
      status: PAYMENT_STATUS[p.payment_status] ?? 'pending',
      providerStatus: p.payment_status,
    }))
  const fetchRefund = (orderId: string, refundId: string) => call(CfRefund, () => cf.PGOrderFetchRefund(orderId, refundId, undefined, undefined, http))

  /**
   * Refunds go to an order. A payment link's payment is made on an order Cashfree creates for it, so for a link id
   * (no order by that id) the link's paid order is looked up (`GET /pg/links/{link_id}/orders`).
   */
  async function refundableOrder(providerOrderId: string): Promise<string> {
    try {
      await fetchOrder(providerOrderId)
      return providerOrderId
    } catch (err) {
      if (!(err instanceof PaymentProviderError) || err.status !== 404) throw err
      const list = await call(CfLinkOrders, () => cf.PGLinkFetchOrders(providerOrderId, undefined, undefined, undefined, http)).catch(() => Promise.reject(err))
      const paid = list.find((o) => o.order_status === 'PAID')
      if (!paid) throw err
      return paid.order_id
    }
  }

  const toRefund = (r: CfRefund, reused: boolean): RefundResult => ({
    providerRefundId: String(r.cf_refund_id),
    refundId: r.refund_id,
    amountPaise: toPaise(r.refund_amount),
    status: REFUND_STATUS[r.refund_status] ?? 'pending',
    reused,
  })

  function toOrder(order: CfOrder, input: CreateOrderInput, reused: boolean): ProviderOrder {
    if (toPaise(order.order_amount) !== input.amountPaise || order.order_currency !== 'INR' || !order.payment_session_id) {
      throw new PaymentProviderError('cashfree', 'rejected', 'REFERENCE_CONFLICT', undefined, 'an order with this order_id exists for another amount')
    }
    const checkout = {
      provider: 'cashfree',
      scriptUrl: settings.jsUrl,
      mode: settings.environment,
      paymentSessionId: order.payment_session_id,
      orderId: order.order_id,
    } as const
    return { providerOrderId: order.order_id, reference: order.order_id, amountPaise: input.amountPaise, currency: 'INR', reused, checkout }
  }

  /**
   * A create with our own order_id and the caller's idempotency key is safe to repeat (C.1, C.2): after an unknown
   * outcome look for the order first, then send the same request once more.
   */
  async function createOrRecover<T>(create: () => Promise<T>, find: () => Promise<T>): Promise<{ value: T; reused: boolean }> {
    // 409: this order_id or refund_id exists already (made by an earlier call), or the key was used for another body.
    const recovered = async (err: unknown) => {
      if (!(err instanceof PaymentProviderError) || err.status !== 409) throw err
      const value = await find().catch(() => Promise.reject(err))
      return { value, reused: true }
    }
    try {
      return { value: await create(), reused: false }
    } catch (err) {
      if (!(err instanceof PaymentProviderError) || err.kind !== 'unknown') return recovered(err)
      const found = await find().catch(() => undefined)
      if (found !== undefined) return { value: found, reused: true }
      return create().then((value) => ({ value, reused: true }), recovered)
    }
  }

  return {
    name: 'cashfree',
    warm: () => void Reflect.has(cf, 'constructor'),

    async createOrder(input, { idempotencyKey }) {
      assertPaise('cashfree', input.amountPaise)
      assertReference('cashfree', input.reference)
      const orderId = input.reference
      const request = {
        order_id: orderId,
        order_amount: toRupees(input.amountPaise),
        order_currency: 'INR',
        customer_details: {
          customer_id: input.customer.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 50),
          customer_phone: input.customer.phone,
          ...(input.customer.email ? { customer_email: input.customer.email } : {}),
          ...(input.customer.name ? { customer_name: input.customer.name } : {}),
        },
        order_meta: { return_url: input.returnUrl },
        order_tags: { ...input.notes, website_id: String(input.websiteId), order_number: input.orderNumber, attempt: String(input.attempt) },
      }
      const { value, reused } = await createOrRecover(
        () => call(CfOrder, () => cf.PGCreateOrder(request, undefined, idempotencyKey, http)),
        () => fetchOrder(orderId),
      )
      return toOrder(value, input, reused)
    },

    async resumeOrder(providerOrderId, input) {
      return toOrder(await fetchOrder(providerOrderId), input, true)
    },

    async fetchStatus(providerOrderId) {
      const order = await fetchOrder(providerOrderId)
      const payments = await paymentsOf(providerOrderId)
      const failed = payments.length > 0 && payments.every((p) => p.status === 'failed')
      const state = ORDER_STATE[order.order_status] ?? (failed ? 'failed' : 'pending')
      return {
        providerOrderId: order.order_id,
        reference: order.order_id,
        state,
        amountPaise: toPaise(order.order_amount),
        currency: order.order_currency,
        payments,
      }
    },

    // Cashfree's return URL carries nothing signed: the order status must be fetched (C.3).
    verifyClientReturn: () => ({ verified: false, reason: 'fetch_required' }),

    verifyWebhook(rawBody, headers) {
      const signature = headerValue(headers, 'x-webhook-signature')
      const timestamp = headerValue(headers, 'x-webhook-timestamp')
      if (!signature || !timestamp) return { ok: false, reason: 'missing_signature' }
      // C.5: base64 HMAC over the timestamp followed by the raw bytes, no separator.
      const signed = Buffer.concat([Buffer.from(timestamp), rawBody])
      if (!settings.clientSecrets.some((s) => safeEqual(hmacSha256(s, signed, 'base64'), signature))) return { ok: false, reason: 'bad_signature' }
      if (!/^\d{1,15}$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > settings.webhookToleranceMs) return { ok: false, reason: 'stale_timestamp' }
      const parsed = CfWebhook.safeParse(parseJsonObject(rawBody))
      if (!parsed.success) return { ok: false, reason: 'malformed' }
      const { type, data } = parsed.data
      const refund = data.refund
      if (type === 'PAYMENT_LINK_EVENT') {
        // a paid link pays the attempt whose provider order is the link (our link_id), like Razorpay's payment_link.paid
        const paid = data.link_status === 'PAID' && data.order?.transaction_status === 'SUCCESS'
        return {
          ok: true,
          event: {
            eventId: headerValue(headers, 'x-idempotency-key') ?? `sha256:${sha256Hex(rawBody)}`,
            type,
            kind: paid ? 'order.paid' : 'ignored',
            providerOrderId: data.link_id,
            providerPaymentId: data.order?.transaction_id !== undefined ? String(data.order.transaction_id) : undefined,
            amountPaise: data.link_amount_paid !== undefined ? toPaise(data.link_amount_paid) : undefined,
            currency: data.link_currency,
            payload: parsed.data,
          },
        }
      }
      return {
        ok: true,
        event: {
          eventId: headerValue(headers, 'x-idempotency-key') ?? `sha256:${sha256Hex(rawBody)}`,
          type,
          kind: refund ? (REFUND_KIND[refund.refund_status] ?? 'refund.pending') : (WEBHOOK_KIND[type] ?? 'ignored'),
          providerOrderId: data.order?.order_id ?? refund?.order_id,
          providerPaymentId: data.payment ? String(data.payment.cf_payment_id) : refund?.cf_payment_id !== undefined ? String(refund.cf_payment_id) : undefined,
          amountPaise: data.payment ? toPaise(data.payment.payment_amount) : undefined,
          currency: data.payment?.payment_currency,
          refund: refund
            ? { providerRefundId: String(refund.cf_refund_id), refundId: refund.refund_id, amountPaise: toPaise(refund.refund_amount) }
            : undefined,
          payload: parsed.data,
        },
      }
    },

    async refund(input) {
      assertPaise('cashfree', input.amountPaise)
      assertRefundId('cashfree', input.refundId)
      const body = {
        refund_amount: toRupees(input.amountPaise),
        refund_id: input.refundId,
        refund_speed: 'STANDARD' as const,
        ...(input.note ? { refund_note: input.note } : {}),
      }
      const orderId = await refundableOrder(input.providerOrderId)
      const key = `${orderId}:${input.refundId}`
      const { value, reused } = await createOrRecover(
        () => call(CfRefund, () => cf.PGOrderCreateRefund(orderId, body, undefined, key, http)),
        () => fetchRefund(orderId, input.refundId),
      )
      return toRefund(value, reused)
    },

    async fetchRefund({ providerOrderId, refundId }) {
      try {
        return toRefund(await fetchRefund(await refundableOrder(providerOrderId), refundId), false)
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status === 404) return null
        throw err
      }
    },

    // Payment Links API: our reference is the link_id, unique per account, so a repeat finds the link made before.
    async createPaymentLink(input) {
      assertPaise('cashfree', input.amountPaise)
      assertReference('cashfree', input.reference)
      const linkId = input.reference
      const toLink = (l: CfLink, reused: boolean) => {
        if (toPaise(l.link_amount) !== input.amountPaise)
          throw new PaymentProviderError('cashfree', 'rejected', 'REFERENCE_CONFLICT', undefined, 'a link with this link_id exists for another amount')
        const status = linkState(l.link_status)
        return { providerLinkId: l.link_id, url: l.link_url, amountPaise: toPaise(l.link_amount), status, reused } as const
      }
      const find = async () => {
        try {
          return await call(CfLink, () => cf.PGFetchLink(linkId, undefined, undefined, http))
        } catch (err) {
          if (err instanceof PaymentProviderError && err.status === 404) return undefined
          throw err
        }
      }
      const earlier = await find()
      if (earlier) return toLink(earlier, true)
      const request = {
        link_id: linkId,
        link_amount: toRupees(input.amountPaise),
        link_currency: 'INR',
        link_purpose: input.description.slice(0, 500),
        customer_details: {
          customer_phone: input.customer.phone,
          customer_name: input.customer.name,
          ...(input.customer.email ? { customer_email: input.customer.email } : {}),
        },
        link_partial_payments: false,
        link_expiry_time: input.expireBy.toISOString(),
        // the shop sends the link itself (its outbox, its words), so Cashfree does not
        link_notify: { send_sms: false, send_email: false },
        link_auto_reminders: false,
        link_notes: { website_id: String(input.websiteId), order_number: input.orderNumber, attempt: String(input.attempt) },
        ...(input.callbackUrl ? { link_meta: { return_url: input.callbackUrl } } : {}),
      }
      const { value, reused } = await createOrRecover(
        () => call(CfLink, () => cf.PGCreateLink(request as never, undefined, linkId, http)),
        async () => {
          const found = await find()
          if (!found) throw new PaymentProviderError('cashfree', 'unknown', 'LINK_NOT_FOUND')
          return found
        },
      )
      return toLink(value, reused)
    },

    async cancelPaymentLink(providerLinkId) {
      await call(CfLink, () => cf.PGCancelLink(providerLinkId, undefined, undefined, http))
    },

    // A link's payments are made on orders Cashfree creates for it: the link, its orders, then each order's payments.
    async fetchPaymentLink(providerLinkId) {
      const link = await call(CfLink, () => cf.PGFetchLink(providerLinkId, undefined, undefined, http))
      const orders = await call(CfLinkOrders, () => cf.PGLinkFetchOrders(providerLinkId, undefined, undefined, undefined, http))
      const payments: ProviderPayment[] = []
      for (const o of orders) payments.push(...(await paymentsOf(o.order_id)))
      return {
        providerLinkId: link.link_id,
        status: linkState(link.link_status),
        amountPaise: toPaise(link.link_amount),
        currency: link.link_currency,
        payments,
      }
    },

    // Cashfree has no "who am I" call: an order that cannot exist is asked for; 404 means the keys were accepted.
    async checkKeys() {
      try {
        await fetchOrder('key_check_no_such_order')
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status === 404) return
        throw err
      }
    },
  }
}

/** Axios errors from the SDK carry x-client-secret in their config (C.7 pitfall 2): keep only status and code. */
function toProviderError(err: unknown): PaymentProviderError {
  const e = (err !== null && typeof err === 'object' ? err : {}) as { code?: unknown; response?: { status?: unknown; data?: unknown } }
  const status = typeof e.response?.status === 'number' ? e.response.status : undefined
  if (status === undefined) return new PaymentProviderError('cashfree', 'unknown', typeof e.code === 'string' ? e.code : 'NETWORK')
  const data = (e.response?.data !== null && typeof e.response?.data === 'object' ? e.response.data : {}) as {
    code?: unknown
    type?: unknown
    message?: unknown
  }
  const code = typeof data.code === 'string' ? data.code : typeof data.type === 'string' ? data.type : `HTTP_${status}`
  const detail = typeof data.message === 'string' ? data.message.slice(0, 200) : undefined
  return new PaymentProviderError('cashfree', kindForStatus(status), code, status, detail)
}
