import type { FastifyInstance } from 'fastify'
import type { Sim } from '../simulator'
import type { SimStore } from '../store'
import type { CfRefundRec } from '../state'
import { ownsOrder } from './accounts'
import { cfError, refundEntity } from './entities'
import { refundEvent } from './events'
import { idempotent } from './idempotency'
import { checkRefund } from './validate'

type WithOrder = { Params: { orderId: string } }
const SETTLE_MS = 50

/** /pg/orders/:id/refunds (C.6): Σ refunds ≤ the successful payment; PENDING at first, SUCCESS (and a webhook) shortly after. */
export async function refundRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const refundsOf = (orderId: string, from: SimStore = sim.store) => from.cashfree.refunds.find({ orderId })
  const orderNotFound = cfError('order not found', 'order_not_found')

  app.post<WithOrder>('/orders/:orderId/refunds', async (req, reply) =>
    idempotent(sim, req, reply, async (s) => {
      const found = await s.cashfree.orders.get(req.params.orderId)
      const order = ownsOrder(sim, req, found) ? found : undefined
      if (!order) return { status: 404, body: orderNotFound }
      const [paid] = await s.cashfree.payments.find({ orderId: order.orderId, status: 'SUCCESS' })
      if (order.status !== 'PAID' || !paid) return { status: 400, body: cfError('refund can be initiated only for a paid order', 'refund_invalid') }
      const refunded = (await refundsOf(order.orderId, s)).filter((r) => r.status !== 'CANCELLED').reduce((sum, r) => sum + r.amount, 0)
      const checked = checkRefund(req.body, paid.amount - refunded)
      if (!checked.ok) return { status: 400, body: cfError(checked.message, checked.code) }
      if (await s.cashfree.refunds.get(`${order.orderId}:${checked.value.refundId}`))
        return { status: 409, body: cfError('refund with this refund_id already exists', 'refund_already_exists') }
      const refund: CfRefundRec = {
        ...checked.value,
        cfRefundId: sim.ids.cashfree(),
        cfPaymentId: paid.cfPaymentId,
        orderId: order.orderId,
        currency: paid.currency,
        status: 'PENDING',
        createdAt: sim.now(),
        processedAt: null,
      }
      // the order written back (unchanged) so that two refunds at once cannot both fit what is left
      await s.cashfree.orders.put(order)
      await s.cashfree.refunds.add(refund)
      await s.later(SETTLE_MS, 'cf.refund_settle', { orderId: order.orderId, refundId: refund.refundId })
      return { status: 200, body: refundEntity(refund) }
    }),
  )

  app.get<WithOrder>('/orders/:orderId/refunds', async (req, reply) =>
    ownsOrder(sim, req, await sim.store.cashfree.orders.get(req.params.orderId))
      ? (await refundsOf(req.params.orderId)).map(refundEntity)
      : reply.code(404).send(orderNotFound),
  )

  app.get<{ Params: { orderId: string; refundId: string } }>('/orders/:orderId/refunds/:refundId', async (req, reply) => {
    const refund = await sim.store.cashfree.refunds.get(`${req.params.orderId}:${req.params.refundId}`)
    return refund && ownsOrder(sim, req, await sim.store.cashfree.orders.get(req.params.orderId))
      ? refundEntity(refund)
      : reply.code(404).send(cfError('refund not found', 'refund_not_found'))
  })
}

/** The `cf.refund_settle` task: a pending refund succeeds, and the webhook says so. */
export async function settleCashfreeRefund(sim: Sim, payload: Record<string, unknown>) {
  await sim.act(async (s) => {
    const refund = await s.cashfree.refunds.get(`${payload.orderId}:${payload.refundId}`)
    if (refund?.status !== 'PENDING') return // reset in the meantime
    refund.status = 'SUCCESS'
    refund.processedAt = sim.now()
    await s.cashfree.refunds.put(refund)
    await s.emitCashfree(await s.cashfree.orders.get(refund.orderId), [refundEvent(sim, refund)])
  })
}
