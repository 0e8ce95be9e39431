import type { StartUpiQrInput, UpiQrAnswer } from '../../../common/contracts/pos'
import { formatINR, toPaise, toRupees } from '../../../common/money'
import type { Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import { unguessableReference } from '../payments/providers/inputs'
import type { PaymentProviders } from '../payments/providers/registry'
import { PaymentProviderError, type WebhookEvent, type WebhookSite } from '../payments/providers/types'
import { providersFor } from '../payments/service'
import { findRegister } from './queries/registers'
import { openShiftOn } from './queries/shifts'
import { type QrRow, insertQr, findQr, lockQr, lockQrsByProviderIds, markQrExpired, markQrPaid, setQrsOrder } from './queries/upi-qrs'
import { NO_REGISTER } from './shifts'

/** How long a counter QR stays payable: long enough to find a phone and pay, short enough not to linger. */
export const UPI_QR_MINUTES = 15
const UNAVAILABLE = 'UPI QR payments are not available right now: use the plain UPI QR or another method'

function answer(row: QrRow, orderNumber: string | null, now = Date.now()): UpiQrAnswer {
  const expired = row.status === 'expired' || (row.status === 'pending' && row.closeBy.getTime() <= now)
  return {
    qr_id: row.providerQrId,
    image_url: row.imageUrl,
    amount: toRupees(row.amountPaise),
    expires_at: row.closeBy.toISOString(),
    status: row.status === 'paid' ? 'paid' : expired ? 'expired' : 'pending',
    payment_id: row.providerPaymentId,
    order_number: orderNumber,
  }
}

/**
 * A dynamic UPI QR for what is left to pay of the sale on the screen (docs/decisions/0027): Razorpay's QR Codes
 * API, single use, fixed amount, closing in 15 minutes. Needs an open shift; the website's own Razorpay keys when it
 * saved some. Paid when the `qr_code.credited` webhook arrives (`qrWebhook`), never on the screen's word.
 */
export async function startUpiQr(ctx: StaffWriteCtx, base: PaymentProviders, input: StartUpiQrInput): Promise<Result<UpiQrAnswer>> {
  const register = await findRegister(ctx.db, ctx.site.id, input.register_id)
  if (!register && input.register_id) return fail('not_found', NO_REGISTER)
  // not locked: a close need not wait for the provider's answer (the sale checks its shift again)
  const shift = register ? await openShiftOn(ctx.db, register.id) : null
  if (!shift) return fail('conflict', 'Open a shift on this register before taking payments')
  const providers = await providersFor(ctx.db, ctx.config, base, ctx.site.id)
  const razorpay = providers.enabled.includes('razorpay') ? providers.providerFor('razorpay') : null
  if (!razorpay?.createUpiQr) return fail('conflict', UNAVAILABLE)
  const amountPaise = toPaise(input.amount)
  const closeBy = new Date(Date.now() + UPI_QR_MINUTES * 60_000)
  let qr: Awaited<ReturnType<NonNullable<typeof razorpay.createUpiQr>>>
  try {
    qr = await razorpay.createUpiQr({
      websiteId: ctx.site.id,
      reference: unguessableReference(`pos-${ctx.site.id}-${shift.id}`),
      amountPaise,
      closeBy,
      name: ctx.site.name,
    })
  } catch (err) {
    if (err instanceof PaymentProviderError) return fail('conflict', UNAVAILABLE)
    throw err
  }
  if (qr.amountPaise !== amountPaise) return fail('conflict', UNAVAILABLE)
  const row = await staffWrite(ctx, { action: 'pos.upi_qr.start', entity: 'pos_upi_qr' }, async (tx) => {
    const made = await insertQr(tx, {
      websiteId: ctx.site.id,
      shiftId: shift.id,
      userId: ctx.user.id,
      provider: 'razorpay',
      account: providers.accountOf('razorpay'),
      providerQrId: qr.providerQrId,
      imageUrl: qr.imageUrl,
      amountPaise,
      closeBy: qr.closeBy ?? closeBy,
    })
    return { result: made, id: made.id, before: null, after: { qr_id: made.providerQrId, amount: input.amount } }
  })
  return ok(answer(row, null))
}

/** A pending QR is asked about at Razorpay once it is this old, and then at most this often (per process). */
export const REQUERY_AFTER_MS = 8_000
export const REQUERY_EVERY_MS = 6_000
/** by the provider's QR id (unique there) and when ours was made */
const lastAsked = new Map<string, number>()

const readQr = (ctx: RequestCtx, qrId: string) => findQr(ctx.db, ctx.site.id, qrId)

/**
 * The QR's state for the screen to poll. A QR still pending after a few seconds is re-queried at Razorpay (its
 * payments, `GET /v1/payments/qr_codes/{id}/payments`): a lost `qr_code.credited` webhook then still pays it, by the
 * same rule and under the same row lock as the webhook, so whichever comes first pays it and the other changes nothing.
 */
export async function getUpiQr(ctx: RequestCtx, base: PaymentProviders, qrId: string, now = Date.now()): Promise<Result<UpiQrAnswer>> {
  const row = await readQr(ctx, qrId)
  if (!row) return fail('not_found', 'No such UPI QR')
  const { qr } = row
  const key = `${qr.providerQrId}@${qr.createdAt.getTime()}`
  const due = qr.status === 'pending' && now - qr.createdAt.getTime() >= REQUERY_AFTER_MS && now - (lastAsked.get(key) ?? 0) >= REQUERY_EVERY_MS
  if (!due) return ok(answer(qr, row.orderNumber))
  lastAsked.set(key, now)
  if (lastAsked.size > 5_000) lastAsked.clear()
  const paid = await requery(ctx, base, qr)
  if (!paid) return ok(answer(qr, row.orderNumber))
  const fresh = (await readQr(ctx, qrId))!
  return ok(answer(fresh.qr, fresh.orderNumber))
}

/** Razorpay's payments of the QR: a captured one of the QR's amount in INR pays it. Provider trouble is not the screen's. */
async function requery(ctx: RequestCtx, base: PaymentProviders, qr: QrRow): Promise<boolean> {
  const providers = await providersFor(ctx.db, ctx.config, base, ctx.site.id)
  const razorpay = providers.enabled.includes('razorpay') ? providers.providerFor('razorpay') : null
  if (!razorpay?.fetchUpiQrPayments) return false
  let payments: Awaited<ReturnType<NonNullable<typeof razorpay.fetchUpiQrPayments>>>
  try {
    payments = await razorpay.fetchUpiQrPayments(qr.providerQrId)
  } catch (err) {
    if (err instanceof PaymentProviderError) return false
    throw err
  }
  const found = payments.find((p) => p.status === 'captured' && p.amountPaise === qr.amountPaise && p.currency === 'INR')
  if (!found) return false
  const outcome = await ctx.db.transaction((tx) =>
    markPaid(tx, qr.providerQrId, { providerPaymentId: found.providerPaymentId, amountPaise: found.amountPaise, currency: found.currency }, ctx.site.id),
  )
  return outcome === 'qr paid' || outcome === 'qr already paid'
}

/**
 * A QR's webhook (`qr_code.credited`, `qr_code.closed`), in the webhook's transaction after its event was stored
 * once: paid when the amount and currency are the QR's (the trust rule of PAYMENTS.md A), idempotent. A website named
 * in the webhook's address (`site`) finds only its own QRs.
 */
export async function qrWebhook(tx: Tx, event: WebhookEvent, site: WebhookSite): Promise<string> {
  if (!event.providerQrId) return 'incomplete'
  const row = await lockQr(tx, event.providerQrId, site)
  if (!row) return 'unknown qr'
  if (row.status === 'paid') return 'qr already paid'
  if (event.kind === 'qr.closed') {
    await markQrExpired(tx, row.id)
    return 'qr closed'
  }
  if (!event.providerPaymentId || event.amountPaise === undefined) return 'incomplete'
  return pay(tx, row, { providerPaymentId: event.providerPaymentId, amountPaise: event.amountPaise, currency: event.currency ?? '' })
}

interface QrCredit {
  providerPaymentId: string
  amountPaise: number
  currency: string
}

/** Paid when the amount and currency are the QR's (PAYMENTS.md A), on the row locked by the caller; once. */
async function pay(tx: Tx, row: QrRow, credit: QrCredit): Promise<string> {
  if (row.status === 'paid') return 'qr already paid'
  if (credit.amountPaise !== row.amountPaise || credit.currency !== 'INR') return 'qr amount mismatch'
  await markQrPaid(tx, row.id, { providerPaymentId: credit.providerPaymentId, paidPaise: credit.amountPaise })
  return 'qr paid'
}

/** The re-query's way in: the QR row locked as the webhook locks it, then the same rule. */
async function markPaid(tx: Tx, providerQrId: string, credit: QrCredit, websiteId: number): Promise<string> {
  const row = await lockQr(tx, providerQrId, websiteId)
  return row ? pay(tx, row, credit) : 'unknown qr'
}

export interface QrPayment {
  index: number
  qrId: string
  amountPaise: number
}

/**
 * The QRs a sale's UPI payments name, locked (rows taken after the shift, before the stock): each paid, of the
 * payment's amount, not used by another sale. Refused with the payment's field.
 */
export async function lockQrsForSale(tx: Tx, websiteId: number, wanted: QrPayment[]): Promise<Result<Map<string, QrRow>>> {
  if (wanted.length === 0) return ok(new Map())
  const ids = [...new Set(wanted.map((w) => w.qrId))].sort()
  const rows = await lockQrsByProviderIds(tx, websiteId, ids)
  const byId = new Map(rows.map((r) => [r.providerQrId, r]))
  const errors: Record<string, string> = {}
  const seen = new Set<string>()
  let used: string | null = null
  for (const w of wanted) {
    const field = `payments.${w.index}.qr_id`
    const row = byId.get(w.qrId)
    if (seen.has(w.qrId)) errors[field] = 'This UPI QR is already a payment of this sale'
    else if (!row) errors[field] = 'No such UPI QR'
    else if (row.orderId !== null) used = 'This UPI QR already paid another sale'
    else if (row.status !== 'paid') errors[field] = 'This UPI QR is not paid yet'
    else if (row.paidPaise !== w.amountPaise) errors[field] = `This UPI QR paid ${formatINR(row.paidPaise ?? 0)}, not ${formatINR(w.amountPaise)}`
    seen.add(w.qrId)
  }
  if (used) return fail('conflict', used, { payments: used })
  if (Object.keys(errors).length) return fail('invalid', Object.values(errors)[0], errors)
  return ok(byId)
}

/** The sale took these QRs: none can pay another. */
export const markQrsUsed = (tx: Tx, ids: number[], orderId: number) => setQrsOrder(tx, ids, orderId)
