import { createHash } from 'node:crypto'
import type { SaleAnswer, SaleInput, SalePreview, SalePreviewInput } from '../../../common/contracts/pos'
import { formatINR, toPaise, toRupees } from '../../../common/money'
import type { Tx } from '../../db/client'
import type { PosMethod } from '../../db/schema/pos'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as accounts from '../accounts/service'
import * as coupons from '../coupons/service'
import * as orders from '../orders/service'
import * as stock from '../stock/service'
import { findRegister } from './queries/registers'
import * as q from './queries/sales'
import { lockOpenShift } from './queries/shifts'
import { NO_REGISTER } from './shifts'
import * as upiQr from './upi-qr'

/**
 * Who may give how much off at the counter: staff with admin access up to this share of a line (or of the sale,
 * for the order discount); a superadmin of the website any discount. Never more than the line or the sale.
 */
export const DISCOUNT_LIMIT_PERCENT = 20

const KEY_REUSED = 'This client_id was already used for a different sale'
const NO_SHIFT = 'Open a shift on this register before selling'

interface Priced extends Omit<orders.OrderLine, 'warehouseId'> {
  categoryId: number
  parentCategoryId: number | null
  brandId: number
  grossPaise: number
  lineDiscountPaise: number
  /** after both discounts */
  netPaise: number
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
  ]
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

/**
 * A sale at the counter, in the staff call's one transaction (docs/decisions/0024-point-of-sale.md). Rows are taken
 * in one order: the client id's row, the shift (shared), the stock rows, the order counter — the stock rows before
 * the counter as checkout takes them, so a sale and a checkout never wait on each other in a cycle.
 */
