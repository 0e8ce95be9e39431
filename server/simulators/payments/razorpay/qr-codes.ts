import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unixSeconds } from '../format'
import type { Sim, SimWork } from '../simulator'
import type { RzpPaymentRec, RzpQrRec } from '../state'
import { callerOf, ownsOrder } from './accounts'
import { collection, paymentEntity, qrCodeEntity } from './entities'
import { badRequest, notFound } from './replies'
import { asBody, type Checked } from './validate'

type WithId = { Params: { id: string } }
type QrInput = Pick<RzpQrRec, 'name' | 'description' | 'usage' | 'fixedAmount' | 'paymentAmount' | 'customerId' | 'closeBy' | 'notes'>

const QR_FIELDS = ['type', 'name', 'usage', 'fixed_amount', 'payment_amount', 'description', 'customer_id', 'close_by', 'notes']
const fail = (description: string, field?: string) => ({ ok: false as const, description, field })

/**
 * Razorpay's checks on `POST /v1/payments/qr_codes` (QR Codes API): type upi_qr, usage single_use or multiple_use,
 * a fixed amount in paise (at least ₹1) when fixed_amount, close_by in unix seconds at least two minutes ahead.
 */
export function checkQr(value: unknown, nowMs: number): Checked<QrInput> {
  const body = asBody(value)
  if (!body) return fail('The request body must be a JSON object')
  const extra = Object.keys(body).filter((k) => !QR_FIELDS.includes(k))
  if (extra.length) return fail(`${extra.join(', ')} is/are not required and should not be sent`, extra[0])
  if (body.type !== 'upi_qr') return fail(body.type === undefined ? 'The type field is required.' : 'The selected type is invalid.', 'type')
  if (body.usage !== 'single_use' && body.usage !== 'multiple_use')
    return fail(body.usage === undefined ? 'The usage field is required.' : 'The selected usage is invalid.', 'usage')
  const fixedAmount = body.fixed_amount === true || body.fixed_amount === 1 || body.fixed_amount === '1' || body.fixed_amount === 'true'
  let paymentAmount: number | null = null
  if (fixedAmount) {
    if (body.payment_amount === undefined) return fail('The payment amount field is required when fixed amount is true.', 'payment_amount')
    const n = typeof body.payment_amount === 'string' && /^\d+$/.test(body.payment_amount) ? Number(body.payment_amount) : body.payment_amount
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return fail('The payment amount must be an integer.', 'payment_amount')
    if (n < 100) return fail('The payment amount must be at least INR 1.00', 'payment_amount')
    paymentAmount = n
  } else if (body.usage === 'single_use') return fail('fixed_amount should be true for single_use QR codes', 'fixed_amount')
  let closeBy: number | null = null
  if (body.close_by !== undefined) {
    if (typeof body.close_by !== 'number' || !Number.isSafeInteger(body.close_by)) return fail('The close by must be an integer.', 'close_by')
    if (body.close_by < unixSeconds(nowMs) + 120) return fail('close_by should be at least 2 minutes after current time', 'close_by')
    closeBy = body.close_by
  }
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null)
  const notes: Record<string, string> = {}
  const n = asBody(body.notes)
  if (n) {
    if (Object.keys(n).length > 15) return fail('Number of fields in notes should be less than or equal to 15', 'notes')
    for (const [k, v] of Object.entries(n)) notes[k] = String(v).slice(0, 256)
  }
  return {
    ok: true,
    value: {
      name: str(body.name, 100),
      description: str(body.description, 255),
      usage: body.usage,
      fixedAmount,
      paymentAmount,
      customerId: str(body.customer_id, 40),
      closeBy,
      notes,
    },
  }
}

/** A QR code past its close_by is closed, as Razorpay closes it (close_reason stays null: it expired). Written when the work writes it. */
function refresh(sim: Sim, qr: RzpQrRec) {
  if (qr.status === 'active' && qr.closeBy !== null && qr.closeBy * 1000 <= sim.now()) {
    qr.status = 'closed'
    qr.closedAt = qr.closeBy
  }
  return qr
}

