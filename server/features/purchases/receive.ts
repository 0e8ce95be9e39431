import type { Purchase, PurchaseInput } from '../../../common/contracts/admin-purchases'
import { toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as stock from '../stock/service'
import { billTax, isIntraState, type LineMoney, lineMoney } from './money'
import * as b from './books-queries'
import { checkReceivable } from './purchase-orders'
import * as q from './queries'

/**
 * A supplier's bill received into a warehouse (CONTRACT `POST /api/admin/purchases`): the bill and its lines are
 * kept, and each line's units (free ones too) go on hand as a batch through the stock service, in one transaction.
 */

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

export async function receivePurchase(ctx: StaffWriteCtx, input: PurchaseInput): Promise<Result<Purchase>> {
  const site = ctx.site.id
  const supplier = await q.findSupplier(ctx.db, site, input.supplier_id)
  if (!supplier) return invalidFields({ supplier_id: 'No such supplier on this website' })
  if (!(await q.findWarehouse(ctx.db, site, input.warehouse_id))) return invalidFields({ warehouse_id: 'No such warehouse on this website' })
  const known = new Set(
    (
      await q.packsOf(
        ctx.db,
        site,
        input.lines.map((l) => l.pack_id),
      )
    ).map((p) => p.id),
  )
  const errors: Record<string, string> = {}
  const money: LineMoney[] = []
  input.lines.forEach((l, i) => {
    if (!known.has(l.pack_id)) errors[`lines.${i}.pack_id`] = 'No such pack on this website'
    const m = lineMoney(l)
    if ('error' in m) errors[`lines.${i}.${m.field}`] = m.error
    else money.push(m)
  })
  if (Object.keys(errors).length) return invalidFields(errors)
  const orderId = input.purchase_order_id ?? null
  if (orderId) {
    const problem = await checkReceivable(ctx.db, site, orderId, supplier.id, input.warehouse_id)
    if (problem) return invalidFields({ purchase_order_id: problem })
  }

  const intraState = isIntraState(supplier.state, await q.shopState(ctx.db, site))
  const taxablePaise = money.reduce((n, m) => n + m.taxablePaise, 0)
  const taxPaise = money.reduce((n, m) => n + m.taxPaise, 0)
  const id = await staffWrite(ctx, { entity: 'purchase', action: 'purchase.receive', changesStorefront: true }, async (tx) => {
    const head = await q.insertPurchase(tx, {
      websiteId: site,
      supplierId: supplier.id,
      warehouseId: input.warehouse_id,
      billNumber: input.bill_number || null,
      billDate: input.bill_date ?? today(),
      intraState,
      taxablePaise,
      taxPaise,
      totalPaise: taxablePaise + taxPaise,
      userId: ctx.user.id,
      purchaseOrderId: orderId,
    })
    const lines = await q.insertLines(
      tx,
      input.lines.map((l, i) => ({
        purchaseId: head.id,
        packId: l.pack_id,
        quantity: l.quantity,
        freeQuantity: l.free_quantity ?? 0,
        costPaise: money[i].costPaise,
        discountPaise: money[i].discountPaise,
        gstRate: l.gst_rate ?? 0,
        batch: l.batch,
        expiry: l.expiry,
        mrpPaise: money[i].mrpPaise,
        taxablePaise: money[i].taxablePaise,
        taxPaise: money[i].taxPaise,
      })),
    )
    const received = await stock.receiveStock(
      tx,
      { websiteId: site, userId: ctx.user.id },
      input.lines.map((l, i) => ({
        packId: l.pack_id,
        warehouseId: input.warehouse_id,
        quantity: l.quantity + (l.free_quantity ?? 0),
        batch: { batch: l.batch, expiry: l.expiry, costPaise: money[i].unitCostPaise, mrpPaise: money[i].mrpPaise, purchaseLineId: lines[i].id },
      })),
      `Bill ${input.bill_number || `#${head.id}`} from ${supplier.name}`,
    )
    if (!received.ok) throw new Error(`receiving purchase ${head.id} into stock failed: ${received.kind}`)
    await q.setLineBatches(
      tx,
      lines.flatMap((line, i) => (received.batchIds[i] === null ? [] : [{ lineId: line.id, batchId: received.batchIds[i]! }])),
    )
    if (orderId)
      await b.receiveAgainst(
        tx,
        orderId,
        input.lines.map((l) => ({ packId: l.pack_id, quantity: l.quantity })),
      )
    // the supplier's khata: the bill is owed (after the stock rows: the lock order of docs/decisions/0058)
    await b.postEntry(tx, {
      websiteId: site,
      supplierId: supplier.id,
      kind: 'purchase',
      amountPaise: head.totalPaise,
      purchaseId: head.id,
      userId: ctx.user.id,
    })
    return {
      result: head.id,
      id: head.id,
      before: null,
      after: { supplier_id: supplier.id, bill_number: head.billNumber, total_paise: head.totalPaise, purchase_order_id: orderId },
    }
  })
  return getPurchase(ctx, id)
}

export async function getPurchase(ctx: StaffCtx, id: number): Promise<Result<Purchase>> {
  const found = await q.findPurchase(ctx.db, ctx.site.id, id)
  if (!found) return fail('not_found', 'No such purchase on this website')
  return ok({ ...headAnswer(found.head), lines: found.lines.map(lineAnswer) })
}

export function headAnswer(h: q.PurchaseHead) {
  const tax = billTax(h.tax_paise, h.intra_state)
  return {
    id: h.id,
    supplier_id: h.supplier_id,
    supplier_name: h.supplier_name,
    warehouse_id: h.warehouse_id,
    bill_number: h.bill_number,
    bill_date: h.bill_date,
    purchase_order_id: h.purchase_order_id,
    intra_state: h.intra_state,
    taxable: toRupees(h.taxable_paise),
    cgst: toRupees(tax.cgst),
    sgst: toRupees(tax.sgst),
    igst: toRupees(tax.igst),
    total: toRupees(h.total_paise),
    created_at: new Date(h.created_at).toISOString(),
  }
}

type LineRow = NonNullable<Awaited<ReturnType<typeof q.findPurchase>>>['lines'][number]
const lineAnswer = ({ line: l, productName, packName }: LineRow) => ({
  id: l.id,
  pack_id: l.packId,
  product_name: productName,
  pack_name: packName,
  quantity: l.quantity,
  free_quantity: l.freeQuantity,
  cost_price: toRupees(l.costPaise),
  discount: toRupees(l.discountPaise),
  gst_rate: l.gstRate,
  batch: l.batch,
  expiry: l.expiry,
  mrp: l.mrpPaise === null ? null : toRupees(l.mrpPaise),
  taxable: toRupees(l.taxablePaise),
  tax: toRupees(l.taxPaise),
  unit_cost: toRupees(Math.round(l.taxablePaise / (l.quantity + l.freeQuantity))),
})

export async function listPurchases(ctx: StaffCtx, query: { page: number; perPage: number; sort: string; supplier_id?: number }) {
  const { rows, total } = await q.listPurchases(
    ctx.db,
    ctx.site.id,
    query.supplier_id,
    !query.sort.startsWith('-'),
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { data: rows.map(headAnswer), meta: { total, page: query.page, perPage: query.perPage } }
}
