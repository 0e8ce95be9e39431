import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { rupees } from '../format'
import { payCfLink } from '../cashfree/payment-links'
import { payCashfree } from '../cashfree/settle'
import type { Sim } from '../simulator'
import { facts, page } from './page'

const Pay = z.object({ outcome: z.enum(['success', 'failed', 'user_dropped']) })
type WithSession = { Params: { session: string } }
// The session id in these URLs is a bearer secret (C.3): keep it out of the request log lines (SECURITY PR-01).
const quiet = { logLevel: 'warn' } as const

/** The hosted payment page cashfree.js sends the browser to (C.3): Succeed, Fail or User dropped, then back to return_url. */
export function cashfreeBrowserRoutes(app: FastifyInstance, sim: Sim) {
  const orderFor = (session: string) => {
    const id = sim.state.cashfree.sessions.get(session)
    return id === undefined ? undefined : sim.state.cashfree.orders.get(id)
  }

  app.get<WithSession>('/cashfree/pay/:session', quiet, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const o = orderFor(req.params.session)
    if (!o) return reply.code(404).send(page('Unknown payment session', '<h1 class="sim-title">Unknown or expired payment session</h1>'))
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: o.currency }).format(rupees(o.amount))
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
    const o = orderFor(req.params.session)
    if (!o) return reply.code(404).send({ message: 'Unknown or expired payment session' })
    const body = Pay.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ message: 'outcome must be success, failed or user_dropped' })
    const result = payCashfree(sim, o, { outcome: body.data.outcome })
    if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
    return { redirect: result.redirect, payment_status: result.status }
  })

  // the link_url of a Payment Link: what the customer opens from the SMS or email (Cashfree's hosted link page)
  app.get<{ Params: { id: string } }>('/cashfree/link/:id', quiet, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    const l = sim.state.cashfree.links.get(req.params.id)
    if (!l) return reply.code(404).send(page('Unknown payment link', '<h1 class="sim-title">Unknown payment link</h1>'))
    if (l.status === 'ACTIVE' && l.expiresAt <= sim.now()) l.status = 'EXPIRED'
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: l.currency }).format(rupees(l.amount))
    const open = l.status === 'ACTIVE'
    const body = `<h1 class="sim-title">Cashfree payment link (simulated)</h1>
<p class="sim-muted">${open ? 'Pay this request from the shop.' : `This payment link is ${l.status.toLowerCase()}.`}</p>
${facts([
  ['Amount', amount],
  ['For', l.purpose],
  ['Customer', l.customer.customer_name ?? l.customer.customer_phone ?? '—'],
  ['Expires', `${new Date(l.expiresAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`],
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
    return page('Cashfree payment link', body, open ? ['/sim/cashfree/pay.js'] : [])
  })

  app.post<{ Params: { id: string } }>('/cashfree/link/:id', quiet, async (req, reply) => {
    const l = sim.state.cashfree.links.get(req.params.id)
    if (!l) return reply.code(404).send({ message: 'Unknown payment link' })
    const body = z.object({ outcome: z.enum(['success', 'failed']) }).safeParse(req.body)
    if (!body.success) return reply.code(400).send({ message: 'outcome must be success or failed' })
    const result = payCfLink(sim, l, { outcome: body.data.outcome })
    if (result.kind === 'refused') return reply.code(409).send({ message: result.message })
    return { redirect: result.redirect, payment_status: result.kind === 'paid' ? 'SUCCESS' : 'FAILED' }
  })
}