/** `/v1/payments/qr_codes`: create, read, list its payments, close (the QR Codes API, type upi_qr). */
export async function qrCodeRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const own = async (req: FastifyRequest, id: string, from = sim.store) => {
    const qr = await from.razorpay.qrCodes.get(id)
    return qr && ownsOrder(sim, req, qr) ? refresh(sim, qr) : undefined
  }

  app.post('/payments/qr_codes', async (req, reply) => {
    const checked = checkQr(req.body, sim.now())
    if (!checked.ok) return badRequest(reply, checked.description, checked.field)
    const id = sim.ids.razorpay('qr')
    // the image Razorpay hosts (a short rzp.io link there): here the simulator draws it
    const origin = `${req.protocol}://${req.host}`
    const qr: RzpQrRec = {
      id,
      account: callerOf(sim, req).keyId,
      ...checked.value,
      status: 'active',
      closedAt: null,
      closeReason: null,
      amountReceived: 0,
      countReceived: 0,
      imageUrl: `${origin}/sim/razorpay/qr/${id}.svg`,
      createdAt: sim.now(),
    }
    await sim.store.razorpay.qrCodes.add(qr)
    return qrCodeEntity(qr)
  })

  app.get<WithId>('/payments/qr_codes/:id', async (req, reply) => {
    const qr = await own(req, req.params.id)
    return qr ? qrCodeEntity(qr) : notFound(reply)
  })

  app.get<WithId>('/payments/qr_codes/:id/payments', async (req, reply) => {
    if (!(await own(req, req.params.id))) return notFound(reply)
    return collection((await sim.store.razorpay.payments.find({ qrCodeId: req.params.id })).map(paymentEntity))
  })

  app.post<WithId>('/payments/qr_codes/:id/close', async (req, reply) =>
    sim.act(async (s) => {
      const qr = await own(req, req.params.id, s)
      if (!qr) return notFound(reply)
      if (qr.status === 'closed') return badRequest(reply, 'The QR code is already closed')
      qr.status = 'closed'
      qr.closedAt = unixSeconds(sim.now())
      qr.closeReason = 'on_demand'
      await s.razorpay.qrCodes.put(qr)
      await s.emitRazorpay(qr, [qrEvent(sim, 'qr_code.closed', qr)])
      return qrCodeEntity(qr)
    }),
  )
}

function qrEvent(sim: Sim, event: 'qr_code.credited' | 'qr_code.closed' | 'payment.captured', qr: RzpQrRec, payment?: RzpPaymentRec) {
  const payload: Record<string, { entity: unknown }> = {}
  if (payment) payload.payment = { entity: paymentEntity(payment) }
  if (event !== 'payment.captured') payload.qr_code = { entity: qrCodeEntity(qr) }
  const body = JSON.stringify({
    entity: 'event',
    account_id: `acc_${(qr.account ?? sim.accounts.razorpay.keyId).slice(-14)}`,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: unixSeconds(sim.now()),
  })
  return { type: event, body }
}

export type QrPayResult = { kind: 'paid'; paymentId: string } | { kind: 'refused'; description: string }

/**
 * The shopper scans and pays (`POST /__sim/pay` with the qr_… id): a captured UPI payment, then the webhooks
 * `payment.captured` and `qr_code.credited` (and a single-use QR closes, `close_reason: paid`).
 */
export async function payQr(sim: Sim, s: SimWork, qr: RzpQrRec, o: { amountOverride?: number } = {}): Promise<QrPayResult> {
  refresh(sim, qr)
  if (qr.status === 'closed') return { kind: 'refused', description: 'This QR code is closed' }
  const amount = o.amountOverride ?? qr.paymentAmount ?? 100
  const payment: RzpPaymentRec = {
    id: sim.ids.razorpay('pay'),
    orderId: '',
    qrCodeId: qr.id,
    amount,
    currency: 'INR',
    status: 'captured',
    amountRefunded: 0,
    error: null,
    createdAt: sim.now(),
  }
  qr.amountReceived += amount
  qr.countReceived += 1
  if (qr.usage === 'single_use') {
    qr.status = 'closed'
    qr.closedAt = unixSeconds(sim.now())
    qr.closeReason = 'paid'
  }
  // the QR code first: two payments of a single-use code at once cannot both be taken
  await s.razorpay.qrCodes.put(qr)
  await s.razorpay.payments.add(payment)
  await s.emitRazorpay(qr, [qrEvent(sim, 'payment.captured', qr, payment), qrEvent(sim, 'qr_code.credited', qr, payment)])
  return { kind: 'paid', paymentId: payment.id }
}

/** What the simulator's QR image shows: not a scannable code, a labelled stand-in with the amount and the id. */
export function qrImage(qr: RzpQrRec): string {
  let seed = [...qr.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
  const cells: string[] = []
  for (let y = 0; y < 25; y++)
    for (let x = 0; x < 25; x++) {
      const finder = (x < 7 && y < 7) || (x > 17 && y < 7) || (x < 7 && y > 17)
      seed = (seed * 1103515245 + 12345) >>> 0
      const on = finder ? x % 6 === 0 || y % 6 === 0 || (x % 6 >= 2 && x % 6 <= 4 && y % 6 >= 2 && y % 6 <= 4) : (seed >>> 16) % 2 === 0
      if (on) cells.push(`<rect x="${x * 8 + 20}" y="${y * 8 + 20}" width="8" height="8"/>`)
    }
  const amount = qr.paymentAmount === null ? '' : `₹${(qr.paymentAmount / 100).toFixed(2)}`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 290" width="240" height="290" role="img" aria-label="Simulated UPI QR ${amount}">
<rect width="240" height="290" fill="#fff"/><g fill="#111">${cells.join('')}</g>
<text x="120" y="245" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#111">${amount}</text>
<text x="120" y="268" font-family="monospace" font-size="10" text-anchor="middle" fill="#555">${qr.id} (simulated)</text>
</svg>`
}
