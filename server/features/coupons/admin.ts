import type { AdminCoupon, CouponQuery, CouponState, CreateCouponInput, UpdateCouponInput } from '../../../common/contracts/admin-coupons'
import { toPaise, toRupees } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite, staffWrites } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './admin-queries'
import type { CouponRow } from './queries'

/**
 * Staff calls of coupons (docs/decisions/0019-coupons-admin.md). The engine (service.ts, discount.ts, messages.ts)
 * reads the same row at every cart answer and again under a lock at order time, so an edit or a pause applies to
 * carts that already hold the coupon.
 */

const COUPON = { entity: 'coupon' }
const notFound = () => fail('not_found', 'No such coupon on this website')

/* ---------- India calendar days ⇄ instants ---------- */

const IST_MS = 330 * 60_000
const DAY_MS = 86_400_000
/** the first instant of an India day */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_MS)
const indiaDay = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10)

export function stateOf(c: Pick<CouponRow, 'status' | 'startsAt' | 'endsAt'>, now: Date): CouponState {
  if (c.status === 'paused') return 'paused'
  if (c.endsAt && now >= c.endsAt) return 'expired'
  if (c.startsAt && now < c.startsAt) return 'scheduled'
  return 'active'
}

type Slugs = { id: number; slug: string }[]

/** The slugs of the categories and brands these coupons name, read once for all of them. */
async function slugsFor(db: Db | Tx, rows: CouponRow[]): Promise<{ cats: Slugs; brs: Slugs }> {
  const [cats, brs] = await Promise.all([
    q.categoriesById(db, [...new Set(rows.flatMap((r) => r.categoryIds ?? []))]),
    q.brandsById(db, [...new Set(rows.flatMap((r) => r.brandIds ?? []))]),
  ])
  return { cats, brs }
}

async function shape(db: Db | Tx, c: CouponRow, now = new Date()): Promise<AdminCoupon> {
  return shapeWith(c, await slugsFor(db, [c]), now)
}

function shapeWith(c: CouponRow, { cats, brs }: { cats: Slugs; brs: Slugs }, now: Date): AdminCoupon {
  const slugsOf = (ids: number[] | null, found: Slugs) => (ids ?? []).map((id) => found.find((f) => f.id === id)?.slug).filter((s): s is string => !!s)
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: c.kind === 'percent' ? c.value : toRupees(c.value),
    min_cart: toRupees(c.minCartPaise),
    max_discount: c.maxDiscountPaise === null ? null : toRupees(c.maxDiscountPaise),
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    starts_on: c.startsAt ? indiaDay(c.startsAt) : null,
    // stored as the first instant after the last day
    ends_on: c.endsAt ? indiaDay(new Date(c.endsAt.getTime() - 1)) : null,
    first_order_only: c.firstOrderOnly !== 0,
    categories: slugsOf(c.categoryIds, cats),
    brands: slugsOf(c.brandIds, brs),
    visible: c.visible,
    status: c.status === 'paused' ? 'paused' : 'active',
    state: stateOf(c, now),
    used: c.used,
    version: c.version,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }
}

/** The record as the audit log keeps it (what a 409's `changed` is worked out from). */
const record = ({ state: _state, updated_at: _u, created_at: _c, used: _used, ...rest }: AdminCoupon) => rest

export async function listCoupons(ctx: StaffCtx, query: CouponQuery) {
  const now = new Date()
  const { rows, total } = await q.listCoupons(ctx.db, ctx.site.id, query, now)
  const slugs = await slugsFor(ctx.db, rows)
  return { data: rows.map((r) => shapeWith(r, slugs, now)), meta: { total, page: query.page, perPage: query.perPage } }
}

export async function getCoupon(ctx: StaffCtx, id: number): Promise<Result<AdminCoupon>> {
  const found = await q.findCoupon(ctx.db, ctx.site.id, id)
  return found ? ok(await shape(ctx.db, found)) : notFound()
}

type Fields = Omit<UpdateCouponInput, 'version'>

