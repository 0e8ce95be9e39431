import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import type { RzpRefundRec } from '../state'
import { callerOf, ownsOrder } from './accounts'
import { collection, paymentEntity, refundEntity } from './entities'
import { razorpayEvent } from './events'
import { badRequest, notFound } from './replies'
import { captureRazorpay } from './settle'
import { checkCapture, checkRefund } from './validate'

type WithId = { Params: { id: string } }

/** /v1/payments and /v1/refunds: read, capture, refund with Σ refunds ≤ captured (B.5, B.7). */
export async function paymentRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  // A payment (and its refunds) is the caller's when its order is.
  const payment = (req: FastifyRequest, id: string) => {
    const p = sim.state.razorpay.payments.get(id)
    if (p?.qrCodeId) {
      const qr = sim.state.razorpay.qrCodes.get(p.qrCodeId)
      return qr && (qr.account ?? sim.accounts.razorpay.keyId) === callerOf(sim, req).keyId ? p : undefined
    }
    if (p?.linkId) {
      const link = sim.state.razorpay.links.get(p.linkId)
      return link && (link.account ?? sim.accounts.razorpay.keyId) === callerOf(sim, req).keyId ? p : undefined
    }
    return p && ownsOrder(sim, req, sim.state.razorpay.orders.get(p.orderId)) ? p : undefined
  }
  const refundsOf = (paymentId: string) => [...sim.state.razorpay.refunds.values()].filter((r) => r.paymentId === paymentId)

  app.get<WithId>('/payments/:id', async (req, reply) => {
    const p = payment(req, req.params.id)
    return p ? paymentEntity(p) : notFound(reply)
  })

  app.post<WithId>('/payments/:id/capture', async (req, reply) => {
    const p = payment(req, req.params.id)
    const order = p && sim.state.razorpay.orders.get(p.orderId)
    if (!p || !order) return notFound(reply)
    if (p.status !== 'authorized')
      return badRequest(
        reply,
        p.status === 'captured' ? 'This payment has already been captured' : 'Only payments which have been authorized and not yet captured can be captured',
      )
    const checked = checkCapture(req.body, p.amount)
    if (!checked.ok) return badRequest(reply, checked.description, checked.field)
    captureRazorpay(sim, order, p)
    return paymentEntity(p)
  })

  app.post<WithId>('/payments/:id/refund', async (req, reply) => {
    const p = payment(req, req.params.id)
    if (!p) return notFound(reply)
    if (p.status !== 'captured' && p.status !== 'refunded') return badRequest(reply, 'The payment has not been captured, so it cannot be refunded')
    const checked = checkRefund(req.body, p.amount - p.amountRefunded)
    if (!checked.ok) return badRequest(reply, checked.description, checked.field)
    const refund: RzpRefundRec = { id: sim.ids.razorpay('rfnd'), paymentId: p.id, currency: p.currency, ...checked.value, createdAt: sim.now() }
    sim.state.razorpay.refunds.set(refund.id, refund)
    p.amountRefunded += refund.amount
    if (p.amountRefunded >= p.amount) p.status = 'refunded'
    sim.emitRazorpay(sim.state.razorpay.orders.get(p.orderId), [
      razorpayEvent(sim, 'refund.created', p, { refund }),
      razorpayEvent(sim, 'refund.processed', p, { refund }),
    ])
    return refundEntity(refund)
  })

  app.get<WithId>('/payments/:id/refunds', async (req, reply) => {
    if (!payment(req, req.params.id)) return notFound(reply)
    return collection(refundsOf(req.params.id).reverse().map(refundEntity))
  })

  app.get<{ Params: { id: string; refundId: string } }>('/payments/:id/refunds/:refundId', async (req, reply) => {
    const r = sim.state.razorpay.refunds.get(req.params.refundId)
    return r && r.paymentId === req.params.id && payment(req, r.paymentId) ? refundEntity(r) : notFound(reply)
  })

  app.get<WithId>('/refunds/:id', async (req, reply) => {
    const r = sim.state.razorpay.refunds.get(req.params.id)
    return r && payment(req, r.paymentId) ? refundEntity(r) : notFound(reply)
  })
}
