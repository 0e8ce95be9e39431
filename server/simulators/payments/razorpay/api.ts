import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import { authorised, callerOf, callers, ownsOrder } from './accounts'
import type { RzpOrderRec } from '../state'
import { collection, orderEntity, paymentEntity, rzpError } from './entities'
import { paymentRoutes } from './payment-routes'
import { paymentLinkRoutes } from './payment-links'
import { qrCodeRoutes } from './qr-codes'
import { badRequest, notFound } from './replies'
import { checkOrder } from './validate'

/** Razorpay's REST API under /v1 (PAYMENTS.md B.2–B.7, D.2). */
export async function razorpayApi(app: FastifyInstance, { sim }: { sim: Sim }) {
  sim.log.attach(app)
  sim.faults.attach(app, (status) =>
    rzpError(status, status >= 500 ? 'We are facing some trouble completing your request at the moment. Please try again shortly.' : 'Request failed'),
  )
  app.addHook('preHandler', async (req, reply) => {
    const account = await authorised(sim, req)
    if (!account) return reply.code(401).send(rzpError(401, 'The api key provided is invalid'))
    callers.set(req, account)
  })
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
    return reply.code(status).send(rzpError(status, status === 500 ? 'The server encountered an error.' : err.message))
  })
  const unknown = (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send(rzpError(404, 'The requested URL was not found on the server.'))
  app.setNotFoundHandler(unknown)
  app.get('/*', unknown) // else the web client's GET /* page route would answer

  const orders = sim.store.razorpay.orders
  const findOrder = async (req: FastifyRequest, id: string): Promise<RzpOrderRec | undefined> => {
    const order = await orders.get(id)
    return ownsOrder(sim, req, order) ? order : undefined
  }

  app.post('/orders', async (req, reply) => {
    const checked = checkOrder(req.body)
    if (!checked.ok) return badRequest(reply, checked.description, checked.field)
    const order: RzpOrderRec = {
      id: sim.ids.razorpay('order'),
      account: callerOf(sim, req).keyId,
      ...checked.value,
      status: 'created',
      attempts: 0,
      amountPaid: 0,
      createdAt: sim.now(),
    }
    await orders.add(order)
    return orderEntity(order)
  })

  app.get<{ Querystring: Record<string, string | undefined> }>('/orders', async (req) => {
    const { receipt, count = '10', skip = '0' } = req.query
    const all = (await orders.find()).filter((o) => ownsOrder(sim, req, o) && (receipt === undefined || o.receipt === receipt)).reverse()
    return collection(all.slice(Number(skip) || 0, (Number(skip) || 0) + Math.min(Number(count) || 10, 100)).map(orderEntity))
  })

  app.get<{ Params: { id: string } }>('/orders/:id', async (req, reply) => {
    const order = await findOrder(req, req.params.id)
    return order ? orderEntity(order) : notFound(reply)
  })

  app.get<{ Params: { id: string } }>('/orders/:id/payments', async (req, reply) => {
    if (!(await findOrder(req, req.params.id))) return notFound(reply)
    const payments = await sim.store.razorpay.payments.find({ orderId: req.params.id })
    return collection(payments.map(paymentEntity))
  })

  await app.register(qrCodeRoutes, { sim })
  await app.register(paymentLinkRoutes, { sim })
  await app.register(paymentRoutes, { sim })
}
