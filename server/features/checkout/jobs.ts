import type { FastifyInstance } from 'fastify'
import { formatINR } from '../../../common/money'
import { parseUsername } from '../../../common/rules/username'
import type { OtpDelivery, OtpMessage } from '../accounts/otp-delivery/index'
import * as orders from '../orders/service'
import { drainOutbox, type OutboxHandler, outboxLag } from '../orders/outbox'
import type { PaymentProviders } from '../payments/providers/registry'
import { KHATA_REMINDER_OUTBOX } from '../khata/service'
import { POS_RECEIPT_OUTBOX, receiptMessage } from '../pos/service'
import type { ProviderName } from '../payments/providers/types'
import { PAYMENT_LINK_OUTBOX, paymentLinkText } from './payment-link'

const STATUS_MESSAGES: Record<string, [subject: string, text: string]> = {
  packed: ['packed', 'is packed and will leave soon.'],
  out_for_delivery: ['out for delivery', 'is out for delivery.'],
  delivered: ['delivered', 'was delivered. Thank you for shopping with us.'],
  cancelled: ['cancelled', 'was cancelled by the shop. Any payment made online is refunded to its source.'],
}

/** The registered template of a staff move (packed has none: WhatsApp and DLT SMS carry registered templates only). */
function statusTemplate(
  status: string,
  shop: string,
  order: { orderNumber: string; deliveryPerson: { name: string; phone: string } | null },
): OtpMessage['template'] {
  const base = { shop, order: order.orderNumber }
  if (status === 'out_for_delivery')
    return {
      name: 'out_for_delivery',
      vars: { ...base, rider: order.deliveryPerson?.name ?? 'our delivery partner', rider_phone: order.deliveryPerson?.phone ?? 'call the shop' },
    }
  if (status === 'delivered' || status === 'cancelled') return { name: status, vars: base }
  return undefined
}

