import type { FastifyInstance } from 'fastify'
import type { Sim } from '../simulator'
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
  const refundsOf = (orderId: string) => [...sim.state.cashfree.refunds.values()].filter((r) => r.orderId === orderId)
  const orderNotFound = cfError('order not found', 'order_not_found')

  app.post<WithOrder>('/orders/:orderId/refunds', async (req, reply) =>
    idempotent(sim, req, reply, () => {
      const found = sim.state.cashfree.orders.get(req.params.orderId)
      const order = ownsOrder(sim, req, found) ? found : undefined
      if (!order) return { status: 404, body: orderNotFound }
      const paid = [...sim.state.cashfree.payments.values()].find((p) => p.orderId === order.orderId && p.status === 'SUCCESS')
      if (order.status !== 'PAID' || !paid) return { status: 400, body: cfError('refund can be initiated only for a paid order', 'refund_invalid') }
      const refunded = refundsOf(order.orderId)
        .filter((r) => r.status !== 'CANCELLED')
        .reduce((sum, r) => sum + r.amount, 0)
      const checked = checkRefund(req.body, paid.amount - refunded)
      if (!checked.ok) return { status: 400, body: cfError(checked.message, checked.code) }
      const key = `${order.orderId}:${checked.value.refundId}`
      if (sim.state.cashfree.refunds.has(key)) return { status: 409, body: cfError('refund with this refund_id already exists', 'refund_already_exists') }
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
      sim.state.cashfree.refunds.set(key, refund)
      sim.timers.later(SETTLE_MS, () => {
        refund.status = 'SUCCESS'
        refund.processedAt = sim.now()
        sim.emitCashfree(order, [refundEvent(sim, refund)])
      })
      return { status: 200, body: refundEntity(refund) }
    }),
  )

  app.get<WithOrder>('/orders/:orderId/refunds', async (req, reply) =>
    ownsOrder(sim, req, sim.state.cashfree.orders.get(req.params.orderId))
      ? refundsOf(req.params.orderId).map(refundEntity)
      : reply.code(404).send(orderNotFound),
  )

  app.get<{ Params: { orderId: string; refundId: string } }>('/orders/:orderId/refunds/:refundId', async (req, reply) => {
    const refund = sim.state.cashfree.refunds.get(`${req.params.orderId}:${req.params.refundId}`)
    return refund && ownsOrder(sim, req, sim.state.cashfree.orders.get(req.params.orderId))
      ? refundEntity(refund)
      : reply.code(404).send(cfError('refund not found', 'refund_not_found'))
  })
}
