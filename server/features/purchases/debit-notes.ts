import type { DebitNote, DebitNoteInput } from '../../../common/contracts/admin-supplier-books'
import { toPaise, toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as stock from '../stock/service'
import * as b from './books-queries'
import { billTax, isIntraState } from './money'
import * as q from './queries'

/**
 * Goods returned to a supplier (issue 33): a debit note in the website's own gapless series (DN-00001…), its units
 * out of the named batches through the one stock function (ledger reason `supplier_return`), and the supplier owes
 * the note's total back (an entry on its khata). Lock order: stock rows, the series' counter, the supplier row.
 */

export const noteNumber = (seq: number) => `DN-${String(seq).padStart(5, '0')}`

export async function createDebitNote(ctx: StaffWriteCtx, input: DebitNoteInput): Promise<Result<DebitNote>> {
  const site = ctx.site.id
  const supplier = await q.findSupplier(ctx.db, site, input.supplier_id)
  if (!supplier) return invalidFields({ supplier_id: 'No such supplier on this website' })
  const batches = new Map(
    (
      await b.batchesForReturn(
        ctx.db,
        site,
        input.lines.map((l) => l.batch_id),
      )
    ).map((r) => [r.id, r]),
  )
  const errors: Record<string, string> = {}
  const warehouseId = batches.get(input.lines[0].batch_id)?.warehouse_id
  const asked = new Map<number, number>()
  input.lines.forEach((l, i) => {
    const batch = batches.get(l.batch_id)
    if (!batch) return void (errors[`lines.${i}.batch_id`] = 'No such batch on this website')
    if (batch.warehouse_id !== warehouseId) errors[`lines.${i}.batch_id`] = 'A debit note returns goods from one warehouse: make another for this batch'
    else if (batch.supplier_id !== null && batch.supplier_id !== supplier.id) errors[`lines.${i}.batch_id`] = `Batch ${batch.batch} came from another supplier`
    else if (l.cost_price === undefined && batch.cost_paise === null)
      errors[`lines.${i}.cost_price`] = `Batch ${batch.batch} has no known cost: give the price it goes back at`
    asked.set(l.batch_id, (asked.get(l.batch_id) ?? 0) + l.quantity)
  })
  if (Object.keys(errors).length) return invalidFields(errors)

  const lines = input.lines.map((l) => {
    const batch = batches.get(l.batch_id)!
    const costPaise = l.cost_price === undefined ? batch.cost_paise! : toPaise(l.cost_price)
    const gstRate = l.gst_rate ?? batch.gst_rate ?? 0
    const taxablePaise = costPaise * l.quantity
    return { batch, quantity: l.quantity, costPaise, gstRate, taxablePaise, taxPaise: Math.round((taxablePaise * gstRate) / 100) }
  })
  const intraState = isIntraState(supplier.state, await q.shopState(ctx.db, site))
  const taxablePaise = lines.reduce((n, l) => n + l.taxablePaise, 0)
  const taxPaise = lines.reduce((n, l) => n + l.taxPaise, 0)

  const moved = await stock.moveStock(
    ctx.db,
    { websiteId: site, userId: ctx.user.id },
    lines.map((l) => ({
      packId: l.batch.pack_id,
      warehouseId: l.batch.warehouse_id,
      onHand: { by: -l.quantity },
      reason: 'supplier_return' as const,
      batchId: l.batch.id,
      note: `Returned to ${supplier.name}: ${input.reason}`,
    })),
  )
  if (!moved.ok) {
    const l = lines[moved.at]
    const free = l.batch.quantity - l.batch.reserved
    return invalidFields({
      [`lines.${moved.at}.quantity`]:
        moved.kind === 'below_reserved'
          ? `Orders hold ${moved.reserved} of ${l.batch.batch}'s pack: only units no order holds can go back`
          : `Batch ${l.batch.batch} has ${Math.max(free, 0)} that no order holds; ${asked.get(l.batch.id)} asked`,
    })
  }

  const id = await staffWrite(ctx, { entity: 'debit_note', action: 'debit_note.create', changesStorefront: true }, async (tx) => {
    const seq = await b.nextNumber(tx, site, 'debit_note')
    const noteId = await b.insertDebitNote(
      tx,
      {
        websiteId: site,
        seq,
        number: noteNumber(seq),
        supplierId: supplier.id,
        warehouseId: warehouseId!,
        reason: input.reason,
        intraState,
        taxablePaise,
        taxPaise,
        totalPaise: taxablePaise + taxPaise,
        userId: ctx.user.id,
      },
      lines.map((l) => ({
        batchId: l.batch.id,
        packId: l.batch.pack_id,
        batch: l.batch.batch,
        quantity: l.quantity,
        costPaise: l.costPaise,
        gstRate: l.gstRate,
        taxablePaise: l.taxablePaise,
        taxPaise: l.taxPaise,
      })),
    )
    await b.postEntry(tx, {
      websiteId: site,
      supplierId: supplier.id,
      kind: 'debit_note',
      amountPaise: -(taxablePaise + taxPaise),
      debitNoteId: noteId,
      userId: ctx.user.id,
    })
    return { result: noteId, id: noteId, before: null, after: { number: noteNumber(seq), supplier_id: supplier.id, total_paise: taxablePaise + taxPaise } }
  })
  return getDebitNote(ctx, id)
}

const headAnswer = (h: b.NoteHead) => {
  const tax = billTax(h.tax_paise, h.intra_state)
  return {
    id: h.id,
    number: h.number,
    supplier_id: h.supplier_id,
    supplier_name: h.supplier_name,
    warehouse_id: h.warehouse_id,
    reason: h.reason,
    taxable: toRupees(h.taxable_paise),
    cgst: toRupees(tax.cgst),
    sgst: toRupees(tax.sgst),
    igst: toRupees(tax.igst),
    total: toRupees(h.total_paise),
    created_at: new Date(h.created_at).toISOString(),
  }
}

export async function getDebitNote(ctx: StaffCtx, id: number): Promise<Result<DebitNote>> {
  const found = await b.findDebitNote(ctx.db, ctx.site.id, id)
  if (!found) return fail('not_found', 'No such debit note on this website')
  return ok({
    ...headAnswer(found.head),
    lines: found.lines.map(({ line: l, productName, packName }) => ({
      batch_id: l.batchId,
      pack_id: l.packId,
      product_name: productName,
      pack_name: packName,
      batch: l.batch,
      quantity: l.quantity,
      cost_price: toRupees(l.costPaise),
      gst_rate: l.gstRate,
      taxable: toRupees(l.taxablePaise),
      tax: toRupees(l.taxPaise),
    })),
  })
}

export async function listDebitNotes(ctx: StaffCtx, query: { page: number; perPage: number; sort: string; supplier_id?: number }) {
  const { rows, total } = await b.listDebitNotes(
    ctx.db,
    ctx.site.id,
    query.supplier_id,
    !query.sort.startsWith('-'),
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { data: rows.map(headAnswer), meta: { total, page: query.page, perPage: query.perPage } }
}
