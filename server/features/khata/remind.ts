import type { KhataReminder } from '../../../common/contracts/khata'
import { formatINR } from '../../../common/money'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as accounts from '../accounts/service'
import * as orders from '../orders/service'
import * as q from './queries/khata'

/** The outbox kind of a khata reminder; the worker (checkout/jobs.ts) sends it on the `khata_reminder` template. */
export const KHATA_REMINDER_OUTBOX = 'khata_reminder'

const indiaDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })

/**
 * A reminder of what the customer owes, by SMS through the outbox, queued in the call's transaction. At most one a
 * day (India time) per customer: the khata's row lock makes two clicks at once send one.
 */
export async function remind(ctx: StaffWriteCtx, userId: number): Promise<Result<KhataReminder>> {
  const customer = await accounts.customerOfWebsite(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', 'No customer with this id on this website')
  const account = await q.lockAccount(ctx.db, ctx.site.id, userId)
  if (!account || account.balancePaise <= 0) return fail('invalid', 'Nothing is owed on this khata', { khata: 'Nothing is owed' })
  if (!customer.phone) return fail('invalid', 'This customer has no mobile number with the shop', { phone: 'No mobile number' })
  const now = new Date()
  if (account.remindedAt && indiaDay(account.remindedAt) === indiaDay(now))
    return fail('too_many', `${customer.name || 'This customer'} was already reminded today: one reminder a day at most`)
  const text = `${ctx.site.name}: your khata balance is ${formatINR(account.balancePaise)} as of ${now.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' })}. Please pay at the shop by cash, UPI or card. Thank you!`
  const result: KhataReminder = { queued: true, channel: 'sms', to: customer.phone, text }
  return ok(
    await staffWrite(ctx, { action: 'khata.reminder', entity: 'khata' }, async (tx) => {
      await q.markReminded(tx, account.id, now)
      await orders.enqueueOutbox(tx, KHATA_REMINDER_OUTBOX, {
        websiteId: ctx.site.id,
        to: customer.phone,
        siteName: ctx.site.name,
        text,
        balance: formatINR(account.balancePaise),
      })
      return { result, id: account.id, before: { reminded_at: account.remindedAt }, after: { ...result, reminded_at: now } }
    }),
  )
}