export async function createSale(ctx: StaffWriteCtx, input: SaleInput): Promise<Result<SaleAnswer>> {
  const tx = ctx.db
  const request = fingerprint(input)
  // The claim: a second request with this id waits here until the first commits (then finds it) or rolls back.
  const claimed = await q.claimClientId(tx, ctx.site.id, input.client_id.toLowerCase(), request)
  if (!claimed) return replay(ctx, input, request)

  const register = await findRegister(tx, ctx.site.id, input.register_id)
  if (!register && input.register_id) return fail('not_found', NO_REGISTER)
  const shift = register ? await lockOpenShift(tx, register.id) : null
  if (!register || !shift) return fail('conflict', NO_SHIFT)

  const priced = await priceLines(tx, ctx, input)
  if (!priced.ok) return priced
  const lines = priced.value
  const itemsPaise = lines.reduce((s, l) => s + l.grossPaise, 0)
  // the cashier's discounts, then the website's coupon on what is left
  const discountPaise = itemsPaise - lines.reduce((s, l) => s + l.netPaise, 0)
  const coupon = input.coupon_code ? await applyCoupon(ctx, input, lines) : null
  if (coupon && !coupon.ok) return coupon
  const couponPaise = coupon?.value.paise ?? 0
  const totalPaise = lines.reduce((s, l) => s + l.netPaise, 0)

  const paid = splitPayments(input, totalPaise)
  if (!paid.ok) return paid
  // UPI paid by a dynamic QR: locked after the shift, before the stock; each QR pays one sale only
  const qrs = await upiQr.lockQrsForSale(
    tx,
    ctx.site.id,
    paid.value.flatMap((p, index) => (p.qrId ? [{ index, qrId: p.qrId, amountPaise: p.amountPaise }] : [])),
  )
  if (!qrs.ok) return qrs
  for (const p of paid.value) if (p.qrId) p.reference ??= qrs.value.get(p.qrId)?.providerPaymentId ?? null

  const offline = input.offline === true
  const taken = await stock.sellAtCounter(
    tx,
    { websiteId: ctx.site.id, userId: ctx.user.id },
    lines.map((l) => ({ packId: l.packId, warehouseId: register.warehouseId, quantity: l.quantity })),
    offline,
  )
  if (!taken.ok) {
    const l = lines[taken.at]
    return fail('conflict', `${l.productName} (${l.packName}) has fewer left at this counter than you are selling`, {
      [`lines.${taken.at}.quantity`]: 'Not enough in stock',
    })
  }

  const customer = input.customer_phone ? await customerFor(tx, ctx.site.id, input.customer_phone) : null
  // The coupon's use, counted with the web orders' under the coupon row's lock (after the stock rows, before the
  // order counter, as checkout takes them). An offline sale already gave the discount: when the coupon cannot be
  // used any more it is recorded anyway, without a use, and the order says why.
  let redemptionId: number | null = null
  let couponNote: string | null = null
  if (coupon?.ok) {
    const used = await coupons.redeemCoupon(tx, coupon.value.row.id, customer?.id ?? ctx.user.id)
    if (used.ok) redemptionId = used.redemptionId
    else if (offline) couponNote = `Coupon ${coupon.value.row.code} was given offline but could not be counted: ${used.message}`
    else return fail('conflict', `Coupon ${coupon.value.row.code}: ${used.message}`, { coupon_code: used.message })
  }
  const soldAt = offline && input.sold_at ? new Date(Math.min(new Date(input.sold_at).getTime(), Date.now())) : new Date()
  const methods = [...new Set(paid.value.map((p) => p.method))]
  const { order, itemIds } = await orders.createCounterOrder(tx, ctx.site.id, {
    userId: customer?.id ?? ctx.user.id,
    staffId: ctx.user.id,
    paymentMethod: methods.length === 1 ? methods[0] : 'split',
    itemsPaise,
    discountPaise: discountPaise + couponPaise,
    totalPaise,
    couponCode: coupon?.ok ? coupon.value.row.code : null,
    couponRedemptionId: redemptionId,
    address: {
      name: customer?.name ?? 'Walk-in customer',
      mobile: input.customer_phone ?? '',
      house: '',
      street: '',
      area: register.name,
      landmark: '',
      city: '',
      state: '',
      pincode: '',
    },
    idempotencyKey: `pos:${claimed.clientId}`,
    requestHash: request,
    createdAt: soldAt,
    lines: lines.map(({ grossPaise: _g, lineDiscountPaise: _d, netPaise: _n, categoryId: _c, parentCategoryId: _p, brandId: _b, ...l }) => ({
      ...l,
      warehouseId: register.warehouseId,
    })),
  })
  if (couponNote) await orders.noteEvent(tx, order.id, 'coupon', couponNote, ctx.user.id)
  await stock.attachOrder(tx, taken.ledgerIds, order.id)
  await upiQr.markQrsUsed(
    tx,
    [...qrs.value.values()].map((q) => q.id),
    order.id,
  )
  const changePaise = paid.value.reduce((s, p) => s + p.tenderedPaise - p.amountPaise, 0)

  return ok(
    await staffWrite(ctx, { action: offline ? 'pos.sale.offline' : 'pos.sale', entity: 'order', changesStorefront: taken.soldOut }, async () => {
      const sale = await q.completeSale(tx, claimed.id, { shiftId: shift.id, orderId: order.id, discountPaise, couponPaise, changePaise, offline, soldAt })
      await q.insertPayments(
        tx,
        paid.value.map((p) => ({
          websiteId: ctx.site.id,
          shiftId: shift.id,
          orderId: order.id,
          method: p.method,
          amountPaise: p.amountPaise,
          tenderedPaise: p.tenderedPaise,
          reference: p.reference,
          upiQrId: p.qrId ? (qrs.value.get(p.qrId)?.id ?? null) : null,
        })),
      )
      await q.insertSaleLines(
        tx,
        lines.map((l, i) => ({
          saleId: sale.id,
          orderItemId: itemIds[i],
          packId: l.packId,
          quantity: l.quantity,
          discountPaise: l.grossPaise - l.netPaise,
          netPaise: l.netPaise,
        })),
      )
      const short = lines.flatMap((l, i) => (taken.shortBy[i] > 0 ? [{ l, shortBy: taken.shortBy[i] }] : []))
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
      return { result: answer, id: order.id, before: null, after: { ...answer, client_id: sale.clientId, shift_id: shift.id, offline, short } }
    }),
  )
}

/**
 * What the cart comes to, priced by the very steps of a sale (the cashier's discounts under the role's limit, then
 * the coupon by its rules), so the payment dialog asks for the total the sale will take. Nothing is kept.
 */
