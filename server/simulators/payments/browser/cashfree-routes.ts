import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { payCfLink, refresh } from '../cashfree/payment-links'
import { payCashfree } from '../cashfree/settle'
import type { Sim } from '../simulator'
import type { SimStore } from '../store'
import { facts, linkPage, money, page, unknownLinkPage } from './page'

const Pay = z.object({ outcome: z.enum(['success', 'failed', 'user_dropped']) })
type WithSession = { Params: { session: string } }
// The session id in these URLs is a bearer secret (C.3): keep it out of the request log lines (SECURITY PR-01).
const quiet = { logLevel: 'warn' } as const

/** The hosted payment page cashfree.js sends the browser to (C.3): Succeed, Fail or User dropped, then back to return_url. */
export function cashfreeBrowserRoutes(app: FastifyInstance, sim: Sim) {
  const orderFor = async (sessionId: string, from: SimStore = sim.store) => (await from.cashfree.orders.find({ sessionId }))[0]

  app.get<WithSession>('/cashfree/pay/:session', quiet, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const o = await orderFor(req.params.session)
    if (!o) return reply.code(404).send(page('Unknown payment session', '<h1 class="sim-title">Unknown or expired payment session</h1>'))
    const amount = money(o.amount, o.currency)
    const body = `<h1 class="sim-title">Cashfree checkout (simulated)</h1>
<p class="sim-muted">Choose what this payment should do. The browser then returns to the shop.</p>
${facts([
  ['Amount', amount],
  ['Order', o.orderId],
  ['Customer', o.customer.customer_phone ?? '—'],
])}
<p class="sim-status" role="status" aria-live="polite" data-sim="status">Order status: ${o.status}</p>
<div class="sim-actions">
<button type="button" class="sim-button sim-pay" data-outcome="success">Succeed · pay ${amount}</button>
<button type="button" class="sim-button sim-fail" data-outcome="failed">Fail</button>
<button type="button" class="sim-button sim-cancel" data-outcome="user_dropped">User dropped</button>
</div>`
    return page('Cashfree checkout', body, ['/sim/cashfree/pay.js'])
  })

  app.post<WithSession>('/cashfree/pay/:session', quiet, async (req, reply) => {
    const body = Pay.safeParse(req.body)
    return sim.act(async (s) => {
      const o = await orderFor(req.params.session, s)
      if (!o) return reply.code(404).send({ message: 'Unknown or expired payment session' })
      if (!body.success) return reply.code(400).send({ message: 'outcome must be success, failed or user_dropped' })
      const result = await payCashfree(sim, s, o, { outcome: body.data.outcome })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
      return { redirect: result.redirect, payment_status: result.status }
    })
  })

  // the link_url of a Payment Link: what the customer opens from the SMS or email (Cashfree's hosted link page)
  app.get<{ Params: { id: string } }>('/cashfree/link/:id', quiet, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const found = await sim.store.cashfree.links.get(req.params.id)
    if (!found) return reply.code(404).send(unknownLinkPage())
    const l = refresh(sim, found)
    return linkPage({
      provider: 'Cashfree',
      amount: money(l.amount, l.currency),
      purpose: l.purpose,
      customer: l.customer.customer_name ?? l.customer.customer_phone ?? '—',
      expiresAt: l.expiresAt,
      status: l.status,
      open: l.status === 'ACTIVE',
    })
  })

  app.post<{ Params: { id: string } }>('/cashfree/link/:id', quiet, async (req, reply) => {
    const body = z.object({ outcome: z.enum(['success', 'failed']) }).safeParse(req.body)
    return sim.act(async (s) => {
      const l = await s.cashfree.links.get(req.params.id)
      if (!l) return reply.code(404).send({ message: 'Unknown payment link' })
      if (!body.success) return reply.code(400).send({ message: 'outcome must be success or failed' })
      const result = await payCfLink(sim, s, l, { outcome: body.data.outcome })
      if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
      return { redirect: result.redirect, payment_status: result.kind === 'paid' ? 'SUCCESS' : 'FAILED' }
    })
  })
}
