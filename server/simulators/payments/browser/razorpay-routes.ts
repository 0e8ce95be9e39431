import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { payLink } from '../razorpay/payment-links'
import { qrImage } from '../razorpay/qr-codes'
import { payRazorpay } from '../razorpay/settle'
import type { Sim } from '../simulator'
import type { SimStore } from '../store'
import { linkPage, money, unknownLinkPage } from './page'

const Pay = z.object({ key_id: z.string(), order_id: z.string(), outcome: z.enum(['success', 'failed']) })
// Link ids in these URLs are the customer's to pay with: kept out of the request log lines, as Cashfree's are.
const quiet = { logLevel: 'warn' } as const
const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } })

/**
 * What checkout.js calls: the order to show, and the tester's choice. Only the public key id comes from the page;
 * the signature is made here with the key secret, as Razorpay's own checkout does on its servers.
 */
export function razorpayBrowserRoutes(app: FastifyInstance, sim: Sim) {
  const order = async (keyId: string, orderId: string, from: SimStore = sim.store) => {
    const o = await from.razorpay.orders.get(orderId)
    return o && (o.account ?? sim.accounts.razorpay.keyId) === keyId ? o : undefined
  }

  app.get<{ Querystring: { key_id?: string; order_id?: string } }>('/razorpay/order', async (req, reply) => {
    const o = await order(req.query.key_id ?? '', req.query.order_id ?? '')
    if (!o) return reply.code(404).send(error('No such order for this key'))
    return { id: o.id, amount: o.amount, currency: o.currency, status: o.status }
  })

  // the image_url of a QR code (Razorpay hosts it; here a labelled stand-in)
  app.get<{ Params: { file: string } }>('/razorpay/qr/:file', async (req, reply) => {
    const qr = await sim.store.razorpay.qrCodes.get(req.params.file.replace(/\.svg$/, ''))
    if (!qr) return reply.code(404).send(error('No such QR code'))
    // shown by the counter's page on the shop's own address (Razorpay's image host allows that too)
    return reply.type('image/svg+xml').header('cache-control', 'no-store').header('cross-origin-resource-policy', 'cross-origin').send(qrImage(qr))
  })

  // the short_url of a Payment Link: what the customer opens from the SMS or email (Razorpay's hosted link page)
  app.get<{ Params: { id: string } }>('/razorpay/link/:id', quiet, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const l = await sim.store.razorpay.links.get(req.params.id)
    if (!l) return reply.code(404).send(unknownLinkPage())
    // past its expire_by: shown expired (the API call that next reads it expires it and says so)
    const status = l.status === 'created' && l.expireBy > 0 && l.expireBy * 1000 <= sim.now() ? 'expired' : l.status
    return linkPage({
      provider: 'Razorpay',
      amount: money(l.amount, l.currency),
      purpose: l.description ?? '—',
      customer: l.customer.name ?? l.customer.contact ?? '—',
      expiresAt: l.expireBy ? l.expireBy * 1000 : null,
      status,
      open: status === 'created',
    })
  })

  app.post<{ Params: { id: string } }>('/razorpay/link/:id', async (req, reply) => {
    const body = z.object({ outcome: z.enum(['success', 'failed']) }).safeParse(req.body)
    return sim.act(async (s) => {
      const l = await s.razorpay.links.get(req.params.id)
      if (!l) return reply.code(404).send({ message: 'Unknown payment link' })
      if (!body.success) return reply.code(400).send({ message: 'outcome must be success or failed' })
      const result = await payLink(sim, s, l, { outcome: body.data.outcome })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.description })
      return { redirect: result.kind === 'paid' ? result.redirect : null, payment_status: result.kind === 'paid' ? 'SUCCESS' : 'FAILED' }
    })
  })

  app.post('/razorpay/pay', async (req, reply) => {
    const body = Pay.safeParse(req.body)
    if (!body.success) return reply.code(400).send(error('key_id, order_id and outcome (success or failed) are required'))
    const { key_id, order_id, outcome } = body.data
    return sim.act(async (s) => {
      const o = await order(key_id, order_id, s)
      if (!o) return reply.code(404).send(error('No such order for this key'))
      const result = await payRazorpay(sim, s, o, { outcome })
      if (result.kind === 'paid') return result.response
      if (result.kind === 'failed') return { error: result.error }
      return reply.code(400).send(error(result.kind === 'refused' ? result.description : 'Not paid'))
    })
  })
}