/** What the outbox delivers: the order confirmation (SMS or email) and refunds through the payment provider. */
export function outboxHandlers(
  app: FastifyInstance,
  providers: (websiteId: number, made?: { provider: string; account: string | null }) => PaymentProviders | Promise<PaymentProviders>,
  delivery: OtpDelivery,
): Record<string, OutboxHandler> {
  const db = app.deps.db
  return {
    async order_confirmation(payload) {
      const order = await orders.findOrderById(db, Number(payload.orderId))
      if (!order) return
      const to = parseUsername(order.address.mobile)
      if (!to) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const text = `Your ${siteName} order ${order.orderNumber} of ${formatINR(order.totalPaise)} is confirmed. Thank you for shopping with us.`
      const template = { name: 'order_confirmed' as const, vars: { shop: siteName, order: order.orderNumber, amount: formatINR(order.totalPaise) } }
      await delivery.send({
        to,
        code: '',
        siteName,
        minutes: 0,
        websiteId: order.websiteId,
        template,
        notice: { subject: `Order ${order.orderNumber} confirmed`, text },
      })
    },
    /** a staff move along the lifecycle (packed, out for delivery, delivered, cancelled) */
    async order_status(payload) {
      const order = await orders.findOrderById(db, Number(payload.orderId))
      if (!order) return
      const to = parseUsername(order.address.mobile)
      if (!to) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const what = STATUS_MESSAGES[String(payload.status)]
      if (!what) return
      const text = `Your ${siteName} order ${order.orderNumber} ${what[1]}`
      const template = statusTemplate(String(payload.status), siteName, order)
      await delivery.send({
        to,
        code: '',
        siteName,
        minutes: 0,
        websiteId: order.websiteId,
        template,
        notice: { subject: `Order ${order.orderNumber} ${what[0]}`, text },
      })
    },
    /** staff took units out before packing (out of stock at the shelf) */
    async order_changed(payload) {
      const order = await orders.findOrderById(db, Number(payload.orderId))
      if (!order) return
      const to = parseUsername(order.address.mobile)
      if (!to) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const pay = payload.cod
        ? `Pay ${formatINR(Number(payload.total))} on delivery`
        : `New total ${formatINR(Number(payload.total))}; the difference is refunded`
      const text = `Your ${siteName} order ${order.orderNumber} changed: ${String(payload.note)}. ${pay}.`
      await delivery.send({ to, code: '', siteName, minutes: 0, notice: { subject: `Order ${order.orderNumber} changed`, text } })
    },
    /** staff gave money back (a refund, or a line changed before packing) */
    async order_refund(payload) {
      const order = await orders.findOrderById(db, Number(payload.orderId))
      if (!order) return
      const to = parseUsername(order.address.mobile)
      if (!to) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const amount = formatINR(Number(payload.amount))
      const how = payload.cash ? `${amount} was given back to you in cash` : `a refund of ${amount} to your original payment method has started`
      const text = `Your ${siteName} order ${order.orderNumber}: ${how}.`
      const template = { name: 'refund_processed' as const, vars: { shop: siteName, order: order.orderNumber, amount } }
      await delivery.send({
        to,
        code: '',
        siteName,
        minutes: 0,
        websiteId: order.websiteId,
        template,
        notice: { subject: `Refund for order ${order.orderNumber}`, text },
      })
    },
    /** a payment link a sales agent sent for the customer's order (docs/decisions/0034) */
    async [PAYMENT_LINK_OUTBOX](payload) {
      const order = await orders.findOrderById(db, Number(payload.orderId))
      const to = parseUsername(String(payload.to ?? ''))
      if (!order || !to || order.paymentStatus === 'paid' || order.releasedAt !== null) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const text = paymentLinkText({
        siteName,
        orderNumber: order.orderNumber,
        totalPaise: order.totalPaise,
        url: String(payload.url),
        expiresAt: String(payload.expiresAt),
      })
      const template = {
        name: 'payment_link' as const,
        vars: { shop: siteName, order: order.orderNumber, amount: formatINR(order.totalPaise), link: String(payload.url) },
      }
      await delivery.send({
        to,
        code: '',
        siteName,
        minutes: 0,
        websiteId: order.websiteId,
        template,
        notice: { subject: `Pay for your order ${order.orderNumber}`, text },
      })
    },
    /** a counter receipt the customer asked for (docs/decisions/0027) */
    async [POS_RECEIPT_OUTBOX](payload) {
      const to = parseUsername(String(payload.to ?? ''))
      if (!to) return
      const message = await receiptMessage(db, Number(payload.orderId), to.kind)
      if (!message) return
      await delivery.send({ to, code: '', siteName: message.siteName, minutes: 0, notice: { subject: message.subject, text: message.text } })
    },
    /** what a customer owes on their khata (docs/decisions/0047), at most one a day, on its registered template */
    async [KHATA_REMINDER_OUTBOX](payload) {
      const to = parseUsername(String(payload.to ?? ''))
      if (!to) return
      const siteName = typeof payload.siteName === 'string' ? payload.siteName : 'our shop'
      const template = { name: 'khata_reminder' as const, vars: { shop: siteName, balance: String(payload.balance ?? '') } }
      await delivery.send({
        to,
        code: '',
        siteName,
        minutes: 0,
        websiteId: Number(payload.websiteId),
        template,
        notice: { subject: `Your khata with ${siteName}`, text: String(payload.text ?? '') },
      })
    },
    async refund(payload, message) {
      const refund = await orders.findRefund(db, Number(payload.refundId))
      // cash given back by hand (a delivered COD order) has no provider and no job
      if (refund?.status !== 'pending' || refund.paymentId === null) return
      // through the keys the payment was made with (the shop's, or the website's own)
      const made = await orders.attempts.findPayment(db, refund.paymentId)
      const provider = (await providers(refund.websiteId, made ?? undefined)).providerFor(refund.provider as ProviderName)
      const ids = { providerOrderId: refund.providerOrderId, providerPaymentId: refund.providerPaymentId, refundId: refund.reference }
      // asked by our reference first: a repeat (crash before the mark, a pending refund checked again) finds the first
      const result = (await provider.fetchRefund(ids)) ?? (await provider.refund({ ...ids, amountPaise: refund.amountPaise, note: `outbox ${message.id}` }))
      await orders.refundAccepted(db, refund, result.providerRefundId)
      if (result.status === 'processed') await orders.refundSettled(db, refund, result.providerRefundId)
      if (result.status === 'failed') await orders.refundFailed(db, refund)
      // still pending: this job runs again later (backoff) unless the provider's webhook settles it first
      if (result.status === 'pending') throw new Error('refund pending at the provider')
    },
  }
}

/** The app's background work: release unpaid holds and drain the outbox. Every step is safe with several processes. */
export function startOrderJobs(app: FastifyInstance, handlers: Record<string, OutboxHandler>) {
  const every = app.deps.config.ORDER_JOBS_INTERVAL_MS
  // Lag: how long the oldest due outbox message has waited, and how long since this process last finished a round.
  app.metrics.gauge('outbox_pending', 'Outbox messages not yet sent, and the age in seconds of the oldest one that is due', ['measure'], async function () {
    const lag = await outboxLag(app.deps.db).catch(() => null)
    if (!lag) return
    this.set({ measure: 'count' }, lag.pending)
    this.set({ measure: 'oldest_due_age_seconds' }, lag.oldestDueSeconds)
  })
  if (every === 0) return
  let running = false
  let lastRun = Date.now()
  app.metrics.gauge('jobs_last_run_age_seconds', 'Seconds since this process last finished a round of order jobs', [], function () {
    this.set((Date.now() - lastRun) / 1000)
  })
  const tick = async () => {
    if (running) return
    running = true
    try {
      // shutdown waits for a round under way, and none starts once the process drains
      await app.lifecycle.run(async () => {
        await orders.releaseExpired(app.deps.db)
        await drainOutbox(app.deps.db, handlers, app.log)
        lastRun = Date.now()
      })
    } catch (err) {
      app.log.error({ err }, 'order jobs failed')
      void app.reportError(err, { job: 'order jobs' })
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), every)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
