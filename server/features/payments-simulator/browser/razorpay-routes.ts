import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { rupees } from '../format'
import { payLink } from '../razorpay/payment-links'
import { qrImage } from '../razorpay/qr-codes'
import { payRazorpay } from '../razorpay/settle'
import type { Sim } from '../simulator'
import type { SimStore } from '../store'
import { facts, page } from './page'

const Pay = z.object({ key_id: z.string(), order_id: z.string(), outcome: z.enum(['success', 'failed']) })
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
  app.get<{ Params: { id: string } }>('/razorpay/link/:id', async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    const l = await sim.store.razorpay.links.get(req.params.id)
    if (!l) return reply.code(404).send(page('Unknown payment link', '<h1 class="sim-title">Unknown payment link</h1>'))
    if (l.status === 'created' && l.expireBy > 0 && l.expireBy * 1000 <= sim.now()) l.status = 'expired'
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: l.currency }).format(rupees(l.amount))
    const open = l.status === 'created'
    const body = `<h1 class="sim-title">Razorpay payment link (simulated)</h1>
<p class="sim-muted">${open ? 'Pay this request from the shop.' : `This payment link is ${l.status}.`}</p>
${facts([
  ['Amount', amount],
  ['For', l.description ?? '—'],
  ['Customer', l.customer.name ?? l.customer.contact ?? '—'],
  ['Expires', l.expireBy ? new Date(l.expireBy * 1000).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'never'],
])}
<p class="sim-status" role="status" aria-live="polite" data-sim="status">Link status: ${l.status}</p>
${
  open
    ? `<div class="sim-actions">
<button type="button" class="sim-button sim-pay" data-outcome="success">Pay ${amount}</button>
<button type="button" class="sim-button sim-fail" data-outcome="failed">Fail</button>
</div>`
    : ''
}`
    return page('Razorpay payment link', body, open ? ['/sim/cashfree/pay.js'] : [])
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
