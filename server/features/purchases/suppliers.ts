import { type ListMeta, parseSort } from '../../../common/contracts/admin'
import type { Supplier, SupplierInput, SupplierPatch } from '../../../common/contracts/admin-purchases'
import { gstinState } from '../../../common/rules/gstin'
import { toRupees } from '../../../common/money'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as q from './queries'

/** Suppliers: who the shop buys from. A GSTIN given without a state gives the state. */

const SUPPLIER = { entity: 'supplier' }

export const supplierAnswer = (r: q.SupplierRow): Supplier => ({
  id: r.id,
  name: r.name,
  gstin: r.gstin,
  phone: r.phone,
  state: r.state,
  address: r.address,
  payment_terms_days: r.paymentTermsDays,
  purchases_total: toRupees(r.purchasesPaise),
  bills: r.bills,
  balance_due: toRupees(r.balancePaise),
})

const stateFrom = (gstin: string | null | undefined, state: string | null | undefined) => state ?? (gstin ? gstinState(gstin) : state)

export async function createSupplier(ctx: StaffWriteCtx, input: SupplierInput): Promise<Result<Supplier>> {
  const saved = await staffWrite(ctx, { ...SUPPLIER, action: 'supplier.create' }, async (tx) => {
    const made = await q.insertSupplier(tx, {
      websiteId: ctx.site.id,
      name: input.name,
      gstin: input.gstin ?? null,
      phone: input.phone ?? null,
      state: stateFrom(input.gstin, input.state) ?? null,
      address: input.address ?? '',
      paymentTermsDays: input.payment_terms_days ?? 0,
    })
    const answer = supplierAnswer({ ...made, purchasesPaise: 0, bills: 0 })
    return { result: answer, id: made.id, before: null, after: answer }
  })
  return ok(saved)
}

export async function updateSupplier(ctx: StaffWriteCtx, id: number, input: SupplierPatch): Promise<Result<Supplier>> {
  const before = await q.findSupplier(ctx.db, ctx.site.id, id)
  if (!before) return fail('not_found', 'No such supplier on this website')
  const saved = await staffWrite(ctx, { ...SUPPLIER, action: 'supplier.update' }, async (tx) => {
    await q.updateSupplier(tx, ctx.site.id, id, {
      name: input.name,
      gstin: input.gstin,
      phone: input.phone,
      state: input.state === undefined && input.gstin ? (gstinState(input.gstin) ?? undefined) : input.state,
      address: input.address,
      paymentTermsDays: input.payment_terms_days,
    })
    const after = supplierAnswer((await q.findSupplier(tx, ctx.site.id, id))!)
    return { result: after, id, before: supplierAnswer(before), after }
  })
  return ok(saved)
}

export async function listSuppliers(
  ctx: StaffCtx,
  query: { page: number; perPage: number; q?: string; sort: string },
): Promise<{ data: Supplier[]; meta: ListMeta }> {
  const { rows, total } = await q.listSuppliers(
    ctx.db,
    ctx.site.id,
    query.q || undefined,
    parseSort(query.sort).desc,
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { data: rows.map(supplierAnswer), meta: { total, page: query.page, perPage: query.perPage } }
}
