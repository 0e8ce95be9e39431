import type { SupplierKhata, SupplierPaymentInput } from '../../../common/contracts/admin-supplier-books'
import { formatINR, toPaise, toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as b from './books-queries'
import * as q from './queries'

/**
 * The supplier's own khata (issue 33): bills received (+), payments made (−) and debit notes (−), each entry with the
 * balance after it; `suppliers.balance_paise` is their sum, moved under the supplier row's lock.
 */

export async function khataOf(ctx: StaffCtx, supplierId: number): Promise<Result<SupplierKhata>> {
  const supplier = await q.findSupplier(ctx.db, ctx.site.id, supplierId)
  if (!supplier) return fail('not_found', 'No such supplier on this website')
  const entries = await b.entriesOf(ctx.db, ctx.site.id, supplierId)
  return ok({
    supplier_id: supplierId,
    balance: toRupees(supplier.balancePaise),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: toRupees(e.amount_paise),
      balance_after: toRupees(e.balance_after_paise),
      purchase_id: e.purchase_id,
      bill_number: e.bill_number,
      debit_note_id: e.debit_note_id,
      debit_note_number: e.debit_note_number,
      method: e.method,
      reference: e.reference,
      paid_on: e.paid_on,
      created_at: new Date(e.created_at).toISOString(),
    })),
  })
}

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

/** A payment made to the supplier, recorded: never more than the balance due, however many are recorded at once. */
export async function paySupplier(ctx: StaffWriteCtx, supplierId: number, input: SupplierPaymentInput): Promise<Result<SupplierKhata>> {
  const site = ctx.site.id
  const due = await b.lockBalance(ctx.db, site, supplierId)
  if (due === null) return fail('not_found', 'No such supplier on this website')
  const amountPaise = toPaise(input.amount)
  if (amountPaise > due) return invalidFields({ amount: due > 0 ? `Only ${formatINR(due)} is due to this supplier` : 'Nothing is due to this supplier' })
  await staffWrite(ctx, { entity: 'supplier', action: 'supplier.payment' }, async (tx) => {
    await b.postEntry(tx, {
      websiteId: site,
      supplierId,
      kind: 'payment',
      amountPaise: -amountPaise,
      method: input.method,
      reference: input.reference ?? null,
      paidOn: input.paid_on ?? today(),
      userId: ctx.user.id,
    })
    return { result: null, id: supplierId, before: { balance_paise: due }, after: { balance_paise: due - amountPaise, method: input.method } }
  })
  return khataOf(ctx, supplierId)
}
