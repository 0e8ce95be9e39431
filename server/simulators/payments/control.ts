import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { payCfLink } from './cashfree/payment-links'
import { payCashfree } from './cashfree/settle'
import { FaultSpec } from './faults'
import { payLink } from './razorpay/payment-links'
import { payQr } from './razorpay/qr-codes'
import { payRazorpay } from './razorpay/settle'
import type { Sim, SimWork } from './simulator'
import { WebhookOptionsSpec } from './webhooks/emitter'

const Pay = z.object({
  provider: z.enum(['razorpay', 'cashfree']),
  /** Razorpay's order id (order_…) or QR code id (qr_…), or Cashfree's order_id */
  order_id: z.string(),
  outcome: z.enum(['success', 'failed', 'user_dropped', 'authorized_only', 'late_auth']),
  amount_override: z.optional(z.number().check(z.int(), z.gte(0))),
  currency_override: z.optional(z.string().check(z.length(3))),
  signature: z._default(z.enum(['valid', 'invalid', 'other_order']), 'valid'),
  late_ms: z.optional(z.number().check(z.int(), z.gte(0), z.lte(600_000))),
})

const loopback = z.url().check(z.refine((u) => /^https?:\/\/(127(\.\d{1,3}){3}|\[::1\])(:\d+)?\//.test(u), 'must be a loopback URL'))
/** A merchant account, as one made in the provider's dashboard: its keys and where its webhooks go. */
const Account = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('razorpay'),
    key_id: z.string().check(z.regex(/^rzp_test_[A-Za-z0-9]{6,40}$/)),
    key_secret: z.string().check(z.minLength(8)),
    webhook_secret: z.string().check(z.minLength(8)),
    webhook_url: z.optional(loopback),
  }),
  z.object({
    provider: z.literal('cashfree'),
    client_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{4,100}$/)),
    client_secret: z.string().check(z.minLength(8)),
    webhook_url: z.optional(loopback),
  }),
])

function parse<S extends z.ZodMiniType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | null {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  void reply.code(400).send({ message: `${issue.path.join('.') || 'body'}: ${issue.message}` })
  return null
}

/** The test-only control plane under /__sim (PAYMENTS.md D.2): drive payments, shape webhooks, inject faults, read the log. */
export async function controlRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const unknown = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: `No such simulator control: ${req.method} ${req.url.split('?')[0]}` })
  app.setNotFoundHandler(unknown)
  app.get('/*', unknown) // else the web client's GET /* page route would answer

  // Answers what the browser would have received: the Razorpay handler fields or failure, or Cashfree's return URL.
  app.post('/pay', async (req, reply) => {
    const body = parse(Pay, req.body, reply)
    if (!body) return reply
    return sim.act((s) => pay(s, body, reply))
  })

  async function pay(s: SimWork, body: z.infer<typeof Pay>, reply: FastifyReply) {
    const options = { outcome: body.outcome, amountOverride: body.amount_override, currencyOverride: body.currency_override, lateMs: body.late_ms }
    if (body.provider === 'razorpay' && body.order_id.startsWith('plink_')) {
      // a Payment Link: the customer pays it (late_auth: the bank confirms after the link expired)
      const link = await s.razorpay.links.get(body.order_id)
      if (!link) return reply.code(404).send({ message: 'No such Razorpay payment link' })
      if (body.outcome !== 'success' && body.outcome !== 'failed' && body.outcome !== 'late_auth')
        return { outcome: body.outcome, link_id: link.id, status: link.status }
      const result = await payLink(sim, s, link, {
        outcome: body.outcome === 'failed' ? 'failed' : 'success',
        amountOverride: body.amount_override,
        late: body.outcome === 'late_auth',
      })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.description })
      return { outcome: body.outcome, link_id: link.id, razorpay_payment_id: result.paymentId, status: link.status }
    }
    const cfLink = body.provider === 'cashfree' ? await s.cashfree.links.get(body.order_id) : undefined
    if (cfLink) {
      // a Cashfree Payment Link, by its link_id (late_auth: the bank confirms after the link expired)
      if (body.outcome !== 'success' && body.outcome !== 'failed' && body.outcome !== 'late_auth')
        return { outcome: body.outcome, link_id: cfLink.linkId, status: cfLink.status }
      const result = await payCfLink(sim, s, cfLink, { outcome: body.outcome === 'failed' ? 'failed' : 'success', late: body.outcome === 'late_auth' })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
      return { outcome: body.outcome, link_id: cfLink.linkId, cf_payment_id: result.cfPaymentId, status: cfLink.status }
    }
    if (body.provider === 'razorpay' && body.order_id.startsWith('qr_')) {
      // a QR code of the QR Codes API: the shopper scans it and pays (only success: a failed UPI attempt leaves it open)
      const qr = await s.razorpay.qrCodes.get(body.order_id)
      if (!qr) return reply.code(404).send({ message: 'No such Razorpay QR code' })
      if (body.outcome !== 'success') return { outcome: body.outcome, qr_id: qr.id, status: qr.status }
      const result = await payQr(sim, s, qr, { amountOverride: body.amount_override })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.description })
      return { outcome: body.outcome, qr_id: qr.id, razorpay_payment_id: result.paymentId }
    }
    if (body.provider === 'razorpay') {
      const order = await s.razorpay.orders.get(body.order_id)
      if (!order) return reply.code(404).send({ message: 'No such Razorpay order' })
      const result = await payRazorpay(sim, s, order, { ...options, signature: body.signature })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.description })
      return result.kind === 'paid'
        ? { outcome: body.outcome, ...result.response }
        : result.kind === 'failed'
          ? { outcome: body.outcome, error: result.error }
          : { outcome: body.outcome, dismissed: true }
    }
    const order = await s.cashfree.orders.get(body.order_id)
    if (!order) return reply.code(404).send({ message: 'No such Cashfree order' })
    const result = await payCashfree(sim, s, order, options)
    if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
    return { outcome: body.outcome, cf_payment_id: result.cfPaymentId, payment_status: result.status, redirect: result.redirect }
  }

  app.post('/accounts', async (req, reply) => {
    const body = parse(Account, req.body, reply)
    if (!body) return reply
    if (body.provider === 'razorpay')
      await sim.store.accounts.razorpay.save({
        keyId: body.key_id,
        keySecret: body.key_secret,
        webhookSecret: body.webhook_secret,
        webhookUrl: body.webhook_url,
      })
    else await sim.store.accounts.cashfree.save({ clientId: body.client_id, clientSecret: body.client_secret, webhookUrl: body.webhook_url })
    return { ok: true }
  })

  app.post('/webhooks/options', async (req, reply) => {
    const body = parse(WebhookOptionsSpec, req.body, reply)
    return body ? sim.webhooks.setOptions(body) : reply
  })

  app.get('/webhooks', async () => sim.webhooks.events())

  app.post<{ Params: { eventId: string } }>('/replay/:eventId', async (req, reply) => {
    const delivery = await sim.webhooks.replay(req.params.eventId)
    return delivery ?? reply.code(404).send({ message: 'No such event' })
  })

  app.post('/faults', async (req, reply) => {
    const body = parse(FaultSpec, req.body, reply)
    if (!body) return reply
    sim.faults.add(body)
    return { faults: sim.faults.list() }
  })

  app.get('/faults', async () => ({ faults: sim.faults.list() }))

  app.get('/log', async () => ({ requests: sim.log.entries(), webhooks: sim.webhooks.deliveries() }))

  app.post('/reset', async () => {
    await sim.reset()
    return { ok: true }
  })
}
