import { type ListMeta, parseSort } from '../../../common/contracts/admin'
import type {
  AdjustStockInput,
  SetStockInput,
  StockHistoryQuery,
  StockLevel,
  StockMoveEntry,
  StockQuery,
  StockRow,
  StockState,
} from '../../../common/contracts/admin-stock'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { moveStock, type StockMove } from './moves'
import * as q from './queries'

/** Staff calls of stock: set or adjust on hand with a reason, the low-stock threshold, the stock table, a pack's history. */

const STOCK = { entity: 'stock', changesStorefront: true }

const levelAnswer = (packId: number, warehouseId: number, onHand: number, reserved: number): StockLevel => ({
  pack_id: packId,
  warehouse_id: warehouseId,
  on_hand: onHand,
  reserved,
  available: onHand - reserved,
})

/** CONTRACT `PUT /api/admin/stock`: on hand becomes `quantity`. */
export function setStock(ctx: StaffWriteCtx, input: SetStockInput) {
  return moveByStaff(ctx, input, { onHand: { to: input.quantity }, reason: input.reason, note: input.note ?? null }, 'quantity', 'stock.set')
}

export function adjustStock(ctx: StaffWriteCtx, input: AdjustStockInput) {
  return moveByStaff(ctx, input, { onHand: { by: input.change }, reason: input.reason, note: input.note ?? null }, 'change', 'stock.adjust')
}

async function moveByStaff(
  ctx: StaffWriteCtx,
  where: { pack_id: number; warehouse_id: number },
  move: Pick<StockMove, 'onHand' | 'reason' | 'note'>,
  field: 'quantity' | 'change',
  action: string,
): Promise<Result<StockLevel>> {
  const site = ctx.site.id
  if (!(await q.findPack(ctx.db, site, where.pack_id))) return fail('not_found', 'No such pack on this website')
  if (!(await q.findWarehouse(ctx.db, site, where.warehouse_id))) return fail('not_found', 'No such warehouse on this website')
  // ctx.db is the call's transaction: a refusal below rolls back the empty row a first count makes.
  const moved = await moveStock(ctx.db, { websiteId: site, userId: ctx.user.id, createMissing: true }, [
    { packId: where.pack_id, warehouseId: where.warehouse_id, ...move },
  ])
  if (!moved.ok) {
    if (moved.kind !== 'below_reserved') return fail('not_found', 'No such pack or warehouse on this website')
    const message =
      moved.reserved > 0
        ? `On hand cannot be less than the ${moved.reserved} held by open orders: cancel or deliver those orders first`
        : 'On hand cannot go below 0'
    return invalidFields({ [field]: message })
  }
  const level = moved.levels[0]
  const answer = levelAnswer(where.pack_id, where.warehouse_id, level.onHand, level.reserved)
  const before = levelAnswer(where.pack_id, where.warehouse_id, level.onHand - level.onHandChange, level.reserved - level.reservedChange)
  return ok(
    await staffWrite(ctx, { ...STOCK, action, data: { reason: move.reason, ...(move.note ? { note: move.note } : {}) } }, async () => ({
      id: `${where.pack_id}:${where.warehouse_id}`,
      before,
      after: answer,
      result: answer,
    })),
  )
}

export async function setThreshold(
  ctx: StaffWriteCtx,
  packId: number,
  lowAt: number | null,
): Promise<Result<{ pack_id: number; low_stock_threshold: number }>> {
  const pack = await q.findPack(ctx.db, ctx.site.id, packId)
  if (!pack) return fail('not_found', 'No such pack on this website')
  return ok(
    await staffWrite(ctx, { entity: 'pack', action: 'stock.threshold' }, async (tx) => {
      await q.setThreshold(tx, ctx.site.id, packId, lowAt)
      const after = (await q.findPack(tx, ctx.site.id, packId))!
      return {
        id: packId,
        before: { low_stock_threshold: pack.low_at },
        after: { low_stock_threshold: after.low_at },
        result: { pack_id: packId, low_stock_threshold: after.low_at },
      }
    }),
  )
}

const stateOf = (available: number, lowAt: number): StockState => (available <= 0 ? 'out_of_stock' : available <= lowAt ? 'low' : 'in_stock')

export async function listStock(ctx: StaffCtx, query: StockQuery): Promise<{ data: StockRow[]; meta: ListMeta }> {
  const filter: q.StockFilter = {
    websiteId: ctx.site.id,
    warehouseId: query.warehouse_id,
    productId: query.product_id,
    state: query.state,
    q: query.q || undefined,
  }
  const [rows, total] = await Promise.all([
    q.findStockPage(ctx.db, filter, parseSort(query.sort), query.perPage, (query.page - 1) * query.perPage),
    q.countStock(ctx.db, filter),
  ])
  return {
    data: rows.map((r) => ({
      ...levelAnswer(r.pack_id, r.warehouse_id, r.on_hand, r.reserved),
      product_id: r.product_id,
      product_name: r.product_name,
      pack_name: r.pack_name,
      sku: r.sku,
      image: r.medias?.[0]?.src ?? '',
      warehouse_name: r.warehouse_name,
      low_stock_threshold: r.low_at,
      state: stateOf(r.on_hand - r.reserved, r.low_at),
    })),
    meta: { total, page: query.page, perPage: query.perPage },
  }
}

export async function stockHistory(ctx: StaffCtx, packId: number, query: StockHistoryQuery) {
  const pack = await q.findPack(ctx.db, ctx.site.id, packId)
  if (!pack) return fail('not_found', 'No such pack on this website')
  if (query.warehouse_id && !(await q.findWarehouse(ctx.db, ctx.site.id, query.warehouse_id))) return fail('not_found', 'No such warehouse on this website')
  const { rows, total } = await q.findLedgerPage(
    ctx.db,
    ctx.site.id,
    packId,
    query.warehouse_id,
    parseSort(query.sort).desc,
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  const data: StockMoveEntry[] = rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.created_at).toISOString(),
    warehouse_id: r.warehouse_id,
    warehouse_name: r.warehouse_name,
    reason: r.reason,
    on_hand_change: r.on_hand_change,
    reserved_change: r.reserved_change,
    on_hand_after: r.on_hand_after,
    reserved_after: r.reserved_after,
    user: r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '' },
    order: r.order_id === null ? null : { id: r.order_id, order_number: r.order_number ?? '' },
    note: r.note,
  }))
  return ok({
    pack: { pack_id: pack.pack_id, pack_name: pack.pack_name, product_id: pack.product_id, product_name: pack.product_name, low_stock_threshold: pack.low_at },
    data,
    meta: { total, page: query.page, perPage: query.perPage },
  })
}
