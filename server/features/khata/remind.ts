import type { KhataReminder } from '../../../common/contracts/khata'
import { formatINR } from '../../../common/money'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as accounts from '../accounts/service'
import * as orders from '../orders/service'
import * as q from './queries/khata'

/** The outbox kind of a khata reminder; the worker (checkout/jobs.ts) sends it on the `khata_reminder` template. */
export const KHATA_REMINDER_OUTBOX = 'khata_reminder'
/** The outbox kind of a khata statement message; sent on the `khata_statement` template. */
export const KHATA_STATEMENT_OUTBOX = 'khata_statement'

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

/**
 * The statement as a message (the `khata_statement` template: the balance on today's date), through the outbox in
 * the call's transaction; a khata with nothing owed is stated too (₹0.00: "you owe nothing"). The messenger's
 * per-number hourly limit bounds repeats.
 */
export async function sendStatement(ctx: StaffWriteCtx, userId: number): Promise<Result<KhataReminder>> {
  const customer = await accounts.customerOfWebsite(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', 'No customer with this id on this website')
  const account = await q.findAccount(ctx.db, ctx.site.id, userId)
  if (!account) return fail('invalid', `${customer.name || 'This customer'} has no khata: set a credit limit first`, { khata: 'No khata' })
  if (!customer.phone) return fail('invalid', 'This customer has no mobile number with the shop', { phone: 'No mobile number' })
  const date = new Date().toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' })
  const balance = formatINR(Math.max(0, account.balancePaise))
  const text = `Your ${ctx.site.name} khata balance on ${date} is ${balance}.`
  const result: KhataReminder = { queued: true, channel: 'sms', to: customer.phone, text }
  return ok(
    await staffWrite(ctx, { action: 'khata.statement_sent', entity: 'khata' }, async (tx) => {
      await orders.enqueueOutbox(tx, KHATA_STATEMENT_OUTBOX, { websiteId: ctx.site.id, to: customer.phone, siteName: ctx.site.name, text, balance, date })
      return { result, id: account.id, before: null, after: result }
    }),
  )
}
