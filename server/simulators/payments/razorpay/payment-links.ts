import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unixSeconds } from '../format'
import type { Sim, SimWork } from '../simulator'
import type { RzpLinkRec, RzpPaymentRec } from '../state'
import { callerOf, ownsOrder } from './accounts'
import { paymentEntity } from './entities'
import { badRequest, notFound } from './replies'
import { asBody } from './validate'

type WithId = { Params: { id: string } }
const FIELDS = [
  'amount',
  'currency',
  'accept_partial',
  'first_min_partial_amount',
  'expire_by',
  'reference_id',
  'description',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'upi_link',
]

/** Razorpay's Payment Link entity. */
export const linkEntity = (l: RzpLinkRec) => ({
  id: l.id,
  entity: 'payment_link',
  amount: l.amount,
  amount_paid: l.amountPaid,
  currency: l.currency,
  accept_partial: false,
  first_min_partial_amount: 0,
  reference_id: l.referenceId ?? '',
  description: l.description ?? '',
  customer: l.customer,
  notify: l.notify,
  reminder_enable: false,
  notes: l.notes,
  callback_url: l.callbackUrl ?? '',
  callback_method: l.callbackUrl ? 'get' : '',
  expire_by: l.expireBy,
  expired_at: l.status === 'expired' ? l.expireBy : 0,
  cancelled_at: 0,
  status: l.status,
  // as Razorpay lists them: the payment's id, its link, amount, state and method (fetch the payment for the rest)
  payments: l.paymentIds.length
    ? l.paymentIds.map((id) => {
        const made = l.paymentsMade?.find((p) => p.id === id)
        return {
          payment_id: id,
          plink_id: l.id,
          ...(made ? { amount: made.amount, status: made.status, method: 'upi', created_at: made.at, updated_at: made.at } : {}),
        }
      })
    : null,
  short_url: l.shortUrl,
  upi_link: false,
  user_id: '',
  created_at: unixSeconds(l.createdAt),
  updated_at: unixSeconds(l.createdAt),
})

/** A link past its expire_by is expired, as Razorpay expires it (and says so with payment_link.expired). */
export async function refresh(sim: Sim, s: SimWork, l: RzpLinkRec) {
  if (l.status === 'created' && l.expireBy > 0 && l.expireBy * 1000 <= sim.now()) {
    l.status = 'expired'
    await s.razorpay.links.put(l)
    await s.emitRazorpay(l, [linkEvent(sim, 'payment_link.expired', l)])
  }
  return l
}

function linkEvent(
  sim: Sim,
  event: 'payment_link.paid' | 'payment_link.expired' | 'payment_link.cancelled' | 'payment.captured',
  l: RzpLinkRec,
  payment?: RzpPaymentRec,
) {
  const payload: Record<string, { entity: unknown }> = {}
  if (event !== 'payment.captured') payload.payment_link = { entity: linkEntity(l) }
  if (payment) payload.payment = { entity: paymentEntity(payment) }
  const body = JSON.stringify({
    entity: 'event',
    account_id: `acc_${(l.account ?? sim.accounts.razorpay.keyId).slice(-14)}`,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: unixSeconds(sim.now()),
  })
  return { type: event, body }
}

