import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import type { RzpRefundRec } from '../state'
import type { SimStore } from '../store'
import { ownsOrder } from './accounts'
import { collection, paymentEntity, refundEntity } from './entities'
import { razorpayEvent } from './events'
import { badRequest, notFound } from './replies'
import { captureRazorpay } from './settle'
import { checkCapture, checkRefund } from './validate'

type WithId = { Params: { id: string } }

/** /v1/payments and /v1/refunds: read, capture, refund with Σ refunds ≤ captured (B.5, B.7). */
export async function paymentRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  // A payment (and its refunds) is the caller's when its order is.
  // The payment's owner: its QR code, link or order (read through `from`, a transaction's records when changing it).
  const ownerOf = async (from: SimStore, p: { qrCodeId?: string; linkId?: string; orderId: string }) =>
    p.qrCodeId ? from.razorpay.qrCodes.get(p.qrCodeId) : p.linkId ? from.razorpay.links.get(p.linkId) : from.razorpay.orders.get(p.orderId)
  const payment = async (req: FastifyRequest, id: string, from: SimStore = sim.store) => {
    const p = await from.razorpay.payments.get(id)
    return p && ownsOrder(sim, req, await ownerOf(from, p)) ? p : undefined
  }

  app.get<WithId>('/payments/:id', async (req, reply) => {
    const p = await payment(req, req.params.id)
    return p ? paymentEntity(p) : notFound(reply)
  })

  app.post<WithId>('/payments/:id/capture', async (req, reply) =>
    sim.act(async (s) => {
      const p = await payment(req, req.params.id, s)
      const order = p && (await s.razorpay.orders.get(p.orderId))
      if (!p || !order) return notFound(reply)
      if (p.status !== 'authorized')
        return badRequest(
          reply,
          p.status === 'captured' ? 'This payment has already been captured' : 'Only payments which have been authorized and not yet captured can be captured',
        )
      const checked = checkCapture(req.body, p.amount)
      if (!checked.ok) return badRequest(reply, checked.description, checked.field)
      await captureRazorpay(sim, s, order, p)
      return paymentEntity(p)
    }),
  )

  // The payment is written back before the refund is added: two refunds at once cannot both fit what is left.
  app.post<WithId>('/payments/:id/refund', async (req, reply) =>
    sim.act(async (s) => {
      const p = await payment(req, req.params.id, s)
      if (!p) return notFound(reply)
      if (p.status !== 'captured' && p.status !== 'refunded') return badRequest(reply, 'The payment has not been captured, so it cannot be refunded')
      const checked = checkRefund(req.body, p.amount - p.amountRefunded)
      if (!checked.ok) return badRequest(reply, checked.description, checked.field)
      const refund: RzpRefundRec = { id: sim.ids.razorpay('rfnd'), paymentId: p.id, currency: p.currency, ...checked.value, createdAt: sim.now() }
      p.amountRefunded += refund.amount
      if (p.amountRefunded >= p.amount) p.status = 'refunded'
      await s.razorpay.payments.put(p)
      await s.razorpay.refunds.add(refund)
      const owner = await ownerOf(s, p)
      await s.emitRazorpay(owner, [razorpayEvent(sim, owner, 'refund.created', p, { refund }), razorpayEvent(sim, owner, 'refund.processed', p, { refund })])
      return refundEntity(refund)
    }),
  )

  app.get<WithId>('/payments/:id/refunds', async (req, reply) => {
    if (!(await payment(req, req.params.id))) return notFound(reply)
    return collection((await sim.store.razorpay.refunds.find({ paymentId: req.params.id })).reverse().map(refundEntity))
  })

  app.get<{ Params: { id: string; refundId: string } }>('/payments/:id/refunds/:refundId', async (req, reply) => {
    const r = await sim.store.razorpay.refunds.get(req.params.refundId)
    return r && r.paymentId === req.params.id && (await payment(req, r.paymentId)) ? refundEntity(r) : notFound(reply)
  })

  app.get<WithId>('/refunds/:id', async (req, reply) => {
    const r = await sim.store.razorpay.refunds.get(req.params.id)
    return r && (await payment(req, r.paymentId)) ? refundEntity(r) : notFound(reply)
  })
}
