import type { FastifyInstance, FastifyRequest } from 'fastify'
import { istTime, providerJson, twoDecimals } from '../format'
import type { Sim, SimWork } from '../simulator'
import type { CfLinkRec, CfPaymentRec } from '../state'
import { callers } from './accounts'
import { cfError, orderEntity } from './entities'

type WithLink = { Params: { linkId: string } }
const obj = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)

/** Cashfree's link entity (Payment Links API, x-api-version 2023-08-01). */
export const linkEntity = (l: CfLinkRec) => ({
  cf_link_id: l.cfLinkId,
  link_id: l.linkId,
  link_status: l.status,
  link_currency: l.currency,
  link_amount: l.amount / 100,
  link_amount_paid: l.amountPaid / 100,
  link_partial_payments: false,
  link_minimum_partial_amount: null,
  link_purpose: l.purpose,
  link_created_at: istTime(l.createdAt),
  customer_details: l.customer,
  link_meta: l.meta,
  link_url: l.url,
  link_expiry_time: istTime(l.expiresAt),
  link_notes: l.notes,
  link_auto_reminders: false,
  link_notify: l.notify,
  link_qrcode: null,
  order_splits: [],
})

/** PAYMENT_LINK_EVENT (amounts as 170.00, so re-serialising breaks the signature like the other Cashfree webhooks). */
function linkEvent(sim: Sim, l: CfLinkRec, payment?: CfPaymentRec) {
  const type = 'PAYMENT_LINK_EVENT'
  const body = providerJson({
    data: {
      ...linkEntity(l),
      link_amount: twoDecimals(l.amount),
      link_amount_paid: twoDecimals(l.amountPaid),
      order: payment
        ? {
            order_amount: twoDecimals(payment.amount),
            order_id: payment.orderId,
            order_expiry_time: istTime(l.expiresAt),
            order_hash: null,
            // digits sent as a string like cf_payment_id (ours would not fit a JSON number exactly)
            transaction_id: payment.cfPaymentId,
            transaction_status: payment.status,
          }
        : null,
    },
    type,
    version: 1,
    event_time: istTime(sim.now()),
  })
  return { type, body }
}

/** A link past its link_expiry_time is EXPIRED (Cashfree sends no webhook for that); written when the work writes it. */
export function refresh(sim: Sim, l: CfLinkRec) {
  if (l.status === 'ACTIVE' && l.expiresAt <= sim.now()) l.status = 'EXPIRED'
  return l
}

const isoTime = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? Date.parse(v) : Number.NaN)

