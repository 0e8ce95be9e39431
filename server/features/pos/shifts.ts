import { type CashMoveInput, type CloseShiftInput, DENOMINATIONS, type OpenShiftInput, type ShiftReport } from '../../../common/contracts/pos-shifts'
import { toPaise, toRupees } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as registers from './queries/registers'
import * as q from './queries/shifts'

type Conn = Db | Tx
type Register = registers.RegisterRow

const NO_SHIFT = 'No such shift'
const CLOSED = 'This shift is closed'
export const NO_REGISTER = 'No such register'

/**
 * The demo register sells from the website's first warehouse (CONTRACT). The seed and migration 0021 make it; a
 * website given its first warehouse later gets its register here, on the first shift opened.
 */
async function demoRegister(tx: Tx, websiteId: number): Promise<Register | null> {
  const found = await registers.findRegister(tx, websiteId)
  if (found) return found
  const [first] = await registers.listWarehouses(tx, websiteId).limit(1)
  if (!first) return null
  await registers.insertRegister(tx, { websiteId, warehouseId: first.id, name: 'Counter 1' })
  return registers.findRegister(tx, websiteId)
}

/**
 * The website's registers, the warehouse each sells from and who has a shift open on it, and the warehouses with no
 * register yet (opening a shift there makes one): the counter's register chooser.
 */
export async function listRegisters(ctx: RequestCtx) {
  const [list, stores] = await Promise.all([registers.listRegisters(ctx.db, ctx.site.id), registers.listWarehouses(ctx.db, ctx.site.id)])
  const served = new Set(list.map((r) => r.warehouse_id))
  return { registers: list, warehouses: stores.filter((w) => !served.has(w.id)) }
}

/** The register of a warehouse of the website: its first one, else a new one named after the warehouse. */
async function warehouseRegister(tx: Conn, websiteId: number, warehouseId: number): Promise<Register | null> {
  const store = await registers.findWarehouse(tx, websiteId, warehouseId)
  if (!store) return null
  const found = await registers.warehouseRegister(tx, websiteId, warehouseId)
  if (found) return found
  await registers.insertRegister(tx, { websiteId, warehouseId, name: `Counter at ${store.name}`.slice(0, 120) })
  return registers.warehouseRegister(tx, websiteId, warehouseId)
}

export async function openShift(ctx: StaffWriteCtx, input: OpenShiftInput): Promise<Result<{ shift_id: number }>> {
  const chosen = input.register_id ?? input.warehouse_id
  const register = input.register_id
    ? await registers.findRegister(ctx.db, ctx.site.id, input.register_id)
    : input.warehouse_id
      ? await warehouseRegister(ctx.db, ctx.site.id, input.warehouse_id)
      : await demoRegister(ctx.db, ctx.site.id)
  if (!register)
    return fail(
      chosen ? 'not_found' : 'conflict',
      input.register_id ? NO_REGISTER : input.warehouse_id ? 'No such warehouse' : 'This website has no warehouse to sell from',
    )
  const open = await q.openShiftOn(ctx.db, register.id)
  if (open) return fail('conflict', `A shift is already open on ${register.name}: close it first`)
  const shift = await staffWrite(ctx, { action: 'pos.shift.open', entity: 'pos_shift' }, async (tx) => {
    const row = await q.insertShift(tx, { websiteId: ctx.site.id, registerId: register.id, userId: ctx.user.id, openingPaise: toPaise(input.opening_cash) })
    return { result: row, id: row.id, before: null, after: row }
  })
  return ok({ shift_id: shift.id })
}

export async function moveCash(ctx: StaffWriteCtx, id: number, input: CashMoveInput): Promise<Result<ShiftReport>> {
  const shift = await q.findShift(ctx.db, ctx.site.id, id, true)
  if (!shift) return fail('not_found', NO_SHIFT)
  if (shift.closedAt) return fail('conflict', CLOSED)
  const amountPaise = toPaise(input.amount)
  if (input.kind === 'out') {
    const report = await shiftReport(ctx.db, shift)
    if (amountPaise > toPaise(report.expected_cash)) {
      const message = `The drawer should hold only ${report.expected_cash.toFixed(2)} rupees`
      return fail('invalid', message, { amount: message })
    }
  }
  await staffWrite(ctx, { action: `pos.cash.${input.kind}`, entity: 'pos_shift' }, async (tx) => {
    const row = await q.insertCashMove(tx, { shiftId: shift.id, kind: input.kind, amountPaise, reason: input.reason, userId: ctx.user.id })
    return { result: row, id: shift.id, before: null, after: row }
  })
  return ok(await shiftReport(ctx.db, shift))
}

