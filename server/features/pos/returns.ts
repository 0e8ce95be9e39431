import type { ReturnAnswer, ReturnInput, ReturnPreview } from '../../../common/contracts/pos'
import { toRupees } from '../../../common/money'
import type { Tx } from '../../db/client'
import type { PosMethod } from '../../db/schema/pos'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as coupons from '../coupons/service'
import * as invoices from '../invoices/service'
import * as khata from '../khata/service'
import * as orders from '../orders/service'
import * as stock from '../stock/service'
import { findRegister } from './queries/registers'
import * as q from './queries/returns'
import { insertPayments, saleLines as linesOf } from './queries/sales'
import { lockOpenShift } from './queries/shifts'
import { NO_REGISTER } from './shifts'

const NOT_POS = 'This receipt is not a sale of the shop counter'

/**
 * What a return would take back and pay out, checked against the receipt; nothing is written. The order row is
 * locked first (inside a return's transaction), so two returns of one receipt queue and the second sees what the
 * first took back: never more than sold.
 */
async function planReturn(ctx: StaffCtx & { db: Tx }, input: ReturnInput) {
  const tx = ctx.db
  const order = await orders.lockSiteOrderByNumber(tx, ctx.site.id, input.order_number.toUpperCase())
  if (!order) return fail('not_found', 'No sale with this receipt number')
  const sale = await q.saleOfOrder(tx, order.id)
  if (!sale) return fail('invalid', NOT_POS, { order_number: NOT_POS })
  const register = await findRegister(tx, ctx.site.id, input.register_id)
  if (!register && input.register_id) return fail('not_found', NO_REGISTER)
  const shift = register ? await lockOpenShift(tx, register.id) : null
  if (!shift) return fail('conflict', 'Open a shift on this register before taking returns')

  const saleLines = await linesOf(tx, sale.id)
  const items = new Map((await orders.orderLines(tx, order.id)).map((i) => [i.id, i]))
  const returned = await q.returnedBySaleLine(
    tx,
    saleLines.map((l) => l.id),
  )
  const left = new Map(saleLines.map((l) => [l.id, l.quantity - (returned.get(l.id) ?? 0)]))

  // What comes back, per sale line: every unit not returned yet, or the units asked for (a pack sold on two lines
  // is taken from the first line that still has some).
  const taking = new Map<number, number>()
  const errors: Record<string, string> = {}
  const wanted = input.lines ?? saleLines.map((l) => ({ pack_id: l.packId, quantity: left.get(l.id) ?? 0 })).filter((l) => l.quantity > 0)
  if (wanted.length === 0)
    return fail('invalid', 'Everything on this receipt has already come back', { order_number: 'Everything on this receipt has already come back' })
  for (const [i, w] of wanted.entries()) {
    let need = w.quantity
    const ofPack = saleLines.filter((l) => l.packId === w.pack_id)
    if (ofPack.length === 0) {
      errors[`lines.${i}.pack_id`] = 'This pack is not on the receipt'
      continue
    }
    for (const l of ofPack) {
      const free = (left.get(l.id) ?? 0) - (taking.get(l.id) ?? 0)
      const take = Math.min(free, need)
      if (take > 0) taking.set(l.id, (taking.get(l.id) ?? 0) + take)
      need -= take
    }
    if (need > 0) {
      const can = ofPack.reduce((s, l) => s + (left.get(l.id) ?? 0), 0)
      errors[`lines.${i}.quantity`] = `Only ${can} of this pack can come back (sold ${ofPack.reduce((s, l) => s + l.quantity, 0)}, already returned the rest)`
    }
  }
  if (Object.keys(errors).length) return fail('invalid', Object.values(errors)[0], errors)

  // A line's refund is its share of what it cost after discounts; the whole line back refunds exactly its net.
  const lines = saleLines
    .filter((l) => taking.has(l.id))
    .map((l) => {
      const before = returned.get(l.id) ?? 0
      const q = taking.get(l.id)!
      const refund = Math.floor((l.netPaise * (before + q)) / l.quantity) - Math.floor((l.netPaise * before) / l.quantity)
      return { line: l, quantity: q, refund, warehouseId: items.get(l.orderItemId)!.warehouseId }
    })
  const refundPaise = lines.reduce((s, l) => s + l.refund, 0)
  const refunds = await refundsBy(ctx, order, input.refund_method, refundPaise)
  return ok({ order, shift, saleLines, left, taking, lines, refundPaise, refunds })
}

/** What the cashier is about to refund, shown before they confirm (the same sums as the return). */
export async function previewReturn(ctx: StaffCtx, input: ReturnInput): Promise<Result<ReturnPreview>> {
  // a read-only transaction: the plan reads the receipt as a return would, under the same locks
  const plan = await ctx.db.transaction((tx) => planReturn({ ...ctx, db: tx }, input))
  if (!plan.ok) return plan
  const { order, lines, refundPaise, refunds } = plan.value
  return ok({
    order_number: order.orderNumber,
    refund_total: toRupees(refundPaise),
    refunds: refunds.filter((r) => r.amountPaise > 0).map((r) => ({ method: r.method, amount: toRupees(r.amountPaise) })),
    lines: lines.map((l) => ({ pack_id: l.line.packId, quantity: l.quantity, refund: toRupees(l.refund) })),
  })
}

