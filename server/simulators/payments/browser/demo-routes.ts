import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { escapeHtml } from '../format'
import type { Sim } from '../simulator'
import type { CfOrderRec, RzpOrderRec } from '../state'
import { facts, page } from './page'

const DEMO_PAISE = 12345
const Order = z.object({ provider: z.enum(['razorpay', 'cashfree']) })

/** Where the page was loaded from, so Cashfree's return_url comes back to the same origin (localhost or a shop). */
function origin(req: FastifyRequest) {
  return `${req.protocol}://${req.headers.host ?? '127.0.0.1'}`
}

/** /sim/demo: a throwaway page that makes an order in the simulator and opens either checkout, to try the hosted pages. */
export function demoRoutes(app: FastifyInstance, sim: Sim) {
  app.get('/demo', async (_req, reply) => {
    const body = `<h1 class="sim-title">Payment simulator demo</h1>
<p class="sim-muted">Makes a ₹123.45 order in the simulator and opens the provider's checkout. Nothing here touches the shop's orders.</p>
<div class="sim-actions">
<button type="button" class="sim-button sim-pay" id="pay-razorpay">Pay with Razorpay</button>
<button type="button" class="sim-button sim-pay" id="pay-cashfree">Pay with Cashfree</button>
</div>
<h2 class="sim-title">Result</h2>
<pre class="sim-result" id="sim-result" data-state="idle">idle</pre>`
    return reply.type('text/html; charset=utf-8').send(page('Demo', body, ['/sim/razorpay/checkout.js', '/sim/cashfree/cashfree.js', '/sim/demo.js']))
  })

  app.post('/demo/order', async (req, reply) => {
    const body = Order.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ message: 'provider must be razorpay or cashfree' })
    const now = sim.now()
    if (body.data.provider === 'razorpay') {
      const order: RzpOrderRec = {
        id: sim.ids.razorpay('order'),
        amount: DEMO_PAISE,
        currency: 'INR',
        receipt: sim.ids.reference(),
        notes: { demo: 'true' },
        status: 'created',
        attempts: 0,
        amountPaid: 0,
        createdAt: now,
      }
      await sim.store.razorpay.orders.add(order)
      return { key_id: sim.accounts.razorpay.keyId, order_id: order.id, amount: order.amount }
    }
    const orderId = `demo_${sim.ids.reference()}`
    const order: CfOrderRec = {
      cfOrderId: sim.ids.cashfree(),
      orderId,
      amount: DEMO_PAISE,
      currency: 'INR',
      status: 'ACTIVE',
      sessionId: sim.ids.session(),
      expiresAt: now + 30 * 60_000,
      customer: { customer_id: 'demo', customer_phone: '9876500003' },
      meta: { return_url: `${origin(req)}/sim/demo/return?order_id={order_id}`, notify_url: null },
      tags: { demo: 'true' },
      note: null,
      createdAt: now,
    }
    await sim.store.cashfree.orders.add(order)
    return { order_id: orderId, payment_session_id: order.sessionId }
  })

  app.get<{ Querystring: { order_id?: string } }>('/demo/return', async (req, reply) => {
    const order = await sim.store.cashfree.orders.get(req.query.order_id ?? '')
    const payments = order ? await sim.store.cashfree.payments.find({ orderId: order.orderId }) : []
    const last = payments.at(-1)
    const body = order
      ? `<h1 class="sim-title">Back from Cashfree</h1>${facts([
          ['Order', order.orderId],
          ['Order status', order.status],
          ['Last payment', last ? last.status : 'none'],
        ])}
<p><a href="/sim/demo">Another payment</a></p><pre class="sim-result" id="sim-result" data-state="${escapeHtml(order.status)}" data-payment="${escapeHtml(last?.status ?? 'none')}">${escapeHtml(order.status)}</pre>`
      : '<h1 class="sim-title">Unknown order</h1><p><a href="/sim/demo">Back to the demo</a></p>'
    return reply
      .code(order ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(page('Back from Cashfree', body))
  })
}
