import type { Khata, KhataAdjustmentInput, KhataEntry, KhataLimitInput, KhataPaymentInput } from '../../../common/contracts/khata'
import { formatINR, toPaise, toRupees } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as accounts from '../accounts/service'
import { ageingOf } from './ageing'
import * as q from './queries/khata'

/** A customer's khata for staff and for the shopper (docs/decisions/0047-khata.md). */

const NOT_CUSTOMER = 'No customer with this id on this website'
export const NO_ADVANCE = 'is more than the balance owed: the khata keeps no advance, take at most the balance'

interface Customer {
  userId: number
  name: string
  phone: string | null
}

const entryOf = (e: q.EntryRow): KhataEntry => ({
  id: e.id,
  kind: e.kind,
  amount: toRupees(Math.abs(e.amountPaise)),
  change: toRupees(e.amountPaise),
  balance_after: toRupees(e.balanceAfterPaise),
  created_at: e.createdAt.toISOString(),
  ...(e.orderNumber ? { order_number: e.orderNumber } : {}),
  ...(e.method ? { method: e.method } : {}),
  ...(e.reference ? { reference: e.reference } : {}),
  ...(e.reason ? { reason: e.reason } : {}),
  ...(e.byName ? { by: e.byName } : {}),
})

/** The khata as the calls answer it; a customer without one has nothing owed and no credit. */
export async function khataAnswer(db: Db | Tx, account: q.AccountRow | null, customer: Customer): Promise<Khata> {
  const entries = account ? await q.listEntries(db, account.id) : []
  const debits = entries.filter((e) => e.amountPaise > 0).map((e) => ({ amountPaise: e.amountPaise, at: e.createdAt }))
  const credits = entries.filter((e) => e.amountPaise < 0).reduce((s, e) => s - e.amountPaise, 0)
  const lastPayment = entries.findLast((e) => e.kind === 'payment')
  const balance = account?.balancePaise ?? 0
  const limit = account?.creditLimitPaise ?? 0
  return {
    user_id: customer.userId,
    name: customer.name,
    phone: customer.phone,
    balance: toRupees(balance),
    credit_limit: toRupees(limit),
    available: toRupees(Math.max(limit - balance, 0)),
    ageing: rupeesOf(ageingOf(debits, credits)),
    last_payment_at: lastPayment?.createdAt.toISOString() ?? null,
    entries: entries.map(entryOf),
  }
}

export const rupeesOf = (a: Record<'d0_30' | 'd31_60' | 'd61_90' | 'd90_plus', number>) => ({
  d0_30: toRupees(a.d0_30),
  d31_60: toRupees(a.d31_60),
  d61_90: toRupees(a.d61_90),
  d90_plus: toRupees(a.d90_plus),
})

async function customerOf(db: Db | Tx, websiteId: number, userId: number): Promise<Customer | null> {
  const row = await accounts.customerOfWebsite(db, websiteId, userId)
  return row ? { userId, name: row.name || 'Customer', phone: row.phone } : null
}

export async function getCustomerKhata(ctx: StaffCtx, userId: number): Promise<Result<Khata>> {
  const customer = await customerOf(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', NOT_CUSTOMER)
  return ok(await khataAnswer(ctx.db, await q.findAccount(ctx.db, ctx.site.id, userId), customer))
}

/** The shopper's own khata on this website; 404 when they have none. */
export async function getMyKhata(ctx: RequestCtx & { user: { id: number } }): Promise<Result<Khata>> {
  const account = await q.findAccount(ctx.db, ctx.site.id, ctx.user.id)
  const customer = account ? await customerOf(ctx.db, ctx.site.id, ctx.user.id) : null
  if (!account || !customer) return fail('not_found', 'You have no khata with this shop')
  return ok(await khataAnswer(ctx.db, account, customer))
}

/** Who wrote an entry and where: the staff member and their device (the register at the counter, else the browser). */
export interface Writer {
  device: string
}

const snapshot = (a: q.AccountRow) => ({ balance_paise: a.balancePaise, credit_limit_paise: a.creditLimitPaise })

/** The credit limit, opening the khata when there is none. Lowering it below the balance is allowed: no more credit is given. */
export async function setLimit(ctx: StaffWriteCtx, userId: number, input: KhataLimitInput): Promise<Result<Khata>> {
  const customer = await customerOf(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', NOT_CUSTOMER)
  const account = await q.openAndLock(ctx.db, ctx.site.id, userId)
  const before = snapshot(account)
  await q.setLimit(ctx.db, account.id, toPaise(input.credit_limit))
  account.creditLimitPaise = toPaise(input.credit_limit)
  return ok(
    await staffWrite(ctx, { action: 'khata.limit', entity: 'khata' }, async (tx) => ({
      result: await khataAnswer(tx, account, customer),
      id: account.id,
      before,
      after: { ...snapshot(account), user_id: userId },
    })),
  )
}

/** A payment received (cash, UPI, card): never more than what is owed. */
export async function recordPayment(ctx: StaffWriteCtx, userId: number, input: KhataPaymentInput, by: Writer): Promise<Result<Khata>> {
  const paise = toPaise(input.amount)
  return writeEntry(ctx, userId, 'khata.payment', by, (account) => {
    if (paise > account.balancePaise) {
      const message = `${formatINR(paise)} ${NO_ADVANCE} (${formatINR(account.balancePaise)})`
      return fail('invalid', message, { amount: message })
    }
    return ok({ kind: 'payment', amountPaise: -paise, method: input.method, reference: input.reference || null })
  })
}

/** A correction as a new entry with its reason; never below zero. */
export async function adjust(ctx: StaffWriteCtx, userId: number, input: KhataAdjustmentInput, by: Writer): Promise<Result<Khata>> {
  const paise = toPaise(input.change)
  return writeEntry(ctx, userId, 'khata.adjustment', by, (account) => {
    if (account.balancePaise + paise < 0) {
      const message = `Taking off ${formatINR(-paise)} would leave the balance below zero: it is ${formatINR(account.balancePaise)}`
      return fail('invalid', message, { change: message })
    }
    return ok({ kind: 'adjustment', amountPaise: paise, reason: input.reason })
  })
}

async function writeEntry(
  ctx: StaffWriteCtx,
  userId: number,
  action: string,
  by: Writer,
  entryFor: (account: q.AccountRow) => Result<Omit<q.NewEntry, 'userId' | 'device'>>,
): Promise<Result<Khata>> {
  const customer = await customerOf(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', NOT_CUSTOMER)
  const account = await q.lockAccount(ctx.db, ctx.site.id, userId)
  if (!account) return fail('invalid', `${customer.name} has no khata: set a credit limit first`, { amount: 'No khata' })
  const before = snapshot(account)
  const entry = entryFor(account)
  if (!entry.ok) return entry
  const made = await q.appendEntry(ctx.db, account, { ...entry.value, userId: ctx.user.id, device: by.device })
  return ok(
    await staffWrite(ctx, { action, entity: 'khata' }, async (tx) => ({
      result: await khataAnswer(tx, account, customer),
      id: account.id,
      before,
      after: { ...snapshot(account), user_id: userId, entry_id: made.id, kind: made.kind, amount_paise: made.amountPaise, device: by.device },
    })),
  )
}
