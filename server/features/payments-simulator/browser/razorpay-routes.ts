import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { qrImage } from '../razorpay/qr-codes'
import { payRazorpay } from '../razorpay/settle'
import type { Sim } from '../simulator'

const Pay = z.object({ key_id: z.string(), order_id: z.string(), outcome: z.enum(['success', 'failed']) })
const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } })

/**
 * What checkout.js calls: the order to show, and the tester's choice. Only the public key id comes from the page;
 * the signature is made here with the key secret, as Razorpay's own checkout does on its servers.
 */
export function razorpayBrowserRoutes(app: FastifyInstance, sim: Sim) {
  const order = (keyId: string, orderId: string) => {
    const o = sim.state.razorpay.orders.get(orderId)
    return o && (o.account ?? sim.accounts.razorpay.keyId) === keyId ? o : undefined
  }

  app.get<{ Querystring: { key_id?: string; order_id?: string } }>('/razorpay/order', async (req, reply) => {
    const o = order(req.query.key_id ?? '', req.query.order_id ?? '')
    if (!o) return reply.code(404).send(error('No such order for this key'))
    return { id: o.id, amount: o.amount, currency: o.currency, status: o.status }
  })

  // the image_url of a QR code (Razorpay hosts it; here a labelled stand-in)
  app.get<{ Params: { file: string } }>('/razorpay/qr/:file', async (req, reply) => {
    const qr = sim.state.razorpay.qrCodes.get(req.params.file.replace(/\.svg$/, ''))
    if (!qr) return reply.code(404).send(error('No such QR code'))
    // shown by the counter's page on the shop's own address (Razorpay's image host allows that too)
    return reply.type('image/svg+xml').header('cache-control', 'no-store').header('cross-origin-resource-policy', 'cross-origin').send(qrImage(qr))
  })

  app.post('/razorpay/pay', async (req, reply) => {
    const body = Pay.safeParse(req.body)
    if (!body.success) return reply.code(400).send(error('key_id, order_id and outcome (success or failed) are required'))
    const o = order(body.data.key_id, body.data.order_id)
    if (!o) return reply.code(404).send(error('No such order for this key'))
    const result = payRazorpay(sim, o, { outcome: body.data.outcome })
    if (result.kind === 'paid') return result.response
    if (result.kind === 'failed') return { error: result.error }
    return reply.code(400).send(error(result.kind === 'refused' ? result.description : 'Not paid'))
  })
}
