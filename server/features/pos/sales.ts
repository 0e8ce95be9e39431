import { createHash } from 'node:crypto'
import { buyerOf } from '../../../common/contracts/buyer'
import type { SaleAnswer, SaleInput } from '../../../common/contracts/pos'
import { toPaise, toRupees } from '../../../common/money'
import type { AddressSnapshot } from '../../db/schema/orders'
import { orRefusal, refuse, valueOrRefuse } from '../../platform/refusal'
import { fail, ok, type Result } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as accounts from '../accounts/service'
import * as coupons from '../coupons/service'
import * as khata from '../khata/service'
import * as orders from '../orders/service'
import * as stock from '../stock/service'
import { khataConsentNeeded } from './khata-consent'
import { applyCoupon, netTotal, type Priced, priceLines, type SaleCoupon, sumOf } from './price-sale'
import { findRegister, type RegisterRow } from './queries/registers'
import * as q from './queries/sales'
import { lockOpenShift, type ShiftRow } from './queries/shifts'
import type { QrRow } from './queries/upi-qrs'
import { NO_REGISTER } from './shifts'
import { changeOf, orderMethod, splitPayments, type Tender } from './tenders'
import * as upiQr from './upi-qr'

const KEY_REUSED = 'This client_id was already used for a different sale'
const NO_SHIFT = 'Open a shift on this register before selling'

type Step = (s: SaleState) => Promise<void>
type Sold = Extract<Awaited<ReturnType<typeof stock.sellAtCounter>>, { ok: true }>

/** What the steps of one sale know, filled in as they run. */
interface SaleState {
  ctx: StaffWriteCtx
  input: SaleInput
  /** the fingerprint of the request, kept with the sale: a retry must send the same */
  request: string
  /** the client id's row, claimed by this request */
  claim: q.SaleRow
  offline: boolean
  register: RegisterRow
  shift: ShiftRow
  lines: Priced[]
  /** the cashier's discounts (lines and order), before the coupon */
  discountPaise: number
  coupon: SaleCoupon | null
  tenders: Tender[]
  /** the dynamic UPI QRs that paid, by the provider's id */
  qrs: Map<string, QrRow>
  sold: Sold
  customer: { id: number; name: string } | null
  redemptionId: number | null
  /** why an offline sale's coupon was given without being counted */
  couponNote: string | null
  soldAt: Date
  order: { id: number; orderNumber: string }
  itemIds: number[]
  /** the part put on the customer's khata, when any */
  khata: khata.Charged | null
  answer: SaleAnswer
}

/**
 * A sale at the counter as named steps (STYLE rule 10, as checkout's place-order.ts), in the staff call's one
 * transaction (docs/decisions/0024-point-of-sale.md): any refusal rolls everything back. Rows are taken in one
 * order: the client id's row, the shift (shared), the QRs, the stock rows, the coupon, the order counter — the stock
 * rows before the coupon and the counter as checkout takes them, so a sale and a checkout never wait on each other
 * in a cycle. Where the work is checkout's, so are the modules: the coupon's rules and its use under its lock
 * (coupons), the stock ledger (stock), the order with its invoice number (orders, invoices).
 */
const STEPS: [string, Step][] = [
  ["take the register's open shift", takeShift],
  ["price the lines with the cashier's discounts", priceSale],
  ['apply the coupon', applySaleCoupon],
  ['split the payments', splitTenders],
  ['a new customer agreed to a khata', khataConsent],
  ['lock the UPI QRs that paid', lockQrs],
  ['sell the stock at the counter', sellStock],
  ['find or make the customer', findCustomer],
  ['redeem the coupon', redeemCoupon],
  ['create the counter order and its invoice', createOrder],
  ["put the credit on the customer's khata", chargeKhata],
  ['note the order on its stock rows and QRs', noteOrder],
  ['record the sale, its payments and lines', recordSale],
]

