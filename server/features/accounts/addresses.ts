import type { Address, AddressList } from '../../../common/contracts/accounts'
import { MAX_ADDRESSES } from '../../../common/rules/address'
import { AppError, notFound } from '../../platform/errors'
import { requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import * as delivery from '../delivery/service'
import * as q from './queries'

/**
 * The address book of the signed-in user on this website. Every query is keyed by website and user as well
 * as the id, so another user's or another website's address id is simply not found (SECURITY AZ-04).
 */
const NOT_YOURS = 'No such address'

async function toAddress(ctx: RequestCtx, row: q.AddressRow, checks: Map<string, Promise<delivery.PincodeCheck>>): Promise<Address> {
  if (!checks.has(row.pincode)) checks.set(row.pincode, delivery.pincodeServiceability(ctx, row.pincode))
  const check = await checks.get(row.pincode)!
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    house: row.house,
    street: row.street,
    area: row.area,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    type: row.type === 'work' || row.type === 'other' ? row.type : 'home',
    is_default: row.isDefault,
    serviceable: check.ok,
    delivery_message: check.message,
  }
}

export async function listAddresses(ctx: RequestCtx): Promise<AddressList> {
  const user = requireUser(ctx)
  const rows = await q.listAddresses(ctx.db, ctx.site.id, user.id)
  const checks = new Map<string, Promise<delivery.PincodeCheck>>()
  return { addresses: await Promise.all(rows.map((r) => toAddress(ctx, r, checks))) }
}

/** One of the signed-in user's addresses on this website (with serviceability); null for anyone else's id. */
export async function findAddress(ctx: RequestCtx, id: number): Promise<Address | null> {
  if (!ctx.user) return null
  const row = await q.findAddress(ctx.db, ctx.site.id, ctx.user.id, id)
  return row ? toAddress(ctx, row, new Map()) : null
}

export async function createAddress(ctx: RequestCtx, values: q.AddressValues): Promise<AddressList> {
  const user = requireUser(ctx)
  // an address outside delivery is kept as such, never made the default on its own (issue 31)
  const served = (await delivery.pincodeServiceability(ctx, values.pincode)).ok
  await ctx.db.transaction(async (tx) => {
    await q.lockKey(tx, `addresses:${ctx.site.id}:${user.id}`)
    const n = await q.countAddresses(tx, ctx.site.id, user.id)
    if (n >= MAX_ADDRESSES) throw new AppError('invalid', `You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`)
    await q.insertAddress(tx, ctx.site.id, user.id, values, served && !(await q.hasDefault(tx, ctx.site.id, user.id)))
  })
  return listAddresses(ctx)
}

export async function updateAddress(ctx: RequestCtx, id: number, values: q.AddressValues): Promise<AddressList> {
  const user = requireUser(ctx)
  if (!(await q.updateAddress(ctx.db, ctx.site.id, user.id, id, values))) throw notFound(NOT_YOURS)
  return listAddresses(ctx)
}

/** Deleting the default makes the newest remaining address the default. */
export async function deleteAddress(ctx: RequestCtx, id: number): Promise<AddressList> {
  const user = requireUser(ctx)
  await ctx.db.transaction(async (tx) => {
    const gone = await q.deleteAddress(tx, ctx.site.id, user.id, id)
    if (!gone) throw notFound(NOT_YOURS)
    if (!gone.isDefault) return
    const next = await q.newestAddressId(tx, ctx.site.id, user.id)
    if (next !== null) await q.setDefaultAddress(tx, ctx.site.id, user.id, next)
  })
  return listAddresses(ctx)
}

export async function setDefaultAddress(ctx: RequestCtx, id: number): Promise<AddressList> {
  const user = requireUser(ctx)
  const found = await ctx.db.transaction((tx) => q.setDefaultAddress(tx, ctx.site.id, user.id, id))
  if (!found) throw notFound(NOT_YOURS)
  return listAddresses(ctx)
}

export async function checkPincode(ctx: RequestCtx, pincode: string) {
  requireUser(ctx)
  const check = await delivery.pincodeServiceability(ctx, pincode)
  return { pincode, serviceable: check.ok, message: check.message }
}
