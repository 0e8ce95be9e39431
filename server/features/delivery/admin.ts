import type {
  AdminPincode,
  ChargeRuleInput,
  Closure,
  ClosureInput,
  DeliveryCharges,
  PincodePreview,
  PincodeQuery,
  SlotFill,
  SlotTemplate,
  SlotTemplateInput,
} from '../../../common/contracts/admin-delivery'
import { toPaise, toRupees } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite, staffWrites } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './admin-queries'
import { findTemplate } from './queries'
import { addDays, ensureSlots, isClosed, loadPlan, offeredDates, type SlotPlan, shopClock } from './schedule'

/**
 * Staff calls of delivery settings (docs/decisions/0021-delivery-settings.md). Every write changes what shoppers
 * are offered (serviceability, charges, slots), so each drops the website's cached answers.
 */

const DELIVERY = { changesStorefront: true }
const noWarehouse = () => fail('not_found', 'No such warehouse on this website')

async function warehouseOf(db: Db | Tx, websiteId: number, id: number) {
  return (await q.warehousesOf(db, websiteId)).find((w) => w.id === id) ?? null
}

/* ---------- pincodes ---------- */

const PINCODE = /^[1-9]\d{5}$/

export async function listPincodes(ctx: StaffCtx, query: PincodeQuery) {
  const { rows, total } = await q.listPincodes(ctx.db, ctx.site.id, query)
  const data: AdminPincode[] = rows.map((r) => ({
    pincode: r.pincode,
    warehouse_id: r.warehouseId,
    warehouse_name: r.warehouseName,
    delivery_days: r.deliveryDays,
  }))
  return { data, meta: { total, page: query.page, perPage: query.perPage } }
}