/** `placed` is told once a new sale has been recorded (not for a replay): metrics. */
export async function createSale(ctx: StaffWriteCtx, input: SaleInput, placed = () => {}): Promise<Result<SaleAnswer>> {
  const request = fingerprint(input)
  // The claim: a second request with this id waits here until the first commits (then finds it) or rolls back.
  const claim = await q.claimClientId(ctx.db, ctx.site.id, input.client_id.toLowerCase(), request)
  if (!claim) return replay(ctx, input, request)
  // the rest is filled in by the steps, each from what the ones before it found
  const s = { ctx, input, request, claim, offline: input.offline === true, redemptionId: null, couponNote: null, khata: null } as SaleState
  const result = await orRefusal(async () => {
    for (const [, step] of STEPS) await step(s)
    return s.answer
  })
  if (result.ok) placed()
  return result
}

/** What makes two sales with one client id the same sale: the body without its id, spelt one way. */
function fingerprint(input: SaleInput): string {
  const canonical = [
    input.lines.map((l) => [l.pack_id, l.quantity, toPaise(l.discount ?? 0)]),
    input.payments.map((p) => [p.method, toPaise(p.amount), p.reference?.trim() || null, ...(p.qr_id ? [p.qr_id] : [])]),
    toPaise(input.discount ?? 0),
    input.customer_phone ?? null,
    input.offline ?? false,
    input.sold_at ? new Date(input.sold_at).getTime() : null,
    ...(input.coupon_code ? [input.coupon_code.trim().toUpperCase()] : []),
    ...(input.register_id ? [`register:${input.register_id}`] : []),
    ...(input.khata_override_reason ? [`override:${input.khata_override_reason.trim()}`] : []),
    // a B2B sale is another sale than the same basket without the GSTIN (older fingerprints stay as they were)
    ...(buyerOf(input) ? [`buyer:${input.buyer_gstin}|${input.buyer_name}`] : []),
  ]
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

/** The same client id again: the first sale's answer when the body is the same, else 422 (as checkout's keys). */
async function replay(ctx: StaffWriteCtx, input: SaleInput, request: string): Promise<Result<SaleAnswer>> {
  const first = await q.findSaleByClientId(ctx.db, ctx.site.id, input.client_id.toLowerCase())
  if (!first?.orderId) return fail('conflict', 'This sale is being recorded: please try again')
  if (first.requestHash !== request) return fail('invalid', KEY_REUSED, { client_id: KEY_REUSED })
  const order = (await orders.findOrderById(ctx.db, first.orderId))!
  const answer: SaleAnswer = { order_number: order.orderNumber, total: toRupees(order.totalPaise), change_due: toRupees(first.changePaise) }
  // a replay changes nothing; it is still audited (who sent it again, when)
  return ok(await staffWrite(ctx, { action: 'pos.sale.replay', entity: 'order' }, async () => ({ result: answer, id: order.id, before: null, after: answer })))
}

async function takeShift(s: SaleState) {
  const register = await findRegister(s.ctx.db, s.ctx.site.id, s.input.register_id)
  if (!register && s.input.register_id) refuse('not_found', NO_REGISTER)
  const shift = register ? await lockOpenShift(s.ctx.db, register.id) : null
  if (!register || !shift) return refuse('conflict', NO_SHIFT)
  s.register = register
  s.shift = shift
}

async function priceSale(s: SaleState) {
  s.lines = valueOrRefuse(await priceLines(s.ctx, s.input))
  s.discountPaise = sumOf(s.lines, (l) => l.grossPaise - l.netPaise)
}

async function applySaleCoupon(s: SaleState) {
  s.coupon = s.input.coupon_code ? valueOrRefuse(await applyCoupon(s.ctx, s.input, s.lines)) : null
}

/** Cash, UPI and card in any mix that covers the total; the change comes out of the cash. */
async function splitTenders(s: SaleState) {
  s.tenders = valueOrRefuse(splitPayments(s.input, netTotal(s.lines)))
}

/** "On khata" for a number that is not a customer of this website: refused until they gave their consent code. */
async function khataConsent(s: SaleState) {
  const phone = s.input.customer_phone
  if (!phone || !s.tenders.some((p) => p.method === 'khata' && p.amountPaise > 0)) return
  valueOrRefuse(await khataConsentNeeded(s.ctx.db, s.ctx.site.id, phone))
}

/** UPI paid by a dynamic QR: locked after the shift, before the stock; each QR pays one sale only. */
async function lockQrs(s: SaleState) {
  const wanted = s.tenders.flatMap((p, index) => (p.qrId ? [{ index, qrId: p.qrId, amountPaise: p.amountPaise }] : []))
  s.qrs = valueOrRefuse(await upiQr.lockQrsForSale(s.ctx.db, s.ctx.site.id, wanted))
  for (const p of s.tenders) if (p.qrId) p.reference ??= s.qrs.get(p.qrId)?.providerPaymentId ?? null
}

/** From the register's warehouse; an offline sale already handed the goods over, so it sells what the shelf lacks too. */
async function sellStock(s: SaleState) {
  const sold = await stock.sellAtCounter(
    s.ctx.db,
    { websiteId: s.ctx.site.id, userId: s.ctx.user.id },
    s.lines.map((l) => ({ packId: l.packId, warehouseId: s.register.warehouseId, quantity: l.quantity })),
    s.offline,
  )
  if (!sold.ok) {
    const l = s.lines[sold.at]
    return refuse('conflict', `${l.productName} (${l.packName}) has fewer left at this counter than you are selling`, {
      [`lines.${sold.at}.quantity`]: 'Not enough in stock',
    })
  }
  s.sold = sold
}

/**
 * The customer by mobile number: found, or made (an account the shop created, signed in by a code later). The counter
 * was given the number, so this website records it; the sale names them as this website knows them, never by what
 * they gave another website (decision 0034). No number: a walk-in customer, the sale has no customer (the order's user is null).
 */
async function findCustomer(s: SaleState) {
  const phone = s.input.customer_phone
  if (!phone) return void (s.customer = null)
  const { db, site } = s.ctx
  const id = await q.customerAccount(db, phone)
  await accounts.recordGivenHere(db, site.id, id, { name: 'Customer', phone })
  const here = await accounts.customerHere(db, site.id, id)
  s.customer = { id, name: here?.name ?? 'Customer' }
}

/**
 * The coupon's use, counted with the web orders' under the coupon row's lock (after the stock rows, before the
 * order counter, as checkout takes them). An offline sale already gave the discount: when the coupon cannot be used
 * any more it is recorded anyway, without a use, and the order says why.
 */
async function redeemCoupon(s: SaleState) {
  if (!s.coupon) return
  const { row } = s.coupon
  const used = await coupons.redeemCoupon(s.ctx.db, row.id, s.customer?.id ?? null)
  if (used.ok) s.redemptionId = used.redemptionId
  else if (s.offline) s.couponNote = `Coupon ${row.code} was given offline but could not be counted: ${used.message}`
  else refuse('conflict', `Coupon ${row.code}: ${used.message}`, { coupon_code: used.message })
}

/** A counter order is paid and handed over at once; an offline sale keeps when it was made (never later than now). */
async function createOrder(s: SaleState) {
  const { input, lines, register } = s
  const itemsPaise = sumOf(lines, (l) => l.grossPaise)
  s.soldAt = s.offline && input.sold_at ? new Date(Math.min(new Date(input.sold_at).getTime(), Date.now())) : new Date()
  const { order, itemIds } = await orders.createCounterOrder(s.ctx.db, s.ctx.site.id, {
    userId: s.customer?.id ?? null,
    staffId: s.ctx.user.id,
    paymentMethod: orderMethod(s.tenders),
    itemsPaise,
    discountPaise: s.discountPaise + (s.coupon?.paise ?? 0),
    totalPaise: netTotal(lines),
    couponCode: s.coupon?.row.code ?? null,
    couponRedemptionId: s.redemptionId,
    address: counterAddress(s.customer, input.customer_phone, register.name),
    buyer: buyerOf(input),
    idempotencyKey: `pos:${s.claim.clientId}`,
    requestHash: s.request,
    createdAt: s.soldAt,
    lines: lines.map(({ grossPaise: _g, lineDiscountPaise: _d, netPaise: _n, categoryId: _c, parentCategoryId: _p, brandId: _b, ...l }) => ({
      ...l,
      warehouseId: register.warehouseId,
    })),
  })
  s.order = order
  s.itemIds = itemIds
}

/**
 * The part "On khata" goes on the customer's credit book (their khata's row lock, taken after the order counter):
 * refused past the credit limit with the figures, unless an admin gives a reason (docs/decisions/0047-khata.md).
 */
async function chargeKhata(s: SaleState) {
  const paise = s.tenders.filter((p) => p.method === 'khata').reduce((sum, p) => sum + p.amountPaise, 0)
  if (paise === 0 || !s.customer) return
  const reason = s.input.khata_override_reason?.trim()
  if (reason && !khata.mayOverrideLimit(s.ctx.user)) refuse('forbidden', 'Only an admin may give credit past the limit')
  const charged = await khata.chargeSale(s.ctx.db, {
    websiteId: s.ctx.site.id,
    userId: s.customer.id,
    customerName: s.customer.name,
    orderId: s.order.id,
    amountPaise: paise,
    byUserId: s.ctx.user.id,
    device: `register: ${s.register.name}`,
    overrideReason: reason || null,
  })
  s.khata = valueOrRefuse(charged)
}

/** No delivery: the order's address names the customer (or a walk-in one) and the register it was sold at. */
function counterAddress(customer: SaleState['customer'], phone: string | undefined, registerName: string): AddressSnapshot {
  const name = customer?.name ?? 'Walk-in customer'
  return { name, mobile: phone ?? '', house: '', street: '', area: registerName, landmark: '', city: '', state: '', pincode: '' }
}

async function noteOrder(s: SaleState) {
  const tx = s.ctx.db
  if (s.couponNote) await orders.noteEvent(tx, s.order.id, 'coupon', s.couponNote, s.ctx.user.id)
  await stock.attachOrder(tx, s.sold.ledgerIds, s.order.id)
  await upiQr.markQrsUsed(
    tx,
    [...s.qrs.values()].map((qr) => qr.id),
    s.order.id,
  )
}

/** The sale's own rows (its shift, payments, lines, and what an offline sale sold short), audited as one write. */
async function recordSale(s: SaleState) {
  const { ctx, lines, order, offline, register, shift, sold, discountPaise } = s
  const couponPaise = s.coupon?.paise ?? 0
  const totalPaise = netTotal(lines)
  const changePaise = changeOf(s.tenders)
  const action = offline ? 'pos.sale.offline' : 'pos.sale'
  s.answer = await staffWrite(ctx, { action, entity: 'order', changesStorefront: sold.soldOut }, async (tx) => {
    const sale = await q.completeSale(tx, s.claim.id, {
      shiftId: shift.id,
      orderId: order.id,
      discountPaise,
      couponPaise,
      changePaise,
      offline,
      soldAt: s.soldAt,
    })
    await q.insertPayments(
      tx,
      s.tenders.map((p) => ({
        websiteId: ctx.site.id,
        shiftId: shift.id,
        orderId: order.id,
        method: p.method,
        amountPaise: p.amountPaise,
        tenderedPaise: p.tenderedPaise,
        reference: p.reference,
        upiQrId: p.qrId ? (s.qrs.get(p.qrId)?.id ?? null) : null,
      })),
    )
    await q.insertSaleLines(
      tx,
      lines.map((l, i) => ({
        saleId: sale.id,
        orderItemId: s.itemIds[i],
        packId: l.packId,
        quantity: l.quantity,
        discountPaise: l.grossPaise - l.netPaise,
        netPaise: l.netPaise,
      })),
    )
    const short = lines.flatMap((l, i) => (sold.shortBy[i] > 0 ? [{ l, shortBy: sold.shortBy[i] }] : []))
    await q.insertDiscrepancies(
      tx,
      short.map(({ l, shortBy }) => ({
        websiteId: ctx.site.id,
        saleId: sale.id,
        orderId: order.id,
        packId: l.packId,
        warehouseId: register.warehouseId,
        sold: l.quantity,
        shortBy,
      })),
    )
    const answer: SaleAnswer = { order_number: order.orderNumber, total: toRupees(totalPaise), change_due: toRupees(changePaise) }
    return { result: answer, id: order.id, before: null, after: { ...answer, client_id: sale.clientId, shift_id: shift.id, offline, short, khata: s.khata } }
  })
}
