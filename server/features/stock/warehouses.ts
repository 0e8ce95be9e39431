import type { CreateWarehouseInput, UpdateWarehouseInput, Warehouse } from '../../../common/contracts/admin-stock'
import type { Db, Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as delivery from '../delivery/service'
import * as q from './queries'

/**
 * Warehouses: name, address and the pincodes each serves. What checkout relies on stays true: a pincode is
 * served by one warehouse of the website (delivery/service.ts), and the website has exactly one default warehouse
 * (the storefront's stock and slots before a pincode is known).
 */

const WAREHOUSE = { entity: 'warehouse', changesStorefront: true }

async function answers(db: Db | Tx, websiteId: number): Promise<Warehouse[]> {
  const [rows, served] = await Promise.all([q.listWarehouses(db, websiteId), delivery.servedPincodes(db, websiteId)])
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    address: w.address,
    is_default: w.isDefault,
    pincodes: served.filter((p) => p.warehouseId === w.id).map((p) => ({ pincode: p.pincode, delivery_days: p.deliveryDays })),
  }))
}

export async function listWarehouses(ctx: StaffCtx): Promise<{ data: Warehouse[] }> {
  return { data: await answers(ctx.db, ctx.site.id) }
}

export async function getWarehouse(ctx: StaffCtx, id: number): Promise<Result<Warehouse>> {
  const found = (await answers(ctx.db, ctx.site.id)).find((w) => w.id === id)
  return found ? ok(found) : fail('not_found', 'No such warehouse on this website')
}

type PincodeInput = { pincode: string; delivery_days: number }[]

/** The same pincode twice in the list, or one served by another warehouse: a message on that row's field. */
async function servePincodes(tx: Tx, websiteId: number, warehouseId: number, list: PincodeInput): Promise<Record<string, string> | null> {
  const errors: Record<string, string> = {}
  list.forEach((p, i) => {
    if (list.findIndex((x) => x.pincode === p.pincode) !== i) errors[`pincodes.${i}.pincode`] = `${p.pincode} is listed twice`
  })
  if (Object.keys(errors).length) return errors
  const served = await delivery.setServedPincodes(
    tx,
    websiteId,
    warehouseId,
    list.map((p) => ({ pincode: p.pincode, deliveryDays: p.delivery_days })),
  )
  if (served.ok) return null
  const names = new Map((await q.listWarehouses(tx, websiteId)).map((w) => [w.id, w.name]))
  for (const t of served.taken) errors[`pincodes.${t.index}.pincode`] = `${t.pincode} is already served by ${names.get(t.warehouseId) ?? 'another warehouse'}`
  return errors
}

export async function createWarehouse(ctx: StaffWriteCtx, input: CreateWarehouseInput): Promise<Result<Warehouse>> {
  const site = ctx.site.id
  const existing = await q.listWarehouses(ctx.db, site)
  if (existing.some((w) => w.name.toLowerCase() === input.name.toLowerCase())) return invalidFields({ name: 'Another warehouse already has this name' })
  const made = await q.insertWarehouse(ctx.db, { websiteId: site, name: input.name, address: input.address, isDefault: false })
  const errors = await servePincodes(ctx.db, site, made.id, input.pincodes)
  if (errors) return invalidFields(errors)
  // The first warehouse of a website is its default whatever was asked.
  if (input.is_default || existing.length === 0) await q.makeDefault(ctx.db, site, made.id)
  const after = (await answers(ctx.db, site)).find((w) => w.id === made.id)!
  return ok(await staffWrite(ctx, { ...WAREHOUSE, action: 'warehouse.create' }, async () => ({ id: made.id, before: null, after, result: after })))
}

export async function updateWarehouse(ctx: StaffWriteCtx, id: number, input: UpdateWarehouseInput): Promise<Result<Warehouse>> {
  const site = ctx.site.id
  const current = await q.lockWarehouse(ctx.db, site, id)
  if (!current) return fail('not_found', 'No such warehouse on this website')
  const before = (await answers(ctx.db, site)).find((w) => w.id === id)!
  if (input.name && (await q.listWarehouses(ctx.db, site)).some((w) => w.id !== id && w.name.toLowerCase() === input.name!.toLowerCase())) {
    return invalidFields({ name: 'Another warehouse already has this name' })
  }
  if (input.is_default === false && current.isDefault)
    return invalidFields({ is_default: 'A website needs a default warehouse: make another one the default instead' })
  await q.updateWarehouse(ctx.db, site, id, { name: input.name, address: input.address })
  if (input.is_default && !current.isDefault) await q.makeDefault(ctx.db, site, id)
  if (input.pincodes) {
    const errors = await servePincodes(ctx.db, site, id, input.pincodes)
    if (errors) return invalidFields(errors)
  }
  const after = (await answers(ctx.db, site)).find((w) => w.id === id)!
  return ok(await staffWrite(ctx, { ...WAREHOUSE, action: 'warehouse.update' }, async () => ({ id, before, after, result: after })))
}
