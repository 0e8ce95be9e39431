import type { FastifyInstance } from 'fastify'
import { formatINR } from '../../../common/money'
import { messageText } from '../../../common/rules/message-templates'
import { parseUsername, type Username } from '../../../common/rules/username'
import type { OtpDelivery, OtpMessage } from '../accounts/otp-delivery/index'
import * as orders from '../orders/service'
import { drainOutbox, type OutboxHandler, outboxLag } from '../orders/outbox'
import { mayUpdate } from '../messages/service'
import { KHATA_REMINDER_OUTBOX, KHATA_STATEMENT_OUTBOX, settleLapsedLinks } from '../khata/service'
import { POS_RECEIPT_OUTBOX, receiptMessage } from '../pos/service'
import type { ProviderName } from '../payments/providers/types'
import { websiteName } from '../site-settings/service'
import { PAYMENT_LINK_OUTBOX, paymentLinkText } from './payment-link'
import { reconcileBeforeRelease, type SitePayments } from './reconcile'

/** what an order message says: its registered template (none: not sent by WhatsApp or DLT SMS) and its plain text */
interface Notice {
  subject: string
  text: string
  template?: OtpMessage['template']
}

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
export function outboxHandlers(app: FastifyInstance, providers: SitePayments, delivery: OtpDelivery): Record<string, OutboxHandler> {
  const db = app.deps.db
  /** the shop's own name: the payload's (written when the staff acted), else the website's, never a stand-in */
  const shopName = async (payload: Record<string, unknown>, websiteId: number) =>
    typeof payload.siteName === 'string' && payload.siteName ? payload.siteName : ((await websiteName(db, websiteId)) ?? '')

  /**
   * One message about an order to the number on its delivery address: its registered template (WhatsApp, DLT SMS)
   * and the notice's text (other channels); `compose` answers null when there is nothing to say.
   */
  async function notifyOrder(
    payload: Record<string, unknown>,
    compose: (o: { order: NonNullable<Awaited<ReturnType<typeof orders.findOrderById>>>; shop: string }) => Notice | null,
    to?: Username | null,
  ) {
    const order = await orders.findOrderById(db, Number(payload.orderId))
    if (!order) return
    const mobile = to === undefined ? parseUsername(order.address.mobile) : to
    if (!mobile) return
    const shop = await shopName(payload, order.websiteId)
    const notice = compose({ order, shop })
    if (!notice) return
    // an update about the order (not a payment link sent on request) goes only to a number that opted in
    if (to === undefined && !(await mayUpdate(db, order.websiteId, mobile.value, notice.template?.name))) return
    await delivery.send({
      to: mobile,
      code: '',
      siteName: shop,
      minutes: 0,
      websiteId: order.websiteId,
      template: notice.template,
      notice: { subject: notice.subject, text: notice.text },
    })
  }

  /** a khata message to the customer's number: its registered template, and the payload's text for other channels */
  async function notifyKhata(payload: Record<string, unknown>, compose: (shop: string) => { subject: string; template: OtpMessage['template'] }) {
    const to = parseUsername(String(payload.to ?? ''))
    if (!to) return
    const websiteId = Number(payload.websiteId)
    const shop = await shopName(payload, websiteId)
    const { subject, template } = compose(shop)
    await delivery.send({ to, code: '', siteName: shop, minutes: 0, websiteId, template, notice: { subject, text: String(payload.text ?? '') } })
  }

  return {
    /** the shopper's order is placed and settled (cash on delivery, khata, or paid online): never an unpaid one */
    order_placed: (payload) =>
      notifyOrder(payload, ({ order, shop }) => {
        const amount = formatINR(order.totalPaise)
        return {
          subject: `Order ${order.orderNumber} placed`,
          text: messageText('order_placed', { shop, order: order.orderNumber, amount }),
          template: { name: 'order_placed', vars: { shop, order: order.orderNumber, amount } },
        }
      }),
    /** the shop confirmed an order that waited for it (a staff's confirm; earlier outbox rows of every order) */
    order_confirmation: (payload) =>
      notifyOrder(payload, ({ order, shop }) => {
        const amount = formatINR(order.totalPaise)
        return {
          subject: `Order ${order.orderNumber} confirmed`,
          text: `Your ${shop} order ${order.orderNumber} of ${amount} is confirmed. Thank you for shopping with us.`,
          template: { name: 'order_confirmed', vars: { shop, order: order.orderNumber, amount } },
        }
      }),
    /** a staff move along the lifecycle (packed, out for delivery, delivered, cancelled) */
    order_status: (payload) =>
      notifyOrder(payload, ({ order, shop }) => {
        const what = STATUS_MESSAGES[String(payload.status)]
        if (!what) return null
        return {
          subject: `Order ${order.orderNumber} ${what[0]}`,
          text: `Your ${shop} order ${order.orderNumber} ${what[1]}`,
          template: statusTemplate(String(payload.status), shop, order),
        }
      }),
    /** staff took units out before packing (out of stock at the shelf): no registered template, so no WhatsApp or DLT SMS */
    order_changed: (payload) =>
      notifyOrder(payload, ({ order, shop }) => {
        const pay = payload.cod
          ? `Pay ${formatINR(Number(payload.total))} on delivery`
          : `New total ${formatINR(Number(payload.total))}; the difference is refunded`
        return { subject: `Order ${order.orderNumber} changed`, text: `Your ${shop} order ${order.orderNumber} changed: ${String(payload.note)}. ${pay}.` }
      }),
    /** staff gave money back (a refund, or a line changed before packing) */
    order_refund: (payload) =>
      notifyOrder(payload, ({ order, shop }) => {
        const amount = formatINR(Number(payload.amount))
        const how = payload.cash ? `${amount} was given back to you in cash` : `a refund of ${amount} to your original payment method has started`
        return {
          subject: `Refund for order ${order.orderNumber}`,
          text: `Your ${shop} order ${order.orderNumber}: ${how}.`,
          template: { name: 'refund_processed', vars: { shop, order: order.orderNumber, amount } },
        }
      }),
    /** a payment link a sales agent sent for the customer's order (docs/decisions/0034) */
    [PAYMENT_LINK_OUTBOX]: (payload) =>
      notifyOrder(
        payload,
        ({ order, shop }) => {
          if (order.paymentStatus === 'paid' || order.releasedAt !== null) return null
          const url = String(payload.url)
          return {
            subject: `Pay for your order ${order.orderNumber}`,
            text: paymentLinkText({ siteName: shop, orderNumber: order.orderNumber, totalPaise: order.totalPaise, url, expiresAt: String(payload.expiresAt) }),
            template: { name: 'payment_link', vars: { shop, order: order.orderNumber, amount: formatINR(order.totalPaise), link: url } },
          }
        },
        parseUsername(String(payload.to ?? '')),
      ),
    /** a counter receipt the customer asked for (docs/decisions/0027) */
    async [POS_RECEIPT_OUTBOX](payload) {
      const to = parseUsername(String(payload.to ?? ''))
      if (!to) return
      const message = await receiptMessage(db, Number(payload.orderId), to.kind)
      if (!message) return
      await delivery.send({ to, code: '', siteName: message.siteName, minutes: 0, notice: { subject: message.subject, text: message.text } })
    },
    /** what a customer owes on their khata (docs/decisions/0047), at most one a day, on its registered template */
    [KHATA_REMINDER_OUTBOX]: (payload) =>
      notifyKhata(payload, (shop) => ({
        subject: `Your khata with ${shop}`,
        template: { name: 'khata_reminder', vars: { shop, balance: String(payload.balance ?? '') } },
      })),
    /** the khata statement staff sent: the balance on a date, on its registered template */
    [KHATA_STATEMENT_OUTBOX]: (payload) =>
      notifyKhata(payload, (shop) => ({
        subject: `Your khata statement from ${shop}`,
        template: { name: 'khata_statement', vars: { shop, balance: String(payload.balance ?? ''), date: String(payload.date ?? '') } },
      })),
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

/**
 * Unpaid online orders past their hold are released, each after asking its provider whether it was paid after all
 * (a lost webhook, docs/decisions/0060); then the shared statements' payment links that closed are settled the same way.
 */
export async function releaseUnpaid(app: FastifyInstance, providers: SitePayments, now = new Date()) {
  const db = app.deps.db
  const log = {
    kept: (orderId: number, err: unknown) => app.log.warn({ orderId, err }, 'unpaid order past its hold kept: its payment provider could not be asked'),
    gaveUp: (orderId: number, err: unknown) => {
      app.log.error({ orderId, err }, 'unpaid order released without its payment provider’s answer: it could not be asked for a day')
      void app.reportError(err, { job: `release unpaid order ${orderId}` })
    },
  }
  const released = await orders.releaseExpired(db, now, (id) => reconcileBeforeRelease(db, providers, log, id, now))
  await settleLapsedLinks(
    db,
    providers,
    {
      gaveUp: (rowId, err) => {
        app.log.error({ khataPaymentId: rowId, err }, 'khata payment link marked expired without its payment provider’s answer')
        void app.reportError(err, { job: `khata payment link ${rowId}` })
      },
    },
    now,
  )
  return released
}

/** The app's background work: release unpaid holds and drain the outbox. Every step is safe with several processes. */
export function startOrderJobs(app: FastifyInstance, handlers: Record<string, OutboxHandler>, providers: SitePayments) {
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
        await releaseUnpaid(app, providers)
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
