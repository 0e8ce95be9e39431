import type { ListMeta } from '../../../common/contracts/admin'
import { parseSort } from '../../../common/contracts/admin'
import type { BlockCustomerInput, CustomerDetail, CustomerExport, CustomerQuery, CustomerRow } from '../../../common/contracts/admin-customers'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as orders from '../orders/service'
import * as q from './queries'

/** Customers of a website (issue 11): only people with a relationship with it, never one known only to another website. */

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString())

const shape = (r: q.CustomerRow): CustomerRow => ({
  user_id: r.userId,
  name: r.name,
  phone: r.phone,
  email: r.email,
  orders_count: r.ordersCount,
  total_spent: r.totalSpent,
  last_order_at: iso(r.lastOrderAt),
  joined_at: new Date(r.createdAt).toISOString(),
  blocked: r.blockedReason === null ? null : { reason: r.blockedReason, blocked_at: iso(r.blockedAt) ?? '' },
})

export async function listCustomers(ctx: StaffCtx, query: CustomerQuery): Promise<{ data: CustomerRow[]; meta: ListMeta }> {
  const { column, desc } = parseSort(query.sort)
  const { rows, total } = await q.listCustomers(ctx.db, ctx.site.id, {
    search: query.q || undefined,
    state: query.state,
    sort: column,
    desc,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  })
  return { data: rows.map(shape), meta: { total, page: query.page, perPage: query.perPage } }
}

export async function getCustomer(ctx: StaffCtx, userId: number): Promise<Result<CustomerDetail>> {
  const row = await q.findCustomer(ctx.db, ctx.site.id, userId)
  if (!row) return fail('not_found', 'No customer with this id on this website')
  const [addresses, placed] = await Promise.all([q.listAddresses(ctx.db, ctx.site.id, userId), orders.customerOrders(ctx.db, ctx.site.id, userId)])
  return ok({
    ...shape(row),
    addresses: addresses.map(addressOf),
    orders: placed.orders,
  })
}

const addressOf = (a: q.AddressRow) => ({
  id: a.id,
  name: a.name,
  mobile: a.mobile,
  house: a.house,
  street: a.street,
  area: a.area,
  landmark: a.landmark,
  city: a.city,
  state: a.state,
  pincode: a.pincode,
  type: a.type,
  is_default: a.isDefault,
})

const blockOf = (b: q.BlockRow | null) => (b ? { reason: b.reason, blocked_at: b.blockedAt.toISOString() } : null)

/** Checkout asks this before it places an order (the block is per website). */
export async function blockedFrom(db: StaffCtx['db'], websiteId: number, userId: number): Promise<boolean> {
  return (await q.findBlock(db, websiteId, userId)) !== null
}

export async function blockCustomer(ctx: StaffWriteCtx, userId: number, input: BlockCustomerInput): Promise<Result<CustomerDetail>> {
  if (!(await q.findCustomer(ctx.db, ctx.site.id, userId))) return fail('not_found', 'No customer with this id on this website')
  if (userId === ctx.user.id) return fail('conflict', 'You cannot block yourself')
  await staffWrite(ctx, { action: 'customer.block', entity: 'customer' }, async (tx) => {
    const before = await q.findBlock(tx, ctx.site.id, userId)
    await q.saveBlock(tx, { websiteId: ctx.site.id, userId, reason: input.reason, blockedBy: ctx.user.id })
    const after = await q.findBlock(tx, ctx.site.id, userId)
    return { id: userId, before: { blocked: blockOf(before) }, after: { blocked: blockOf(after) }, result: null }
  })
  return getCustomer(ctx, userId)
}

export async function unblockCustomer(ctx: StaffWriteCtx, userId: number): Promise<Result<CustomerDetail>> {
  if (!(await q.findCustomer(ctx.db, ctx.site.id, userId))) return fail('not_found', 'No customer with this id on this website')
  const before = await q.findBlock(ctx.db, ctx.site.id, userId)
  if (!before) return fail('conflict', 'This customer is not blocked')
  await staffWrite(ctx, { action: 'customer.unblock', entity: 'customer' }, async (tx) => {
    await q.deleteBlock(tx, ctx.site.id, userId)
    return { id: userId, before: { blocked: blockOf(before) }, after: { blocked: null }, result: null }
  })
  return getCustomer(ctx, userId)
}

export async function exportCustomer(ctx: StaffCtx, userId: number): Promise<Result<CustomerExport>> {
  const row = await q.findCustomer(ctx.db, ctx.site.id, userId)
  if (!row) return fail('not_found', 'No customer with this id on this website')
  const [addresses, placed, wishlists] = await Promise.all([
    q.listAddresses(ctx.db, ctx.site.id, userId),
    orders.customerOrders(ctx.db, ctx.site.id, userId, 10_000),
    q.listWishlists(ctx.db, ctx.site.id, userId),
  ])
  return ok({
    exported_at: new Date().toISOString(),
    website: ctx.site.name,
    profile: { user_id: row.userId, name: row.name, phone: row.phone, email: row.email, joined_at: new Date(row.createdAt).toISOString() },
    addresses: addresses.map(addressOf),
    orders: placed.orders,
    wishlists: wishlists.map((w) => ({ wishlist: w.wishlist, product_id: Number(w.product_id), added_at: new Date(w.created_at).toISOString() })),
  })
}

export async function eraseCustomer(ctx: StaffWriteCtx, userId: number): Promise<Result<{ user_id: number; account_erased: boolean }>> {
  const row = await q.findCustomer(ctx.db, ctx.site.id, userId)
  if (!row) return fail('not_found', 'No customer with this id on this website')
  if (userId === ctx.user.id) return fail('conflict', 'You cannot erase your own account from here')
  const elsewhere = await q.knownElsewhere(ctx.db, ctx.site.id, userId)
  const answer = await staffWrite(ctx, { action: 'customer.erase', entity: 'customer' }, async (tx) => {
    await q.eraseOnWebsite(tx, ctx.site.id, userId)
    await orders.anonymiseCustomerOrders(tx, ctx.site.id, userId)
    if (!elsewhere) await q.eraseAccount(tx, userId)
    // The audit row keeps no personal field: only that the erase happened.
    return { id: userId, before: null, after: { erased: true, account_erased: !elsewhere }, result: { user_id: userId, account_erased: !elsewhere } }
  })
  return ok(answer)
}