/**
 * Input → column values, with a message per field for what the contract alone cannot see: a percent above 100,
 * a maximum discount on a flat coupon, an end before the start, categories or brands this website does not have.
 * `current` is the coupon being edited (its values fill what the edit leaves out).
 */
async function valuesOf(db: Db | Tx, websiteId: number, input: Fields, current: AdminCoupon | null) {
  const errors: Record<string, string> = {}
  const merged = { ...current, ...input }
  const kind = merged.kind ?? 'percent'
  const values: Partial<q.CouponValues> = {}

  if (input.code !== undefined && input.code.toUpperCase() !== current?.code.toUpperCase()) {
    if (await q.codeTaken(db, websiteId, input.code, current?.id ?? null)) errors.code = `Another coupon already uses the code ${input.code}`
  }
  if (input.code !== undefined) values.code = input.code
  if (input.description !== undefined) values.description = input.description
  if (input.kind !== undefined) values.kind = input.kind
  if (input.value !== undefined || input.kind !== undefined) {
    const value = merged.value ?? 0
    if (kind === 'percent' && (value > 100 || !Number.isInteger(value))) errors.value = 'A percent coupon takes a whole percent from 1 to 100'
    else if (kind === 'flat' && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) errors.value = 'Value may have at most two decimals'
    else values.value = kind === 'percent' ? value : toPaise(value)
  }
  if (input.min_cart !== undefined) values.minCartPaise = toPaise(input.min_cart)
  if (input.max_discount !== undefined || input.kind !== undefined) {
    const max = merged.max_discount ?? null
    // ₹50 off is ₹50 off: a cap would either change nothing or contradict the value
    if (kind === 'flat' && max !== null) errors.max_discount = 'A flat coupon gives its value: leave the maximum discount empty'
    else values.maxDiscountPaise = max === null ? null : toPaise(max)
  }
  if (input.usage_limit !== undefined) values.usageLimit = input.usage_limit
  if (input.per_customer_limit !== undefined) values.perCustomerLimit = input.per_customer_limit
  if (merged.usage_limit != null && merged.per_customer_limit != null && merged.per_customer_limit > merged.usage_limit) {
    errors.per_customer_limit = 'Uses per shopper cannot be more than total uses'
  }
  // the days themselves are checked by the contract's date rule (common/dates.ts)
  if (input.starts_on !== undefined) values.startsAt = input.starts_on ? dayStart(input.starts_on) : null
  if (input.ends_on !== undefined) values.endsAt = input.ends_on ? new Date(dayStart(input.ends_on).getTime() + DAY_MS) : null
  if (merged.starts_on && merged.ends_on && merged.ends_on < merged.starts_on) {
    errors.ends_on = 'The end date cannot be before the start date'
  }
  if (input.first_order_only !== undefined) values.firstOrderOnly = input.first_order_only ? 1 : 0
  if (input.visible !== undefined) values.visible = input.visible
  if (input.categories !== undefined) {
    const found = await q.categorySlugs(db, websiteId, input.categories)
    const unknown = input.categories.filter((s) => !found.some((f) => f.slug === s))
    if (unknown.length) errors.categories = `There is no category ${unknown.map((s) => `“${s}”`).join(', ')} on this website`
    else values.categoryIds = input.categories.map((s) => found.find((f) => f.slug === s)!.id)
  }
  if (input.brands !== undefined) {
    const found = await q.brandSlugs(db, websiteId, input.brands)
    const unknown = input.brands.filter((s) => !found.some((f) => f.slug === s))
    if (unknown.length) errors.brands = `There is no brand ${unknown.map((s) => `“${s}”`).join(', ')} on this website`
    else values.brandIds = input.brands.map((s) => found.find((f) => f.slug === s)!.id)
  }
  return { values, errors }
}

export async function createCoupon(ctx: StaffWriteCtx, input: CreateCouponInput): Promise<Result<AdminCoupon>> {
  const site = ctx.site.id
  const { values, errors } = await valuesOf(ctx.db, site, input, null)
  if (Object.keys(errors).length) return invalidFields(errors)
  const coupon = await staffWrite(ctx, { ...COUPON, action: 'coupon.create' }, async (tx) => {
    const id = await q.insertCoupon(tx, site, values as q.CouponValues)
    const after = await shape(tx, (await q.findCoupon(tx, site, id))!)
    return { id, before: null, after: record(after), result: after }
  })
  return ok(coupon)
}

