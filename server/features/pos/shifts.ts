import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { type CashMoveInput, type CloseShiftInput, DENOMINATIONS, type OpenShiftInput, type ShiftReport } from '../../../common/contracts/pos'
import { toPaise, toRupees } from '../../../common/money'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { posCashMoves, posRegisters, posShifts, users, warehouses } from '../../db/schema/index'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'

type Conn = Db | Tx
type Register = typeof posRegisters.$inferSelect
type Shift = typeof posShifts.$inferSelect

const NO_SHIFT = 'No such shift'
const CLOSED = 'This shift is closed'

/** The website's register: the one asked for, else the demo register (the first one). */
export async function findRegister(db: Conn, websiteId: number, registerId?: number): Promise<Register | null> {
  const rows = await db
    .select()
    .from(posRegisters)
    .where(registerId ? and(eq(posRegisters.websiteId, websiteId), eq(posRegisters.id, registerId)) : eq(posRegisters.websiteId, websiteId))
    .orderBy(asc(posRegisters.id))
    .limit(1)
  return rows[0] ?? null
}

/**
 * The demo register sells from the website's first warehouse (CONTRACT). The seed and migration 0021 make it; a
 * website given its first warehouse later gets its register here, on the first shift opened.
 */
async function demoRegister(tx: Tx, websiteId: number): Promise<Register | null> {
  const found = await findRegister(tx, websiteId)
  if (found) return found
  const [first] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id))
    .limit(1)
  if (!first) return null
  await tx.insert(posRegisters).values({ websiteId, warehouseId: first.id, name: 'Counter 1' }).onConflictDoNothing()
  return findRegister(tx, websiteId)
}

export const NO_REGISTER = 'No such register'

/**
 * The website's registers, the warehouse each sells from and who has a shift open on it, and the warehouses with no
 * register yet (opening a shift there makes one): the counter's register chooser.
 */
export async function listRegisters(ctx: RequestCtx) {
  const [registers, stores] = await Promise.all([
    ctx.db
      .select({ id: posRegisters.id, name: posRegisters.name, warehouse_id: posRegisters.warehouseId, warehouse: warehouses.name, open_by: users.name })
      .from(posRegisters)
      .innerJoin(warehouses, eq(warehouses.id, posRegisters.warehouseId))
      .leftJoin(posShifts, and(eq(posShifts.registerId, posRegisters.id), isNull(posShifts.closedAt)))
      .leftJoin(users, eq(users.id, posShifts.userId))
      .where(eq(posRegisters.websiteId, ctx.site.id))
      .orderBy(asc(posRegisters.id)),
    ctx.db
      .select({ id: warehouses.id, name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.websiteId, ctx.site.id))
      .orderBy(desc(warehouses.isDefault), asc(warehouses.id)),
  ])
  const served = new Set(registers.map((r) => r.warehouse_id))
  return { registers, warehouses: stores.filter((w) => !served.has(w.id)) }
}

/** The register of a warehouse of the website: its first one, else a new one named after the warehouse. */
async function warehouseRegister(tx: Conn, websiteId: number, warehouseId: number): Promise<Register | null> {
  const [store] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, warehouseId)))
  if (!store) return null
  const find = () =>
    tx
      .select()
      .from(posRegisters)
      .where(and(eq(posRegisters.websiteId, websiteId), eq(posRegisters.warehouseId, warehouseId)))
      .orderBy(asc(posRegisters.id))
      .limit(1)
      .then((r) => r[0] ?? null)
  const found = await find()
  if (found) return found
  await tx
    .insert(posRegisters)
    .values({ websiteId, warehouseId, name: `Counter at ${store.name}`.slice(0, 120) })
    .onConflictDoNothing()
  return find()
}

export const openShiftOn = (db: Conn, registerId: number) =>
  db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.registerId, registerId), isNull(posShifts.closedAt)))
    .then((r) => r[0] ?? null)

/**
 * The open shift of the register, share-locked: sales and returns of the shift run side by side, a close waits for
 * them (and they for it), so a closed shift's figures never change.
 */
export async function lockOpenShift(tx: Tx, registerId: number): Promise<Shift | null> {
  const rows = await tx
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.registerId, registerId), isNull(posShifts.closedAt)))
    .for('share')
  return rows[0] ?? null
}

export async function openShift(ctx: StaffWriteCtx, input: OpenShiftInput): Promise<Result<{ shift_id: number }>> {
  const chosen = input.register_id ?? input.warehouse_id
  const register = input.register_id
    ? await findRegister(ctx.db, ctx.site.id, input.register_id)
    : input.warehouse_id
      ? await warehouseRegister(ctx.db, ctx.site.id, input.warehouse_id)
      : await demoRegister(ctx.db, ctx.site.id)
  if (!register)
    return fail(
      chosen ? 'not_found' : 'conflict',
      input.register_id ? NO_REGISTER : input.warehouse_id ? 'No such warehouse' : 'This website has no warehouse to sell from',
    )
  const open = await openShiftOn(ctx.db, register.id)
  if (open) return fail('conflict', `A shift is already open on ${register.name}: close it first`)
  const shift = await staffWrite(ctx, { action: 'pos.shift.open', entity: 'pos_shift' }, async (tx) => {
    const [row] = await tx
      .insert(posShifts)
      .values({ websiteId: ctx.site.id, registerId: register.id, userId: ctx.user.id, openingPaise: toPaise(input.opening_cash) })
      .returning()
    return { result: row, id: row.id, before: null, after: row }
  })
  return ok({ shift_id: shift.id })
}

