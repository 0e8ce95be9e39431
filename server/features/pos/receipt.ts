import type { Receipt } from '../../../common/contracts/pos'
import { toRupees } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import * as invoices from '../invoices/service'
import * as orderService from '../orders/service'
import * as q from './queries/receipts'
import { saleLines as linesOf } from './queries/sales'

const NO_RECEIPT = 'No counter sale with this receipt number'

/**
 * What a counter receipt prints (docs/decisions/0027-point-of-sale-counter-extras.md): the shop from the website's
 * settings, each line with its MRP savings and its share of the discounts, the payments with what was tendered
 * and the change, the cashier who rang it up and the register. Computed from the sale's rows every time.
 */
export async function receiptOf(db: Db | Tx, site: RequestCtx['site'], orderNumber: string): Promise<Result<Receipt>> {
  const row = await q.saleByOrderNumber(db, site.id, orderNumber.trim().toUpperCase())
  if (!row) return fail('not_found', NO_RECEIPT)
  const { order, sale } = row

  const [saleLines, items, pays, register, cashier, returned, tax] = await Promise.all([
    linesOf(db, sale.id),
    orderService.orderLines(db, order.id),
    q.salePayments(db, order.id),
    sale.shiftId ? q.registerNameOfShift(db, sale.shiftId) : Promise.resolve(''),
    q.cashierOf(db, order.id),
    q.returnLinesOfSale(db, sale.id),
    invoices.receiptTaxOf(db, order.id),
  ])
  const itemById = new Map(items.map((i) => [i.id, i]))
  const back = new Map<number, number>()
  for (const r of returned) back.set(r.saleLineId, (back.get(r.saleLineId) ?? 0) + r.quantity)

  const lines = saleLines.map((l) => {
    const item = itemById.get(l.orderItemId)
    const price = item?.pricePaise ?? 0
    const mrp = Math.max(item?.mrpPaise ?? price, price)
    const amount = price * l.quantity
    return {
      pack_id: l.packId,
      product: item?.productName ?? '',
      pack: item?.packName ?? '',
      quantity: l.quantity,
      price: toRupees(price),
      mrp: toRupees(mrp),
      amount: toRupees(amount),
      discount: toRupees(amount - l.netPaise),
      net: toRupees(l.netPaise),
      savings: toRupees((mrp - price) * l.quantity),
      returned: back.get(l.id) ?? 0,
      _mrp: mrp * l.quantity,
      _amount: amount,
    }
  })
  const itemsPaise = lines.reduce((s, l) => s + l._amount, 0)
  const mrpPaise = lines.reduce((s, l) => s + l._mrp, 0)
  const couponPaise = order.couponCode ? sale.couponPaise : 0
  const manualPaise = order.discountPaise - couponPaise
  const refundedPaise = returned.reduce((s, r) => s + r.refundPaise, 0)
  const allBack = saleLines.length > 0 && saleLines.every((l) => (back.get(l.id) ?? 0) >= l.quantity)
  const customer = order.address.mobile ? { name: order.address.name, phone: order.address.mobile } : null
  const address = site.settings.webAddress ?? { address: '', phone: '', email: '' }

  return ok({
    order_number: order.orderNumber,
    sold_at: sale.soldAt.toISOString(),
    offline: sale.offline,
    shop: { name: site.name, address: address.address, phone: address.phone, email: address.email },
    register,
    cashier,
    customer,
    lines: lines.map(({ _mrp, _amount, ...l }) => l),
    items_count: lines.reduce((s, l) => s + l.quantity, 0),
    items_total: toRupees(itemsPaise),
    mrp_total: toRupees(mrpPaise),
    mrp_savings: toRupees(mrpPaise - itemsPaise),
    discount: toRupees(manualPaise),
    coupon: order.couponCode ? { code: order.couponCode, discount: toRupees(couponPaise) } : null,
    total: toRupees(order.totalPaise),
    total_savings: toRupees(mrpPaise - itemsPaise + order.discountPaise),
    payments: pays.map((p) => ({
      method: p.method,
      amount: toRupees(p.amountPaise),
      tendered: toRupees(p.tenderedPaise),
      change: toRupees(p.tenderedPaise - p.amountPaise),
      reference: p.reference,
    })),
    change_due: toRupees(sale.changePaise),
    refunded: toRupees(refundedPaise),
    status: allBack ? 'refunded' : refundedPaise > 0 || returned.length > 0 ? 'partly_returned' : 'paid',
    tax,
  })
}

export const getReceipt = (ctx: RequestCtx, orderNumber: string) => receiptOf(ctx.db, ctx.site, orderNumber)