export async function previewSale(ctx: StaffCtx, input: SalePreviewInput): Promise<Result<SalePreview>> {
  const priced = await priceLines(ctx.db, ctx, input)
  if (!priced.ok) return priced
  const lines = priced.value
  const itemsPaise = lines.reduce((s, l) => s + l.grossPaise, 0)
  const discountPaise = itemsPaise - lines.reduce((s, l) => s + l.netPaise, 0)
  const coupon = input.coupon_code ? await applyCoupon(ctx, input, lines) : null
  if (coupon && !coupon.ok) return coupon
  return ok({
    items_total: toRupees(itemsPaise),
    discount: toRupees(discountPaise),
    coupon: coupon?.ok ? { code: coupon.value.row.code, discount: toRupees(coupon.value.paise) } : null,
    total: toRupees(lines.reduce((s, l) => s + l.netPaise, 0)),
  })
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

async function priceLines(tx: Tx | StaffCtx['db'], ctx: StaffCtx, input: SalePreviewInput): Promise<Result<Priced[]>> {
  const ids = [...new Set(input.lines.map((l) => l.pack_id))]
  const rows = await q.packsForSale(tx, ctx.site.id, ids)
  const byId = new Map(rows.map((r) => [r.packId, r]))
  const errors: Record<string, string> = {}
  const unlimited = ctx.user.superadmin
  const lines: Priced[] = []
  for (const [i, l] of input.lines.entries()) {
    const p = byId.get(l.pack_id)
    if (p?.status !== 'active') {
      errors[`lines.${i}.pack_id`] = p ? `${p.productName} is not for sale` : 'No such pack on this website'
      continue
    }
    const grossPaise = p.pricePaise * l.quantity
    const lineDiscountPaise = toPaise(l.discount ?? 0)
    if (lineDiscountPaise > grossPaise) errors[`lines.${i}.discount`] = `The discount cannot be more than the line (${formatINR(grossPaise)})`
    else if (!unlimited && lineDiscountPaise * 100 > grossPaise * DISCOUNT_LIMIT_PERCENT)
      errors[`lines.${i}.discount`] = `Discounts above ${DISCOUNT_LIMIT_PERCENT}% need a superadmin`
    lines.push({
      packId: p.packId,
      productId: p.productId,
      slug: p.slug,
      image: p.medias[0]?.src ?? '',
      productName: p.productName,
      packName: p.packName,
      quantity: l.quantity,
      pricePaise: p.pricePaise,
      mrpPaise: p.mrpPaise,
      categoryId: p.categoryId,
      parentCategoryId: p.parentCategoryId,
      brandId: p.brandId,
      grossPaise,
      lineDiscountPaise,
      netPaise: grossPaise - lineDiscountPaise,
    })
  }
  const subtotal = lines.reduce((s, l) => s + l.netPaise, 0)
  const orderDiscount = toPaise(input.discount ?? 0)
  if (orderDiscount > subtotal) errors.discount = `The discount cannot be more than the sale (${formatINR(subtotal)})`
  else if (!unlimited && orderDiscount * 100 > subtotal * DISCOUNT_LIMIT_PERCENT)
    errors.discount = `Discounts above ${DISCOUNT_LIMIT_PERCENT}% need a superadmin`
  if (Object.keys(errors).length) return fail('invalid', Object.values(errors)[0], errors)
  // The order discount is shared over the lines by their value (the last line takes the rounding), so a return
  // refunds what the line really cost.
  let left = orderDiscount
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : Math.floor((orderDiscount * l.netPaise) / Math.max(subtotal, 1))
    l.netPaise -= share
    left -= share
  })
  return ok(lines)
}

/**
 * The website's coupon on the sale after the cashier's discounts, by the coupon's own rules (minimum, scope by
 * category and brand, cap): the discount is shared over the lines it applies to by their value, so a return refunds
 * what the line really cost. Dates and limits are checked again when it is used, under the coupon's lock.
 */
