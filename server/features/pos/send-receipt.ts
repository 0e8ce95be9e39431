import type { Receipt, SendReceiptInput } from '../../../common/contracts/pos'
import { formatINR, toPaise } from '../../../common/money'
import type { Db } from '../../db/client'
import { fail, ok } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as orders from '../orders/service'
import * as q from './queries/receipts'
import { receiptOf } from './receipt'

/** A receipt sent again and again is someone's mistake or abuse of the shop's SMS: this many per sale. */
export const RECEIPT_SENDS_PER_SALE = 5
export const POS_RECEIPT_OUTBOX = 'pos_receipt'

/**
 * The receipt by SMS or email, through the outbox (docs/decisions/0027): queued in the staff call's transaction,
 * delivered by the background worker through the same SMS / email providers as sign-in codes, retried on failure.
 */
export async function sendReceipt(ctx: StaffWriteCtx, orderNumber: string, input: SendReceiptInput) {
  const receipt = await receiptOf(ctx.db, ctx.site, orderNumber)
  if (!receipt.ok) return receipt
  const sent = await q.receiptSends(ctx.db, POS_RECEIPT_OUTBOX, ctx.site.id, receipt.value.order_number)
  if (sent >= RECEIPT_SENDS_PER_SALE) return fail('too_many', `This receipt was already sent ${RECEIPT_SENDS_PER_SALE} times`)
  const channel = input.phone ? ('sms' as const) : ('email' as const)
  const to = (input.phone ?? input.email)!
  return ok(
    await staffWrite(ctx, { action: 'pos.receipt.send', entity: 'order' }, async (tx) => {
      const orderId = (await q.orderIdByNumber(tx, ctx.site.id, receipt.value.order_number))!
      const result = { queued: true, channel, to }
      await orders.enqueueOutbox(tx, POS_RECEIPT_OUTBOX, { orderId, websiteId: ctx.site.id, orderNumber: receipt.value.order_number, to })
      return { result, id: orderId, before: null, after: result }
    }),
  )
}

const line = (r: Receipt['lines'][number]) => `${r.quantity} x ${r.product} (${r.pack}) ${formatINR(toPaise(r.net))}`
const methodName = { cash: 'Cash', upi: 'UPI', card: 'Card', khata: 'On khata' } as const

/** The receipt as a message: a short SMS, or an email with every line. Null when the sale is gone. */
export async function receiptMessage(db: Db, orderId: number, kind: 'mobile' | 'email'): Promise<{ subject: string; text: string; siteName: string } | null> {
  const row = await q.orderAndWebsite(db, orderId)
  if (!row) return null
  const found = await receiptOf(db, row.site, row.number)
  if (!found.ok) return null
  const r = found.value
  const total = formatINR(toPaise(r.total))
  const paid = r.payments.map((p) => `${methodName[p.method]} ${formatINR(toPaise(p.amount))}`).join(' + ')
  const saved = r.total_savings > 0 ? ` You saved ${formatINR(toPaise(r.total_savings))}.` : ''
  const subject = `Receipt ${r.order_number} from ${r.shop.name}`
  if (kind === 'mobile')
    return {
      subject,
      siteName: r.shop.name,
      text: `${r.shop.name} receipt ${r.order_number}: ${r.items_count} items, total ${total}, paid ${paid}.${saved} Thank you!`,
    }
  const text = [
    r.shop.name,
    r.shop.address,
    r.shop.phone,
    '',
    `Receipt ${r.order_number}, ${new Date(r.sold_at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}`,
    `${r.register}${r.cashier ? `, served by ${r.cashier}` : ''}`,
    '',
    ...r.lines.map(line),
    '',
    `Items ${formatINR(toPaise(r.items_total))}`,
    ...(r.discount > 0 ? [`Discount -${formatINR(toPaise(r.discount))}`] : []),
    ...(r.coupon ? [`Coupon ${r.coupon.code} -${formatINR(toPaise(r.coupon.discount))}`] : []),
    `Total ${total}`,
    `Paid ${paid}${r.change_due > 0 ? `, change ${formatINR(toPaise(r.change_due))}` : ''}`,
    ...(saved ? ['', saved.trim()] : []),
    '',
    'Thank you for shopping with us.',
  ]
  return { subject, siteName: r.shop.name, text: text.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n') }
}
