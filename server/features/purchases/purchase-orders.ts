import type { PurchaseOrder, PurchaseOrderInput, PurchaseOrderPatch } from '../../../common/contracts/admin-supplier-books'
import { toPaise, toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as b from './books-queries'
import * as q from './queries'

/**
 * Purchase orders (issue 33): a draft is changed freely, then sent (the supplier's copy: not changed again), then
 * received by bills against it (receive.ts moves its lines' received and its status), or cancelled.
 */

export const orderNumber = (seq: number) => `PO-${String(seq).padStart(5, '0')}`
const iso = (d: string | Date) => new Date(d).toISOString()

async function answer(db: StaffCtx['db'], site: number, id: number): Promise<PurchaseOrder | null> {
  const head = await b.findOrder(db, site, id)
  if (!head) return null
  const lines = await b.orderLines(db, id)
  return {
    id: head.id,
    number: orderNumber(head.seq),
    supplier_id: head.supplier_id,
    supplier_name: head.supplier_name,
    warehouse_id: head.warehouse_id,
    status: head.status,
    note: head.note,
    expected_on: head.expected_on,
    total: toRupees(head.total_paise),
    created_at: iso(head.created_at),
    updated_at: iso(head.updated_at),
    lines: lines.map(({ line: l, productName, packName }) => ({
      id: l.id,
      pack_id: l.packId,
      product_name: productName,
      pack_name: packName,
      quantity: l.quantity,
      received: l.received,
      remaining: Math.max(l.quantity - l.received, 0),
      cost_price: toRupees(l.costPaise),
      gst_rate: l.gstRate,
    })),
  }
}

/** The lines' packs must be this website's, each pack once. */
async function checkLines(ctx: StaffCtx, lines: PurchaseOrderInput['lines']) {
  const known = new Set(
    (
      await q.packsOf(
        ctx.db,
        ctx.site.id,
        lines.map((l) => l.pack_id),
      )
    ).map((p) => p.id),
  )
  const errors: Record<string, string> = {}
  const seen = new Set<number>()
  lines.forEach((l, i) => {
    if (!known.has(l.pack_id)) errors[`lines.${i}.pack_id`] = 'No such pack on this website'
    else if (seen.has(l.pack_id)) errors[`lines.${i}.pack_id`] = 'This pack is on the order already: change that line’s quantity'
    seen.add(l.pack_id)
  })
  return errors
}
const lineRows = (lines: PurchaseOrderInput['lines']) =>
  lines.map((l) => ({ packId: l.pack_id, quantity: l.quantity, costPaise: toPaise(l.cost_price), gstRate: l.gst_rate ?? 0 }))

export async function createOrder(ctx: StaffWriteCtx, input: PurchaseOrderInput): Promise<Result<PurchaseOrder>> {
  const site = ctx.site.id
  const errors: Record<string, string> = {}
  if (!(await q.findSupplier(ctx.db, site, input.supplier_id))) errors.supplier_id = 'No such supplier on this website'
  if (!(await q.findWarehouse(ctx.db, site, input.warehouse_id))) errors.warehouse_id = 'No such warehouse on this website'
  Object.assign(errors, await checkLines(ctx, input.lines))
  if (Object.keys(errors).length) return invalidFields(errors)
  const made = await staffWrite(ctx, { entity: 'purchase_order', action: 'purchase_order.create' }, async (tx) => {
    const seq = await b.nextNumber(tx, site, 'purchase_order')
    const id = await b.insertOrder(tx, {
      websiteId: site,
      seq,
      supplierId: input.supplier_id,
      warehouseId: input.warehouse_id,
      note: input.note ?? '',
      expectedOn: input.expected_on ?? null,
      userId: ctx.user.id,
    })
    await b.replaceOrderLines(tx, id, lineRows(input.lines))
    const after = (await answer(tx, site, id))!
    return { result: after, id, before: null, after }
  })
  return ok(made)
}

export async function getOrder(ctx: StaffCtx, id: number): Promise<Result<PurchaseOrder>> {
  const found = await answer(ctx.db, ctx.site.id, id)
  return found ? ok(found) : fail('not_found', 'No such purchase order on this website')
}

export async function updateOrder(ctx: StaffWriteCtx, id: number, input: PurchaseOrderPatch): Promise<Result<PurchaseOrder>> {
  const site = ctx.site.id
  const head = await b.findOrder(ctx.db, site, id, true)
  if (!head) return fail('not_found', 'No such purchase order on this website')
  if (head.status !== 'draft') return fail('conflict', `Only a draft can be changed: ${orderNumber(head.seq)} is ${head.status.replace('_', ' ')}`)
  if (input.lines) {
    const errors = await checkLines(ctx, input.lines)
    if (Object.keys(errors).length) return invalidFields(errors)
  }
  const before = (await answer(ctx.db, site, id))!
  return ok(
    await staffWrite(ctx, { entity: 'purchase_order', action: 'purchase_order.update' }, async (tx) => {
      await b.updateOrder(tx, site, id, { note: input.note, expectedOn: input.expected_on })
      if (input.lines) await b.replaceOrderLines(tx, id, lineRows(input.lines))
      const after = (await answer(tx, site, id))!
      return { result: after, id, before, after }
    }),
  )
}

/** draft → sent; sent or part received → cancelled (what came stays received). */
export async function moveOrder(ctx: StaffWriteCtx, id: number, to: 'sent' | 'cancelled'): Promise<Result<PurchaseOrder>> {
  const site = ctx.site.id
  const head = await b.findOrder(ctx.db, site, id, true)
  if (!head) return fail('not_found', 'No such purchase order on this website')
  const from = to === 'sent' ? ['draft'] : ['draft', 'sent', 'part_received']
  if (!from.includes(head.status))
    return fail('conflict', `${orderNumber(head.seq)} is ${head.status.replace('_', ' ')}: it cannot be ${to === 'sent' ? 'sent' : 'cancelled'}`)
  const before = (await answer(ctx.db, site, id))!
  return ok(
    await staffWrite(ctx, { entity: 'purchase_order', action: to === 'sent' ? 'purchase_order.send' : 'purchase_order.cancel' }, async (tx) => {
      await b.updateOrder(tx, site, id, { status: to })
      const after = (await answer(tx, site, id))!
      return { result: after, id, before, after }
    }),
  )
}

export async function listOrders(ctx: StaffCtx, query: { page: number; perPage: number; sort: string; supplier_id?: number; status?: string }) {
  const { rows, total } = await b.listOrders(
    ctx.db,
    ctx.site.id,
    { supplierId: query.supplier_id, status: query.status },
    !query.sort.startsWith('-'),
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return {
    data: rows.map((h) => ({
      id: h.id,
      number: orderNumber(h.seq),
      supplier_id: h.supplier_id,
      supplier_name: h.supplier_name,
      warehouse_id: h.warehouse_id,
      status: h.status,
      note: h.note,
      expected_on: h.expected_on,
      total: toRupees(h.total_paise),
      created_at: iso(h.created_at),
      updated_at: iso(h.updated_at),
    })),
    meta: { total, page: query.page, perPage: query.perPage },
  }
}

/**
 * A bill received against an order (receive.ts, in its transaction): the order must be this supplier's and
 * warehouse's, sent or part received; its row stays locked until the bill commits, so two bills against one order
 * count their units one after the other.
 */
export async function checkReceivable(tx: StaffWriteCtx['db'], site: number, id: number, supplierId: number, warehouseId: number) {
  const head = await b.findOrder(tx, site, id, true)
  if (!head) return 'No such purchase order on this website'
  if (head.supplier_id !== supplierId) return `${orderNumber(head.seq)} is to ${head.supplier_name}, not this supplier`
  if (head.warehouse_id !== warehouseId) return `${orderNumber(head.seq)} is for another warehouse`
  if (head.status === 'draft') return `${orderNumber(head.seq)} is a draft: send it before receiving against it`
  if (head.status === 'received' || head.status === 'cancelled') return `${orderNumber(head.seq)} is ${head.status}: nothing more is received against it`
  return null
}