/** `/v1/payment_links`: create, read (one, or by reference_id), cancel (the Payment Links API, standard links). */
export async function paymentLinkRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const links = sim.store.razorpay.links
  // the caller's link, expired first if its time is up (a write: inside the work's transaction)
  const own = async (s: SimWork, req: FastifyRequest, id: string) => {
    const l = await s.razorpay.links.get(id)
    return l && ownsOrder(sim, req, l) ? refresh(sim, s, l) : undefined
  }

  app.post('/payment_links', async (req, reply) => {
    const body = asBody(req.body)
    if (!body) return badRequest(reply, 'The request body must be a JSON object')
    const extra = Object.keys(body).filter((k) => !FIELDS.includes(k))
    if (extra.length) return badRequest(reply, `${extra.join(', ')} is/are not required and should not be sent`, extra[0])
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount)) return badRequest(reply, 'The amount must be an integer.', 'amount')
    if (body.amount < 100) return badRequest(reply, 'The amount must be atleast INR 1.00', 'amount')
    if (body.currency !== undefined && body.currency !== 'INR') return badRequest(reply, 'The selected currency is invalid.', 'currency')
    if (body.accept_partial === true) return badRequest(reply, 'Partial payments are not simulated', 'accept_partial')
    const expireBy = body.expire_by === undefined ? 0 : body.expire_by
    if (typeof expireBy !== 'number' || !Number.isSafeInteger(expireBy)) return badRequest(reply, 'The expire by must be an integer.', 'expire_by')
    if (expireBy !== 0 && expireBy < unixSeconds(sim.now()) + 15 * 60)
      return badRequest(reply, 'expire_by should be at least 15 minutes after current time', 'expire_by')
    const referenceId = typeof body.reference_id === 'string' ? body.reference_id : null
    if (referenceId !== null && referenceId.length > 40) return badRequest(reply, 'The reference id may not be greater than 40 characters.', 'reference_id')
    const keyId = callerOf(sim, req).keyId
    if (referenceId && (await links.find({ referenceId })).some((l) => (l.account ?? sim.accounts.razorpay.keyId) === keyId && l.status !== 'cancelled'))
      return badRequest(reply, `Payment Link with reference id ${referenceId} already exists`, 'reference_id')
    const customer = asBody(body.customer) ?? {}
    const notify = asBody(body.notify) ?? {}
    const notes: Record<string, string> = {}
    for (const [k, v] of Object.entries(asBody(body.notes) ?? {})) notes[k] = String(v).slice(0, 256)
    const id = sim.ids.razorpay('plink')
    const origin = `${req.protocol}://${req.host}`
    const link: RzpLinkRec = {
      id,
      account: keyId,
      amount: body.amount,
      currency: 'INR',
      referenceId,
      description: typeof body.description === 'string' ? body.description.slice(0, 2048) : null,
      customer: {
        ...(typeof customer.name === 'string' ? { name: customer.name } : {}),
        ...(typeof customer.contact === 'string' ? { contact: customer.contact } : {}),
        ...(typeof customer.email === 'string' ? { email: customer.email } : {}),
      },
      notify: { sms: notify.sms === true, email: notify.email === true },
      expireBy,
      notes,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      status: 'created',
      amountPaid: 0,
      paymentIds: [],
      // Razorpay hands out an rzp.io short link; here the simulator's hosted link page
      shortUrl: `${origin}/sim/razorpay/link/${id}`,
      createdAt: sim.now(),
    }
    await links.add(link)
    return linkEntity(link)
  })

  app.get<{ Querystring: { reference_id?: string } }>('/payment_links', async (req) =>
    sim.act(async (s) => {
      const match = req.query.reference_id ? { referenceId: req.query.reference_id } : {}
      const found = (await s.razorpay.links.find(match)).filter((l) => ownsOrder(sim, req, l))
      const links: RzpLinkRec[] = []
      for (const l of found) links.push(await refresh(sim, s, l))
      return { payment_links: links.map(linkEntity) }
    }),
  )

  app.get<WithId>('/payment_links/:id', async (req, reply) => {
    const l = await sim.act((s) => own(s, req, req.params.id))
    return l ? linkEntity(l) : notFound(reply)
  })

  app.post<WithId>('/payment_links/:id/cancel', async (req, reply) =>
    sim.act(async (s) => {
      const l = await own(s, req, req.params.id)
      if (!l) return notFound(reply)
      if (l.status !== 'created') return badRequest(reply, `Payment link cannot be cancelled in ${l.status} state`)
      l.status = 'cancelled'
      await s.razorpay.links.put(l)
      await s.emitRazorpay(l, [linkEvent(sim, 'payment_link.cancelled', l)])
      return linkEntity(l)
    }),
  )
}

export type LinkPayResult =
  | { kind: 'paid'; paymentId: string; redirect: string | null }
  | { kind: 'failed'; paymentId: string }
  | { kind: 'refused'; description: string }

/**
 * The customer opens the link and pays (the hosted page, or `POST /__sim/pay` with the plink_… id): a captured
 * payment, then `payment.captured` and `payment_link.paid`; a failed attempt leaves the link open. `late` pays a
 * link that already expired (a bank confirming late): the money is taken all the same.
 */
export async function payLink(
  sim: Sim,
  s: SimWork,
  l: RzpLinkRec,
  o: { outcome: 'success' | 'failed'; amountOverride?: number; late?: boolean },
): Promise<LinkPayResult> {
  if (!o.late) await refresh(sim, s, l)
  if (l.status === 'paid') return { kind: 'refused', description: 'This payment link is already paid' }
  if (l.status !== 'created' && !o.late) return { kind: 'refused', description: `This payment link is ${l.status}` }
  const payment: RzpPaymentRec = {
    id: sim.ids.razorpay('pay'),
    orderId: '',
    linkId: l.id,
    amount: o.amountOverride ?? l.amount,
    currency: 'INR',
    status: o.outcome === 'success' ? 'captured' : 'failed',
    amountRefunded: 0,
    error:
      o.outcome === 'success'
        ? null
        : { code: 'BAD_REQUEST_ERROR', description: 'Payment failed (simulated)', source: 'customer', step: 'payment_authorization', reason: 'payment_failed' },
    createdAt: sim.now(),
  }
  l.paymentIds.push(payment.id)
  l.paymentsMade = [...(l.paymentsMade ?? []), { id: payment.id, amount: payment.amount, status: payment.status, at: unixSeconds(payment.createdAt) }]
  if (o.outcome === 'success') {
    l.status = 'paid'
    l.amountPaid = payment.amount
  }
  // the link first: a payment and an expiry (or a second payment) at once cannot both win
  await s.razorpay.links.put(l)
  await s.razorpay.payments.add(payment)
  if (o.outcome === 'failed') return { kind: 'failed', paymentId: payment.id }
  await s.emitRazorpay(l, [linkEvent(sim, 'payment.captured', l, payment), linkEvent(sim, 'payment_link.paid', l, payment)])
  const redirect = l.callbackUrl
    ? `${l.callbackUrl}${l.callbackUrl.includes('?') ? '&' : '?'}razorpay_payment_link_id=${l.id}&razorpay_payment_link_status=paid`
    : null
  return { kind: 'paid', paymentId: payment.id, redirect }
}
