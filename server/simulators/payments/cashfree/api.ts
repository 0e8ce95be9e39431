import { timingSafeEqual } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CASHFREE_VERSIONS, type Sim } from '../simulator'
import type { CfOrderRec } from '../state'
import type { SimStore } from '../store'
import { cfError, orderEntity, paymentEntity } from './entities'
import { idempotent } from './idempotency'
import { callers, ownsOrder } from './accounts'
import { cashfreeLinkRoutes } from './payment-links'
import { refundRoutes } from './refund-routes'
import { checkOrder } from './validate'

const same = (a: unknown, b: string) => typeof a === 'string' && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
type WithOrder = { Params: { orderId: string } }

async function authProblem(sim: Sim, req: FastifyRequest) {
  const { apiVersion } = sim.accounts.cashfree
  const id = req.headers['x-client-id']
  const account = typeof id !== 'string' ? undefined : id === sim.accounts.cashfree.clientId ? sim.accounts.cashfree : await sim.store.accounts.cashfree.get(id)
  if (!account || !same(req.headers['x-client-secret'], account.clientSecret)) {
    return { status: 401, body: cfError('authentication Failed', 'request_failed', 'authentication_error') }
  }
  callers.set(req, account.clientId)
  const version = req.headers['x-api-version']
  if (typeof version !== 'string') return { status: 400, body: cfError('x-api-version : is missing in the request', 'request_failed') }
  if (!CASHFREE_VERSIONS.has(version) && version !== apiVersion)
    return { status: 400, body: cfError('x-api-version : invalid value provided', 'request_failed') }
  return null
}

/** Cashfree PG's REST API under /pg (PAYMENTS.md C.1–C.6, D.2). */
export async function cashfreeApi(app: FastifyInstance, { sim }: { sim: Sim }) {
  sim.log.attach(app)
  sim.faults.attach(app, (status) =>
    status === 429 ? cfError('Too many requests', 'request_failed', 'rate_limit_error') : cfError('Something went wrong', 'internal_error', 'api_error'),
  )
  app.addHook('preHandler', async (req, reply) => {
    const problem = await authProblem(sim, req)
    if (problem) return reply.code(problem.status).send(problem.body)
  })
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
    return reply.code(status).send(status === 500 ? cfError('Something went wrong', 'internal_error', 'api_error') : cfError(err.message, 'request_invalid'))
  })
  const unknown = (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send(cfError('api not found', 'request_failed'))
  app.setNotFoundHandler(unknown)
  app.get('/*', unknown) // else the web client's GET /* page route would answer

  const order = async (req: FastifyRequest, id: string, from: SimStore = sim.store): Promise<CfOrderRec | undefined> => {
    const o = await from.cashfree.orders.get(id)
    return ownsOrder(sim, req, o) ? o : undefined
  }
  const orderNotFound = { status: 404, body: cfError('order not found', 'order_not_found') }

  app.post('/orders', async (req, reply) =>
    idempotent(sim, req, reply, async (s) => {
      const checked = checkOrder(req.body)
      if (!checked.ok) return { status: 400, body: cfError(checked.message, checked.code) }
      const { orderId, expiresAt, ...rest } = checked.value
      const id = orderId ?? `order_${sim.ids.reference()}`
      const now = sim.now()
      const rec: CfOrderRec = {
        ...rest,
        cfOrderId: sim.ids.cashfree(),
        account: callers.get(req),
        orderId: id,
        status: 'ACTIVE',
        sessionId: sim.ids.session(),
        expiresAt: expiresAt ?? now + 30 * 60_000,
        createdAt: now,
      }
      if (!(await s.cashfree.orders.add(rec))) return { status: 409, body: cfError('order with same order_id already exists', 'order_already_exists') }
      return { status: 200, body: orderEntity(rec, now) }
    }),
  )

  app.get<WithOrder>('/orders/:orderId', async (req, reply) => {
    const o = await order(req, req.params.orderId)
    return o ? orderEntity(o, sim.now()) : reply.code(404).send(orderNotFound.body)
  })

  app.patch<WithOrder>('/orders/:orderId', async (req, reply) =>
    idempotent(sim, req, reply, async (s) => {
      const o = await order(req, req.params.orderId, s)
      if (!o) return orderNotFound
      const wanted = (req.body as { order_status?: unknown } | null)?.order_status
      if (wanted !== 'TERMINATED') return { status: 400, body: cfError('order_status : invalid value provided', 'order_status_invalid') }
      if (o.status !== 'ACTIVE') return { status: 400, body: cfError(`order is ${o.status.toLowerCase()} and cannot be terminated`, 'order_inactive') }
      o.status = 'TERMINATED'
      await s.cashfree.orders.put(o)
      return { status: 200, body: orderEntity(o, sim.now()) }
    }),
  )

  const paymentsOf = (orderId: string) => sim.store.cashfree.payments.find({ orderId })

  app.get<WithOrder>('/orders/:orderId/payments', async (req, reply) => {
    const o = await order(req, req.params.orderId)
    return o ? (await paymentsOf(o.orderId)).map((p) => paymentEntity(p, o)) : reply.code(404).send(orderNotFound.body)
  })

  app.get<{ Params: { orderId: string; paymentId: string } }>('/orders/:orderId/payments/:paymentId', async (req, reply) => {
    const o = await order(req, req.params.orderId)
    const p = o && (await paymentsOf(o.orderId)).find((x) => x.cfPaymentId === req.params.paymentId)
    return o && p ? paymentEntity(p, o) : reply.code(404).send(cfError('payment not found', 'payment_not_found'))
  })

  await app.register(refundRoutes, { sim })
  await app.register(cashfreeLinkRoutes, { sim })
}