export async function updateCoupon(ctx: StaffWriteCtx, id: number, input: UpdateCouponInput): Promise<Result<AdminCoupon>> {
  const site = ctx.site.id
  const [row] = await q.lockCoupons(ctx.db, site, [id])
  if (!row) return notFound()
  const current = await shape(ctx.db, row)
  await expectVersion(ctx, { ...COUPON, id, label: current.code }, input.version, { version: current.version, record: record(current) }, current)
  const { version: _v, ...fields } = input
  const { values, errors } = await valuesOf(ctx.db, site, fields, current)
  if (Object.keys(errors).length) return invalidFields(errors)
  const coupon = await staffWrite(ctx, { ...COUPON, action: 'coupon.update' }, async (tx) => {
    await q.updateCoupon(tx, id, values)
    const after = await shape(tx, (await q.findCoupon(tx, site, id))!)
    return { id, before: record(current), after: record(after), result: after }
  })
  return ok(coupon)
}

/** Pause or resume: each coupon moves to its next version (an editor who read the old one gets the 409). */
export async function setStatus(ctx: StaffWriteCtx, ids: number[], status: 'active' | 'paused'): Promise<Result<{ data: AdminCoupon[] }>> {
  const site = ctx.site.id
  const unique = [...new Set(ids)]
  const rows = await q.lockCoupons(ctx.db, site, unique)
  if (rows.length !== unique.length) return fail('not_found', 'Some of these coupons are not on this website')
  const data = await staffWrites(ctx, { ...COUPON, action: status === 'paused' ? 'coupon.pause' : 'coupon.resume' }, async (tx) => {
    const changes = []
    const result: AdminCoupon[] = []
    for (const row of rows) {
      const before = await shape(tx, row)
      if (row.status !== status) await q.updateCoupon(tx, row.id, { status })
      const after = await shape(tx, (await q.findCoupon(tx, site, row.id))!)
      changes.push({ id: row.id, before: record(before), after: record(after) })
      result.push(after)
    }
    return { result, changes }
  })
  return ok({ data })
}

/** A coupon never used goes; one already used is archived, so its orders and redemptions keep their history. */
export async function deleteCoupon(ctx: StaffWriteCtx, id: number): Promise<Result<{ id: number; outcome: 'deleted' | 'archived' }>> {
  const site = ctx.site.id
  const [row] = await q.lockCoupons(ctx.db, site, [id])
  if (!row) return notFound()
  const before = record(await shape(ctx.db, row))
  const used = await q.hasRedemptions(ctx.db, id)
  return ok(
    await staffWrite(ctx, { ...COUPON, action: used ? 'coupon.archive' : 'coupon.delete' }, async (tx) => {
      if (used) await q.updateCoupon(tx, id, { status: 'archived' })
      else await q.deleteCoupon(tx, id)
      return { id, before, after: null, result: { id, outcome: used ? ('archived' as const) : ('deleted' as const) } }
    }),
  )
}

export async function couponUsage(ctx: StaffCtx, id: number, query: { page: number; perPage: number; sort: string }) {
  const found = await q.findCoupon(ctx.db, ctx.site.id, id)
  if (!found) return notFound()
  const u = await q.usage(ctx.db, id, query.page, query.perPage, query.sort !== 'placed_at')
  return ok({
    uses: u.uses,
    discount_given: toRupees(u.discountPaise),
    order_value: toRupees(u.valuePaise),
    data: u.rows.map((r) => ({
      order_id: r.orderId,
      order_number: r.orderNumber,
      placed_at: r.placedAt.toISOString(),
      customer: r.customer || r.phone || '',
      status: r.status,
      discount: toRupees(r.discountPaise),
      total: toRupees(r.totalPaise),
    })),
    meta: { total: u.orders, page: query.page, perPage: query.perPage },
  })
}