/** Goods brought back against a receipt (docs/decisions/0024-point-of-sale.md). */
export async function createReturn(ctx: StaffWriteCtx, input: ReturnInput): Promise<Result<ReturnAnswer>> {
  const plan = await planReturn(ctx, input)
  if (!plan.ok) return plan
  const { order, shift, saleLines, left, taking, lines, refundPaise, refunds } = plan.value
  const tx = ctx.db
  const put = await stock.returnAtCounter(
    tx,
    { websiteId: ctx.site.id, userId: ctx.user.id },
    lines.map((l) => ({ packId: l.line.packId, warehouseId: l.warehouseId, quantity: l.quantity })),
    order.id,
  )
  if (!put.ok) return fail('conflict', 'The stock of this receipt’s warehouse could not take the goods back')
  // Cached storefront answers go only when a pack had none to sell before (its `in_stock` changes): decision 0011.
  const backInStock = put.levels.some((l) => l.onHand - l.reserved - l.onHandChange <= 0)

  const answer = await staffWrite(ctx, { action: 'pos.return', entity: 'order', changesStorefront: backInStock }, async () => {
    const row = await q.insertReturn(tx, { websiteId: ctx.site.id, orderId: order.id, shiftId: shift.id, refundPaise, userId: ctx.user.id })
    await q.insertReturnLines(
      tx,
      lines.map((l) => ({ returnId: row.id, saleLineId: l.line.id, quantity: l.quantity, refundPaise: l.refund })),
    )
    const paidBack = await offTheKhata(ctx, order, refunds)
    await insertPayments(
      tx,
      paidBack.map((r) => ({
        websiteId: ctx.site.id,
        shiftId: shift.id,
        orderId: order.id,
        returnId: row.id,
        method: r.method,
        amountPaise: -r.amountPaise,
        tenderedPaise: -r.amountPaise,
      })),
    )
    const allBack = saleLines.every((l) => (left.get(l.id) ?? 0) === (taking.get(l.id) ?? 0))
    if (allBack) {
      await orders.markCounterRefunded(tx, order.id)
      // everything came back: the coupon's use is given back, as for a cancelled web order
      if (order.couponRedemptionId) await coupons.releaseCoupon(tx, order.couponRedemptionId)
    }
    await invoices.issueCreditNote(tx, order.id, {
      amountPaise: refundPaise,
      lines: lines.map((l) => ({ itemId: l.line.orderItemId, quantity: l.quantity })),
      reason: 'Goods returned at the counter',
    })
    const units = lines.reduce((s, l) => s + l.quantity, 0)
    await orders.noteEvent(tx, order.id, 'returned', `${units} item${units === 1 ? '' : 's'} returned at the counter`, ctx.user.id)
    const result: ReturnAnswer = {
      return_id: row.id,
      order_number: order.orderNumber,
      refund_total: toRupees(refundPaise),
      refunds: paidBack.map((r) => ({ method: r.method, amount: toRupees(r.amountPaise) })),
      lines: lines.map((l) => ({ pack_id: l.line.packId, quantity: l.quantity, refund: toRupees(l.refund) })),
    }
    return { result, id: order.id, before: null, after: result }
  })
  return ok(answer)
}

/**
 * The khata part of a refund taken off the customer's khata under its lock; had they paid it down meanwhile, what
 * the khata could not take goes back in cash.
 */
async function offTheKhata(ctx: StaffWriteCtx, order: { id: number; userId: number | null }, refunds: { method: PosMethod; amountPaise: number }[]) {
  const out = refunds.filter((r) => r.amountPaise > 0 && r.method !== 'khata')
  const owed = refunds.find((r) => r.method === 'khata')?.amountPaise ?? 0
  // a walk-in sale (no customer) has no khata
  if (owed === 0 || order.userId === null) return out
  const taken = await khata.creditReturn(ctx.db, {
    websiteId: ctx.site.id,
    userId: order.userId,
    orderId: order.id,
    paise: owed,
    byUserId: ctx.user.id,
    device: 'counter return',
  })
  const cash = out.find((r) => r.method === 'cash')
  if (owed > taken) {
    if (cash) cash.amountPaise += owed - taken
    else out.push({ method: 'cash', amountPaise: owed - taken })
  }
  return taken > 0 ? [{ method: 'khata' as PosMethod, amountPaise: taken }, ...out] : out
}

/**
 * How the money goes back: all in cash from the drawer, or the way it came (UPI and card first, up to what each
 * paid less what went back on them before; the rest in cash). UPI and card refunds are recorded for staff to make
 * on the terminal or app. Either way, what was sold on khata comes off the khata first, up to what the customer still
 * owes there: goods bought on credit are never refunded in cash while the credit is unpaid (decision 0047).
 */
async function refundsBy(ctx: StaffCtx, order: { id: number; userId: number | null }, how: 'cash' | 'original', paise: number) {
  const net = await q.netPaidByMethod(ctx.db, order.id)
  const out: { method: PosMethod; amountPaise: number }[] = []
  let left = paise
  if (net.khata > 0 && order.userId !== null) {
    const take = Math.min(left, net.khata, await khata.owedOn(ctx.db, ctx.site.id, order.userId))
    if (take > 0) out.push({ method: 'khata', amountPaise: take })
    left -= take
  }
  if (how === 'cash') return left > 0 ? [...out, { method: 'cash' as PosMethod, amountPaise: left }] : out
  for (const method of ['upi', 'card'] as const) {
    const take = Math.min(left, Math.max(net[method], 0))
    if (take > 0) out.push({ method, amountPaise: take })
    left -= take
  }
  if (left > 0) out.push({ method: 'cash', amountPaise: left })
  return out
}