/** `/pg/links`: create (link_id is the merchant's and unique), fetch, cancel. */
export async function cashfreeLinkRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const links = sim.store.cashfree.links
  const own = async (req: FastifyRequest, id: string, from = sim.store) => {
    const l = await from.cashfree.links.get(id)
    const me = callers.get(req) ?? sim.accounts.cashfree.clientId
    return l && (l.account ?? sim.accounts.cashfree.clientId) === me ? refresh(sim, l) : undefined
  }
  const notFound = cfError('link does not exist', 'link_not_found')

  app.post('/links', async (req, reply) => {
    const body = obj(req.body)
    const bad = (message: string, code: string) => reply.code(400).send(cfError(message, code))
    if (!body) return bad('request body is missing', 'request_invalid')
    const linkId = body.link_id
    if (typeof linkId !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(linkId))
      return bad('link_id : should be alphanumeric, _ or -, at most 50 characters', 'link_id_invalid')
    const amount = body.link_amount
    if (typeof amount !== 'number' || !(amount >= 1) || Math.round(amount * 100) !== amount * 100)
      return bad('link_amount : must be at least 1.00 with at most two decimals', 'link_amount_invalid')
    if (body.link_currency !== 'INR') return bad('link_currency : invalid value provided', 'link_currency_invalid')
    if (typeof body.link_purpose !== 'string' || !body.link_purpose || body.link_purpose.length > 500)
      return bad('link_purpose : is missing in the request', 'link_purpose_missing')
    const customer = obj(body.customer_details)
    if (!customer || typeof customer.customer_phone !== 'string')
      return bad('customer_details.customer_phone : is missing in the request', 'customer_details_invalid')
    const expiry = body.link_expiry_time === undefined ? sim.now() + 30 * 86_400_000 : isoTime(body.link_expiry_time)
    if (Number.isNaN(expiry) || expiry <= sim.now()) return bad('link_expiry_time : should be a time in the future (ISO 8601)', 'link_expiry_time_invalid')
    const account = callers.get(req)
    const notify = obj(body.link_notify) ?? {}
    const meta = obj(body.link_meta) ?? {}
    const notes: Record<string, string> = {}
    for (const [k, v] of Object.entries(obj(body.link_notes) ?? {})) notes[k] = String(v).slice(0, 256)
    const l: CfLinkRec = {
      cfLinkId: sim.ids.cashfree(),
      account,
      linkId,
      amount: Math.round(amount * 100),
      amountPaid: 0,
      currency: 'INR',
      purpose: body.link_purpose,
      status: 'ACTIVE',
      customer: Object.fromEntries(Object.entries(customer).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
      notify: { send_sms: notify.send_sms === true, send_email: notify.send_email === true },
      meta: {
        return_url: typeof meta.return_url === 'string' ? meta.return_url : null,
        notify_url: typeof meta.notify_url === 'string' ? meta.notify_url : null,
      },
      notes,
      expiresAt: expiry,
      // Cashfree hands out a payments.cashfree.com/links/… page; here the simulator's hosted link page
      url: `${req.protocol}://${req.host}/sim/cashfree/link/${encodeURIComponent(linkId)}`,
      paidOrderId: null,
      paidPaymentId: null,
      createdAt: sim.now(),
    }
    if (!(await links.add(l))) return reply.code(409).send(cfError('link_id already exists', 'link_already_exists'))
    return linkEntity(l)
  })

  app.get<WithLink>('/links/:linkId', async (req, reply) => {
    const l = await own(req, req.params.linkId)
    return l ? linkEntity(l) : reply.code(404).send(notFound)
  })

  // the orders Cashfree made for the link's payments (refunds go to these)
  app.get<WithLink>('/links/:linkId/orders', async (req, reply) => {
    const l = await own(req, req.params.linkId)
    if (!l) return reply.code(404).send(notFound)
    const o = l.paidOrderId ? await sim.store.cashfree.orders.get(l.paidOrderId) : undefined
    return o ? [orderEntity(o, sim.now())] : []
  })

  app.post<WithLink>('/links/:linkId/cancel', async (req, reply) =>
    sim.act(async (s) => {
      const l = await own(req, req.params.linkId, s)
      if (!l) return reply.code(404).send(notFound)
      if (l.status !== 'ACTIVE') return reply.code(400).send(cfError(`link is ${l.status.toLowerCase()} and cannot be cancelled`, 'link_cancel_invalid'))
      l.status = 'CANCELLED'
      await s.cashfree.links.put(l)
      return linkEntity(l)
    }),
  )
}

export type CfLinkPayResult = { kind: 'paid' | 'failed'; cfPaymentId: string; redirect: string | null } | { kind: 'refused'; message: string }

/**
 * The customer pays the link on its page (or `POST /__sim/pay` with the link_id): Cashfree makes an order for the
 * payment and sends PAYMENT_LINK_EVENT when it is paid. `late` pays a link that already expired (a bank confirming late).
 */
export async function payCfLink(sim: Sim, s: SimWork, l: CfLinkRec, o: { outcome: 'success' | 'failed'; late?: boolean }): Promise<CfLinkPayResult> {
  if (!o.late) refresh(sim, l)
  if (l.status === 'PAID') return { kind: 'refused', message: 'This payment link is already paid' }
  if (l.status !== 'ACTIVE' && !o.late) return { kind: 'refused', message: `This payment link is ${l.status.toLowerCase()}` }
  const p: CfPaymentRec = {
    cfPaymentId: sim.ids.cashfree(),
    orderId: `CFPay_${l.cfLinkId}_${sim.ids.reference()}`,
    amount: l.amount,
    currency: l.currency,
    status: o.outcome === 'success' ? 'SUCCESS' : 'FAILED',
    message: o.outcome === 'success' ? 'Simulated payment successful' : 'Simulated payment failed',
    createdAt: sim.now(),
  }
  if (o.outcome === 'failed') {
    await s.cashfree.payments.add(p)
    return { kind: 'failed', cfPaymentId: p.cfPaymentId, redirect: null }
  }
  l.status = 'PAID'
  l.amountPaid = l.amount
  l.paidOrderId = p.orderId
  l.paidPaymentId = p.cfPaymentId
  // the link first: a payment and a cancellation (or a second payment) at once cannot both win
  await s.cashfree.links.put(l)
  await s.cashfree.payments.add(p)
  await s.cashfree.orders.add({
    cfOrderId: sim.ids.cashfree(),
    account: l.account,
    orderId: p.orderId,
    amount: l.amount,
    currency: l.currency,
    status: 'PAID',
    sessionId: sim.ids.session(),
    expiresAt: l.expiresAt,
    customer: l.customer,
    meta: l.meta,
    tags: { link_id: l.linkId },
    note: null,
    createdAt: sim.now(),
  })
  await s.emitCashfree(l, [linkEvent(sim, l, p)])
  return { kind: 'paid', cfPaymentId: p.cfPaymentId, redirect: l.meta.return_url }
}