async function siteShift(db: Conn, websiteId: number, id: number, lock = false): Promise<Shift | null> {
  const q = db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.websiteId, websiteId), eq(posShifts.id, id)))
  const rows = lock ? await q.for('update') : await q
  return rows[0] ?? null
}

export async function moveCash(ctx: StaffWriteCtx, id: number, input: CashMoveInput): Promise<Result<ShiftReport>> {
  const shift = await siteShift(ctx.db, ctx.site.id, id, true)
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
    const [row] = await tx
      .insert(posCashMoves)
      .values({ shiftId: shift.id, kind: input.kind, amountPaise, reason: input.reason, userId: ctx.user.id })
      .returning()
    return { result: row, id: shift.id, before: null, after: row }
  })
  return ok(await shiftReport(ctx.db, shift))
}

export async function closeShift(ctx: StaffWriteCtx, id: number, input: CloseShiftInput): Promise<Result<ShiftReport>> {
  // Waits for the sales and returns of the shift still running (they hold it shared).
  const shift = await siteShift(ctx.db, ctx.site.id, id, true)
  if (!shift) return fail('not_found', NO_SHIFT)
  if (shift.closedAt) return fail('conflict', 'This shift is already closed')
  const counted = Object.fromEntries(DENOMINATIONS.map((d) => [String(d), input.counted[String(d) as '2000'] ?? 0]).filter(([, n]) => Number(n) > 0))
  const countedPaise = DENOMINATIONS.reduce((sum, d) => sum + d * 100 * (input.counted[String(d) as '2000'] ?? 0), 0)
  const before = await shiftReport(ctx.db, shift)
  const closed = await staffWrite(ctx, { action: 'pos.shift.close', entity: 'pos_shift' }, async (tx) => {
    const [row] = await tx
      .update(posShifts)
      .set({ closedAt: new Date(), closedBy: ctx.user.id, expectedPaise: toPaise(before.expected_cash), countedPaise, counted })
      .where(eq(posShifts.id, shift.id))
      .returning()
    return { result: row, id: shift.id, before: shift, after: row }
  })
  return ok(await shiftReport(ctx.db, closed))
}

export async function getShift(ctx: RequestCtx, id: number): Promise<Result<ShiftReport>> {
  const shift = await siteShift(ctx.db, ctx.site.id, id)
  return shift ? ok(await shiftReport(ctx.db, shift)) : fail('not_found', NO_SHIFT)
}

export async function currentShift(ctx: RequestCtx, registerId?: number) {
  const register = await findRegister(ctx.db, ctx.site.id, registerId)
  if (!register) return fail('not_found', registerId ? NO_REGISTER : 'This website has no register yet: open a shift to make one')
  const shift = await openShiftOn(ctx.db, register.id)
  return ok({
    register: { id: register.id, name: register.name, warehouse_id: register.warehouseId },
    shift: shift ? await shiftReport(ctx.db, shift) : null,
  })
}

const byMethod = (rows: { method: string; paise: number }[]) => {
  const out = { cash: 0, upi: 0, card: 0 }
  for (const r of rows) out[r.method as keyof typeof out] = toRupees(Number(r.paise))
  return out
}

/** The shift's figures, from its rows (never kept as running totals, so they cannot drift). */
export async function shiftReport(db: Conn, shift: Shift): Promise<ShiftReport> {
  const [register] = await db.select().from(posRegisters).where(eq(posRegisters.id, shift.registerId))
  const [cashier] = await db.select({ name: users.name }).from(users).where(eq(users.id, shift.userId))
  const money = rowsOf<{ method: string; kind: 'sale' | 'refund'; paise: string | number }>(
    await db.execute(sql`
      select method, case when return_id is null then 'sale' else 'refund' end as kind, sum(amount_paise) as paise
      from pos_payments where shift_id = ${shift.id} group by 1, 2`),
  )
  const [counts] = rowsOf<{ sales: string | number; discounts: string | number; returns: string | number }>(
    await db.execute(sql`
      select (select count(*) from pos_sales where shift_id = ${shift.id} and order_id is not null) as sales,
        (select coalesce(sum(discount_paise + coupon_paise), 0) from pos_sales where shift_id = ${shift.id}) as discounts,
        (select count(*) from pos_returns where shift_id = ${shift.id}) as returns`),
  )
  const moves = await db.select().from(posCashMoves).where(eq(posCashMoves.shiftId, shift.id)).orderBy(asc(posCashMoves.id))
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
    cashier: cashier?.name ?? '',
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