/** Pasted text or a CSV's first column: pincodes separated by commas, semicolons, spaces or new lines; each once. */
export function pastedPincodes(text: string): { valid: string[]; invalid: string[] } {
  const tokens = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((t) => t.replace(/^["']|["']$/g, ''))
        .filter(Boolean),
    ),
  ]
  return { valid: tokens.filter((t) => PINCODE.test(t)), invalid: tokens.filter((t) => !PINCODE.test(t)) }
}

export async function previewPincodes(ctx: StaffCtx, warehouseId: number, text: string): Promise<Result<PincodePreview>> {
  const warehouses = await q.warehousesOf(ctx.db, ctx.site.id)
  if (!warehouses.some((w) => w.id === warehouseId)) return noWarehouse()
  const { valid, invalid } = pastedPincodes(text)
  const served = new Map((await q.findServed(ctx.db, ctx.site.id, valid)).map((s) => [s.pincode, s.warehouseId]))
  const name = (id: number) => warehouses.find((w) => w.id === id)?.name ?? ''
  return ok({
    new: valid.filter((p) => !served.has(p)),
    already: valid.filter((p) => served.get(p) === warehouseId),
    taken: valid.flatMap((p) => {
      const other = served.get(p)
      return other !== undefined && other !== warehouseId ? [{ pincode: p, warehouse_id: other, warehouse_name: name(other) }] : []
    }),
    invalid: invalid.slice(0, 500),
  })
}

/** A pincode is served by one warehouse of the website (checkout finds the warehouse by it). */
export async function addPincodes(ctx: StaffWriteCtx, warehouseId: number, list: string[], deliveryDays: number): Promise<Result<{ added: string[] }>> {
  const warehouses = await q.warehousesOf(ctx.db, ctx.site.id)
  if (!warehouses.some((w) => w.id === warehouseId)) return noWarehouse()
  const unique = [...new Set(list)]
  const served = await q.findServed(ctx.db, ctx.site.id, unique)
  const taken = served.filter((s) => s.warehouseId !== warehouseId)
  if (taken.length) {
    const names = [...new Set(taken.map((t) => warehouses.find((w) => w.id === t.warehouseId)?.name))].join(', ')
    const shown = taken.slice(0, 5).map((t) => t.pincode)
    return invalidFields({
      pincodes: `${shown.join(', ')}${taken.length > 5 ? ` and ${taken.length - 5} more` : ''} ${taken.length === 1 ? 'is' : 'are'} already served by ${names}`,
    })
  }
  const fresh = unique.filter((p) => !served.some((s) => s.pincode === p))
  if (fresh.length === 0) return invalidFields({ pincodes: 'This warehouse serves all of these pincodes already' })
  const added = await staffWrites(ctx, { ...DELIVERY, action: 'pincode.add', entity: 'pincode', data: { warehouse_id: warehouseId } }, async (tx) => {
    const rows = await q.insertPincodes(tx, ctx.site.id, warehouseId, fresh, deliveryDays)
    return { result: rows, changes: rows.map((p) => ({ id: p, before: null, after: { warehouse_id: warehouseId, delivery_days: deliveryDays } })) }
  })
  // Another save took them all in between: nothing was written, say so.
  if (added.length === 0) return fail('conflict', 'Someone added these pincodes at the same moment: look at the list again')
  return ok({ added })
}

async function lockAll(ctx: StaffWriteCtx, list: string[]) {
  const unique = [...new Set(list)]
  const rows = await q.lockPincodes(ctx.db, ctx.site.id, unique)
  return rows.length === unique.length ? { unique, rows } : null
}

const notServed = () => fail('not_found', 'Some of these pincodes are not served by this website')

export async function setPincodeDays(ctx: StaffWriteCtx, list: string[], deliveryDays: number): Promise<Result<{ data: AdminPincode[] }>> {
  const locked = await lockAll(ctx, list)
  if (!locked) return notServed()
  const warehouses = await q.warehousesOf(ctx.db, ctx.site.id)
  const data = await staffWrites(ctx, { ...DELIVERY, action: 'pincode.days', entity: 'pincode' }, async (tx) => {
    await q.setDays(tx, ctx.site.id, locked.unique, deliveryDays)
    return {
      result: locked.rows.map((r) => ({
        pincode: r.pincode,
        warehouse_id: r.warehouseId,
        warehouse_name: warehouses.find((w) => w.id === r.warehouseId)?.name ?? '',
        delivery_days: deliveryDays,
      })),
      changes: locked.rows.map((r) => ({
        id: r.pincode,
        before: { warehouse_id: r.warehouseId, delivery_days: r.deliveryDays },
        after: { warehouse_id: r.warehouseId, delivery_days: deliveryDays },
      })),
    }
  })
  return ok({ data })
}

/** Orders already placed keep their delivery: they hold their address and slot, not the pincode row. */
export async function removePincodes(ctx: StaffWriteCtx, list: string[]): Promise<Result<{ removed: string[] }>> {
  const locked = await lockAll(ctx, list)
  if (!locked) return notServed()
  const removed = await staffWrites(ctx, { ...DELIVERY, action: 'pincode.remove', entity: 'pincode' }, async (tx) => {
    await q.deletePincodes(tx, ctx.site.id, locked.unique)
    return {
      result: locked.rows.map((r) => r.pincode),
      changes: locked.rows.map((r) => ({ id: r.pincode, before: { warehouse_id: r.warehouseId, delivery_days: r.deliveryDays }, after: null })),
    }
  })
  return ok({ removed })
}

/* ---------- charges ---------- */

const rupees = (r: { chargePaise: number; freeAbovePaise: number }) => ({ charge: toRupees(r.chargePaise), free_above: toRupees(r.freeAbovePaise) })
const paise = (r: ChargeRuleInput) => ({ chargePaise: toPaise(r.charge), freeAbovePaise: toPaise(r.free_above) })

async function charges(db: Db | Tx, websiteId: number): Promise<DeliveryCharges> {
  const [website, warehouses, rows] = await Promise.all([q.websiteRule(db, websiteId), q.warehousesOf(db, websiteId), q.chargeRows(db, websiteId)])
  return {
    website: rupees(website),
    warehouses: warehouses.map((w) => {
      const row = rows.find((r) => r.warehouseId === w.id)
      const own =
        row && row.chargePaise !== null && row.freeAbovePaise !== null ? rupees({ chargePaise: row.chargePaise, freeAbovePaise: row.freeAbovePaise }) : null
      return { warehouse_id: w.id, warehouse_name: w.name, own, applies: own ?? rupees(website) }
    }),
  }
}

export const getCharges = (ctx: StaffCtx) => charges(ctx.db, ctx.site.id)

export async function setWebsiteCharges(ctx: StaffWriteCtx, input: ChargeRuleInput): Promise<DeliveryCharges> {
  const before = (await charges(ctx.db, ctx.site.id)).website
  return staffWrite(ctx, { ...DELIVERY, action: 'delivery.charges', entity: 'website' }, async (tx) => {
    await q.setWebsiteRule(tx, ctx.site.id, paise(input))
    const after = await charges(tx, ctx.site.id)
    return { id: ctx.site.id, before, after: after.website, result: after }
  })
}

export async function setWarehouseCharges(ctx: StaffWriteCtx, warehouseId: number, own: ChargeRuleInput | null): Promise<Result<DeliveryCharges>> {
  const current = await charges(ctx.db, ctx.site.id)
  const before = current.warehouses.find((w) => w.warehouse_id === warehouseId)
  if (!before) return noWarehouse()
  return ok(
    await staffWrite(ctx, { ...DELIVERY, action: 'delivery.warehouse_charges', entity: 'warehouse' }, async (tx) => {
      await q.setWarehouseRule(tx, ctx.site.id, warehouseId, own && paise(own))
      const after = await charges(tx, ctx.site.id)
      return { id: warehouseId, before: { own: before.own }, after: { own: after.warehouses.find((w) => w.warehouse_id === warehouseId)!.own }, result: after }
    }),
  )
}

/* ---------- slot templates ---------- */

const TEMPLATE = { entity: 'delivery_template' }

function templateAnswer(warehouseId: number, plan: SlotPlan, version: number): SlotTemplate {
  const t = plan.template
  return {
    warehouse_id: warehouseId,
    weekdays: t.weekdays,
    windows: t.windows,
    capacity: t.capacity,
    cutoff_minutes: t.cutoffMinutes,
    days_ahead: t.daysAhead,
    version,
  }
}

/** The record as the audit log keeps it (what a 409's `changed` is worked out from). */
const record = ({ version: _v, warehouse_id: _w, ...rest }: SlotTemplate) => rest

async function templateOf(db: Db | Tx, websiteId: number, warehouseId: number) {
  const [plan, row] = await Promise.all([loadPlan(db, websiteId, warehouseId), findTemplate(db, websiteId, warehouseId)])
  return templateAnswer(warehouseId, plan, row?.version ?? 0)
}

export async function getTemplate(ctx: StaffCtx, warehouseId: number): Promise<Result<SlotTemplate>> {
  if (!(await warehouseOf(ctx.db, ctx.site.id, warehouseId))) return noWarehouse()
  return ok(await templateOf(ctx.db, ctx.site.id, warehouseId))
}

/** Windows end after they start and do not overlap (two windows at once would split one van's round). */
function windowErrors(windows: { start: string; end: string }[]): Record<string, string> {
  const errors: Record<string, string> = {}
  windows.forEach((w, i) => {
    if (w.end <= w.start) errors[`windows.${i}.end`] = 'The window must end after it starts'
  })
  if (Object.keys(errors).length) return errors
  windows.forEach((w, i) => {
    // the later of two overlapping windows is the one named
    const other = windows.slice(0, i).find((o) => o.start < w.end && w.start < o.end)
    if (other) errors[`windows.${i}.start`] = `Overlaps the window ${other.start}–${other.end}`
  })
  return errors
}

export async function setTemplate(ctx: StaffWriteCtx, warehouseId: number, input: SlotTemplateInput): Promise<Result<SlotTemplate>> {
  const site = ctx.site.id
  const warehouse = await warehouseOf(ctx.db, site, warehouseId)
  if (!warehouse) return noWarehouse()
  const row = await q.lockTemplate(ctx.db, site, warehouseId)
  const current = templateAnswer(warehouseId, await loadPlan(ctx.db, site, warehouseId), row?.version ?? 0)
  await expectVersion(
    ctx,
    { ...TEMPLATE, id: warehouseId, label: `The slot template of ${warehouse.name}` },
    input.version,
    { version: current.version, record: record(current) },
    current,
  )
  const errors = windowErrors(input.windows)
  if (Object.keys(errors).length) return invalidFields(errors)
  const values = {
    weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
    windows: [...input.windows].sort((a, b) => a.start.localeCompare(b.start)),
    capacity: input.capacity,
    cutoffMinutes: input.cutoff_minutes,
    daysAhead: input.days_ahead,
  }
  return ok(
    await staffWrite(ctx, { ...DELIVERY, ...TEMPLATE, action: 'delivery_template.update' }, async (tx) => {
      await q.saveTemplate(tx, site, warehouseId, values)
      await followPlan(tx, site, warehouseId)
      const after = await templateOf(tx, site, warehouseId)
      return { id: warehouseId, before: { ...record(current), version: current.version }, after: { ...record(after), version: after.version }, result: after }
    }),
  )
}

/**
 * The slots already made (today on) follow the plan: a window still offered keeps at least its bookings as
 * capacity; one taken out of the template, or on a day no longer offered (weekday, closure, horizon), is withdrawn:
 * it keeps the orders booked in it and is offered no more. A window whose end moved takes the new end while nobody
 * has booked it; once booked it keeps the end its orders were promised and is withdrawn.
 */
export async function followPlan(tx: Tx, websiteId: number, warehouseId: number, now = new Date()) {
  const plan = await loadPlan(tx, websiteId, warehouseId)
  const today = shopClock(now).date
  const dates = new Set(offeredDates(plan, today))
  const offer: number[] = []
  const withdraw: number[] = []
  for (const slot of await q.slotsFrom(tx, websiteId, warehouseId, today)) {
    const window = plan.template.windows.find((w) => w.start === slot.startTime)
    const kept = dates.has(slot.date) && window && (window.end === slot.endTime || slot.booked === 0)
    if (!kept) {
      if (!slot.withdrawn) withdraw.push(slot.id)
      continue
    }
    if (window.end !== slot.endTime) await q.moveSlotEnd(tx, slot.id, window.end)
    offer.push(slot.id)
  }
  await q.offerSlots(tx, offer, plan.template.capacity)
  await q.withdrawSlots(tx, withdraw)
}

/* ---------- closures ---------- */

type ClosureRow = Awaited<ReturnType<typeof q.listClosures>>[number]
const closureAnswer = (c: ClosureRow): Closure => ({
  id: c.id,
  warehouse_id: c.warehouseId,
  warehouse_name: c.warehouseName,
  from: c.fromDate,
  to: c.toDate,
  reason: c.reason,
})

export async function listClosures(ctx: StaffCtx) {
  return { data: (await q.listClosures(ctx.db, ctx.site.id, shopClock(new Date()).date)).map(closureAnswer) }
}

async function followClosure(tx: Tx, websiteId: number, warehouseId: number | null) {
  const ids = warehouseId === null ? (await q.warehousesOf(tx, websiteId)).map((w) => w.id) : [warehouseId]
  for (const id of ids) await followPlan(tx, websiteId, id)
}

export async function createClosure(ctx: StaffWriteCtx, input: ClosureInput): Promise<Result<Closure>> {
  const site = ctx.site.id
  if (input.warehouse_id !== null && !(await warehouseOf(ctx.db, site, input.warehouse_id))) return noWarehouse()
  // the days themselves are checked by the contract's date rule (common/dates.ts)
  const errors: Record<string, string> = {}
  if (input.to < input.from) errors.to = 'The last day cannot be before the first'
  else if (input.to < shopClock(new Date()).date) errors.to = 'These days have already passed'
  else if (addDays(input.from, 366) < input.to) errors.to = 'A closure is at most a year long'
  if (Object.keys(errors).length) return invalidFields(errors)
  return ok(
    await staffWrite(ctx, { ...DELIVERY, action: 'delivery_closure.create', entity: 'delivery_closure' }, async (tx) => {
      const id = await q.insertClosure(tx, { websiteId: site, warehouseId: input.warehouse_id, fromDate: input.from, toDate: input.to, reason: input.reason })
      await followClosure(tx, site, input.warehouse_id)
      const after = closureAnswer((await q.listClosures(tx, site, input.to)).find((c) => c.id === id)!)
      return { id, before: null, after, result: after }
    }),
  )
}

export async function deleteClosure(ctx: StaffWriteCtx, id: number): Promise<Result<{ id: number }>> {
  const site = ctx.site.id
  const found = await q.findClosure(ctx.db, site, id)
  if (!found) return fail('not_found', 'No such closure on this website')
  return ok(
    await staffWrite(ctx, { ...DELIVERY, action: 'delivery_closure.delete', entity: 'delivery_closure' }, async (tx) => {
      await q.deleteClosureRow(tx, id)
      await followClosure(tx, site, found.warehouseId)
      return {
        id,
        before: { warehouse_id: found.warehouseId, from: found.fromDate, to: found.toDate, reason: found.reason },
        after: null,
        result: { id },
      }
    }),
  )
}

/* ---------- fill ---------- */

/** The coming days' slots of a warehouse, made first when the template offers them and none exist yet. */
export async function slotFill(ctx: StaffCtx, warehouseId: number, days: number): Promise<Result<SlotFill>> {
  if (!(await warehouseOf(ctx.db, ctx.site.id, warehouseId))) return noWarehouse()
  await ensureSlots(ctx, warehouseId)
  const today = shopClock(new Date()).date
  const last = addDays(today, days - 1)
  const [plan, rows] = await Promise.all([loadPlan(ctx.db, ctx.site.id, warehouseId), q.slotsFrom(ctx.db, ctx.site.id, warehouseId, today, last)])
  const closures = await q.listClosures(ctx.db, ctx.site.id, today)
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i)).map((date) => {
    const closure = isClosed(plan, date)
      ? closures.find((c) => (c.warehouseId === null || c.warehouseId === warehouseId) && c.fromDate <= date && date <= c.toDate)
      : undefined
    return { date, closed: closure?.reason ?? null }
  })
  const windows = new Map(plan.template.windows.map((w) => [`${w.start}-${w.end}`, w]))
  for (const r of rows) if (r.booked > 0 || !r.withdrawn) windows.set(`${r.startTime}-${r.endTime}`, { start: r.startTime, end: r.endTime })
  return ok({
    warehouse_id: warehouseId,
    dates,
    windows: [...windows.values()].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end)),
    slots: rows
      .filter((r) => r.booked > 0 || !r.withdrawn)
      .map((r) => ({ id: r.id, date: r.date, start: r.startTime, end: r.endTime, booked: r.booked, capacity: r.capacity, offered: !r.withdrawn })),
  })
}