async function applyCoupon(ctx: StaffCtx, input: SalePreviewInput, lines: Priced[]): Promise<Result<{ row: coupons.CouponRow; paise: number }>> {
  const code = input.coupon_code!.trim()
  const row = await coupons.findCoupon(ctx, code)
  const refuse = (message: string) => fail('invalid', message, { coupon_code: message })
  if (!row) return refuse(coupons.unknownCoupon(code))
  if (!input.customer_phone && (row.perCustomerLimit !== null || row.firstOrderOnly))
    return refuse(`${row.code} is limited per customer: add the customer’s mobile number`)
  // dates and limits: a conflict like the same check under the coupon's lock later (409, as at checkout)
  const problem = await coupons.usageProblemFor({ ...ctx, user: null }, row)
  if (problem) return fail('conflict', `Coupon ${row.code}: ${problem}`, { coupon_code: problem })
  const rule = coupons.toRule(row)
  const scoped = lines.filter((l) => coupons.inScope(rule, l))
  const amount = lines.reduce((s, l) => s + l.netPaise, 0)
  const outcome = coupons.couponDiscount(
    rule,
    amount,
    scoped.reduce((s, l) => s + l.netPaise, 0),
  )
  const amountProblem = coupons.amountProblem(row, outcome)
  if (amountProblem || !outcome.ok) return refuse((amountProblem ?? `${row.code} does not apply`).replace('your cart', 'this sale'))
  const eligible = scoped.reduce((s, l) => s + l.netPaise, 0)
  let left = outcome.discountPaise
  scoped.forEach((l, i) => {
    const share = i === scoped.length - 1 ? left : Math.floor((outcome.discountPaise * l.netPaise) / Math.max(eligible, 1))
    l.netPaise -= share
    left -= share
  })
  return ok({ row, paise: outcome.discountPaise })
}

interface Taken {
  method: PosMethod
  /** what the sale keeps: cash less the change */
  amountPaise: number
  tenderedPaise: number
  reference: string | null
  qrId: string | null
}

/** Payments must cover the total; card and UPI never more than it (only cash gives change). */
function splitPayments(input: SaleInput, totalPaise: number): Result<Taken[]> {
  const taken: Taken[] = input.payments.map((p) => ({
    method: p.method,
    amountPaise: toPaise(p.amount),
    tenderedPaise: toPaise(p.amount),
    reference: p.reference?.trim() || null,
    qrId: p.qr_id ?? null,
  }))
  const qrNotUpi = input.payments.findIndex((p) => p.qr_id && p.method !== 'upi')
  if (qrNotUpi >= 0) return fail('invalid', 'A UPI QR pays a upi payment', { [`payments.${qrNotUpi}.qr_id`]: 'A UPI QR pays a upi payment' })
  const exact = taken.filter((p) => p.method !== 'cash').reduce((s, p) => s + p.amountPaise, 0)
  if (exact > totalPaise) {
    const message = `Card and UPI payments (${formatINR(exact)}) cannot be more than the total (${formatINR(totalPaise)})`
    return fail('invalid', message, { payments: message })
  }
  const sum = taken.reduce((s, p) => s + p.amountPaise, 0)
  if (sum < totalPaise) {
    const message = `Payments of ${formatINR(sum)} do not cover the total of ${formatINR(totalPaise)}: ${formatINR(totalPaise - sum)} to pay`
    return fail('invalid', message, { payments: message })
  }
  let change = sum - totalPaise
  for (const p of taken) {
    if (p.method !== 'cash' || change === 0) continue
    const back = Math.min(change, p.amountPaise)
    p.amountPaise -= back
    change -= back
  }
  return ok(taken)
}

/**
 * The customer by mobile number: found, or made (an account the shop created, signed in by a code later). The counter
 * was given the number, so this website records it; the sale names them as this website knows them, never by what
 * they gave another website (decision 0034).
 */
async function customerFor(tx: Tx, websiteId: number, phone: string): Promise<{ id: number; name: string }> {
  const id = await q.customerAccount(tx, phone)
  await accounts.recordGivenHere(tx, websiteId, id, { name: 'Customer', phone })
  const here = await accounts.customerHere(tx, websiteId, id)
  return { id, name: here?.name ?? 'Customer' }
}
