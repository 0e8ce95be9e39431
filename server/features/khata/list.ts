import type { KhataListQuery, KhataRow } from '../../../common/contracts/khata'
import { toRupees } from '../../../common/money'
import type { StaffCtx } from '../../platform/staff-write'
import { ageingOf, oldestDue } from './ageing'
import { rupeesOf } from './khata'
import * as q from './queries/khata'

type Row = KhataRow & { oldest: number }

const SORTS: Record<string, (a: Row, b: Row) => number> = {
  balance: (a, b) => a.balance - b.balance,
  name: (a, b) => a.name.localeCompare(b.name),
  oldest: (a, b) => a.oldest - b.oldest,
  last_payment_at: (a, b) => (a.last_payment_at ?? '').localeCompare(b.last_payment_at ?? ''),
}

/** Every khata of the website for the Khata screen: balances, ageing, last payment, with totals. */
export async function listKhatas(ctx: StaffCtx, query: KhataListQuery) {
  const accounts = await q.listAccounts(ctx.db, ctx.site.id, query.q || undefined)
  const { debits, credits } = await q.ageingInputs(
    ctx.db,
    accounts.map((a) => a.khata_id),
  )
  const byKhata = new Map<number, { amountPaise: number; at: Date }[]>()
  for (const d of debits) {
    const list = byKhata.get(Number(d.khata_id)) ?? []
    list.push({ amountPaise: Number(d.amount_paise), at: new Date(d.created_at) })
    byKhata.set(Number(d.khata_id), list)
  }
  const totals = { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 }
  const rows: Row[] = accounts.map((a) => {
    const owed = byKhata.get(a.khata_id) ?? []
    const paid = credits.get(a.khata_id) ?? 0
    const ageing = ageingOf(owed, paid)
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += ageing[k]
    return {
      user_id: a.user_id,
      name: a.name || 'Customer',
      phone: a.phone,
      balance: toRupees(a.balance_paise),
      credit_limit: toRupees(a.credit_limit_paise),
      ageing: rupeesOf(ageing),
      last_payment_at: a.last_payment_at === null ? null : new Date(a.last_payment_at).toISOString(),
      last_payment: a.last_payment_paise === null ? null : toRupees(a.last_payment_paise),
      oldest: oldestDue(owed, paid),
    }
  })
  const desc = query.sort.startsWith('-')
  const compare = SORTS[query.sort.replace(/^-/, '')]
  rows.sort((a, b) => (desc ? -compare(a, b) : compare(a, b)) || a.user_id - b.user_id)
  return {
    data: rows.map(({ oldest: _o, ...r }) => r),
    totals: { balance: toRupees(accounts.reduce((s, a) => s + a.balance_paise, 0)), ageing: rupeesOf(totals), customers: rows.length },
  }
}