export async function closeShift(ctx: StaffWriteCtx, id: number, input: CloseShiftInput): Promise<Result<ShiftReport>> {
  // Waits for the sales and returns of the shift still running (they hold it shared).
  const shift = await q.findShift(ctx.db, ctx.site.id, id, true)
  if (!shift) return fail('not_found', NO_SHIFT)
  if (shift.closedAt) return fail('conflict', 'This shift is already closed')
  const counted = Object.fromEntries(DENOMINATIONS.map((d) => [String(d), input.counted[String(d) as '2000'] ?? 0]).filter(([, n]) => Number(n) > 0))
  const countedPaise = DENOMINATIONS.reduce((sum, d) => sum + d * 100 * (input.counted[String(d) as '2000'] ?? 0), 0)
  const before = await shiftReport(ctx.db, shift)
  const closed = await staffWrite(ctx, { action: 'pos.shift.close', entity: 'pos_shift' }, async (tx) => {
    const row = await q.closeShift(tx, shift.id, {
      closedAt: new Date(),
      closedBy: ctx.user.id,
      expectedPaise: toPaise(before.expected_cash),
      countedPaise,
      counted,
    })
    return { result: row, id: shift.id, before: shift, after: row }
  })
  return ok(await shiftReport(ctx.db, closed))
}

export async function getShift(ctx: RequestCtx, id: number): Promise<Result<ShiftReport>> {
  const shift = await q.findShift(ctx.db, ctx.site.id, id)
  return shift ? ok(await shiftReport(ctx.db, shift)) : fail('not_found', NO_SHIFT)
}

export async function currentShift(ctx: RequestCtx, registerId?: number) {
  const register = await registers.findRegister(ctx.db, ctx.site.id, registerId)
  if (!register) return fail('not_found', registerId ? NO_REGISTER : 'This website has no register yet: open a shift to make one')
  const shift = await q.openShiftOn(ctx.db, register.id)
  return ok({
    register: { id: register.id, name: register.name, warehouse_id: register.warehouseId },
    shift: shift ? await shiftReport(ctx.db, shift) : null,
  })
}

const byMethod = (rows: { method: string; paise: number }[]) => {
  const out = { cash: 0, upi: 0, card: 0, khata: 0 }
  for (const r of rows) out[r.method as keyof typeof out] = toRupees(Number(r.paise))
  return out
}

/** The shift's figures, from its rows (never kept as running totals, so they cannot drift). */
export async function shiftReport(db: Conn, shift: q.ShiftRow): Promise<ShiftReport> {
  const [register, cashier, money, counts, moves] = await Promise.all([
    registers.registerById(db, shift.registerId),
    q.userName(db, shift.userId),
    q.shiftMoney(db, shift.id),
    q.shiftCounts(db, shift.id),
    q.cashMoves(db, shift.id),
  ])
  const sales = byMethod(money.filter((m) => m.kind === 'sale').map((m) => ({ method: m.method, paise: Number(m.paise) })))
  const refunds = byMethod(money.filter((m) => m.kind === 'refund').map((m) => ({ method: m.method, paise: -Number(m.paise) })))
  const paiseOf = (kind: 'sale' | 'refund', method: string) => Number(money.find((m) => m.kind === kind && m.method === method)?.paise ?? 0)
  const cashIn = moves.filter((m) => m.kind === 'in').reduce((s, m) => s + m.amountPaise, 0)
  const cashOut = moves.filter((m) => m.kind === 'out').reduce((s, m) => s + m.amountPaise, 0)
  // refund rows are negative: adding them takes the cash given back out of the drawer
  const expected = shift.openingPaise + paiseOf('sale', 'cash') + paiseOf('refund', 'cash') + cashIn - cashOut
  const salesPaise = money.filter((m) => m.kind === 'sale').reduce((s, m) => s + Number(m.paise), 0)
  return {
    shift_id: shift.id,
    register_id: shift.registerId,
    register: register?.name ?? '',
    warehouse_id: register?.warehouseId ?? 0,
    cashier: cashier ?? '',
    status: shift.closedAt ? 'closed' : 'open',
    opened_at: shift.openedAt.toISOString(),
    closed_at: shift.closedAt?.toISOString() ?? null,
    opening_cash: toRupees(shift.openingPaise),
    sales_count: Number(counts.sales),
    sales,
    sales_total: toRupees(salesPaise),
    refunds,
    returns_count: Number(counts.returns),
    discounts: toRupees(Number(counts.discounts)),
    cash_in: toRupees(cashIn),
    cash_out: toRupees(cashOut),
    cash_moves: moves.map((m) => ({ kind: m.kind, amount: toRupees(m.amountPaise), reason: m.reason, at: m.createdAt.toISOString() })),
    expected_cash: toRupees(shift.closedAt && shift.expectedPaise !== null ? shift.expectedPaise : expected),
    counted_cash: shift.countedPaise === null ? null : toRupees(shift.countedPaise),
    counted: shift.counted ?? null,
    difference: shift.countedPaise === null || shift.expectedPaise === null ? null : toRupees(shift.countedPaise - shift.expectedPaise),
  }
}
