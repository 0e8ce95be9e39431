import type { z } from 'zod/mini'
import { type BulkProductAction, PRICE_MAX, type PriceChangeInput, type PriceChangeLine } from '../../../common/contracts/admin-catalogue'
import type { Db, Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrites } from '../../platform/staff-write'
import { loadAdminProducts, PRODUCT } from './admin-products'
import * as q from './admin-queries'
import { productRecord, toPaise, toRupees } from './admin-shape'

type Bulk = z.output<typeof BulkProductAction>
type PriceChange = z.output<typeof PriceChangeInput>

const STATUS = { publish: 'active', unpublish: 'draft', archive: 'archived' } as const

const missing = (n: number) => fail('not_found', `${n} of the chosen products ${n === 1 ? 'is' : 'are'} not on this website`)

/** One action on many products in one transaction, an audit row per product (each moves to its next version). */
export async function bulkUpdate(ctx: StaffWriteCtx, input: Bulk): Promise<Result<{ updated: number }>> {
  const site = ctx.site.id
  const ids = [...new Set(input.ids)]
  const found = await q.lockProducts(ctx.db, site, ids)
  if (found.length < ids.length) return missing(ids.length - found.length)
  let categoryId: number | null = null
  if (input.action === 'set_category') {
    categoryId = (await q.findCategoryBySlug(ctx.db, site, input.category))?.id ?? null
    if (categoryId === null) return invalidFields({ category: `Unknown category: ${input.category}` })
  }
  // What the action was, not the ids: each product has its own row.
  const data = input.action === 'set_category' ? { products: found.length, category: input.category, mode: input.mode } : { products: found.length }
  const updated = await staffWrites(ctx, { ...PRODUCT, action: `product.${input.action}`, data }, async (tx) => {
    const before = await records(tx, site, found)
    if (input.action === 'set_category') {
      if (input.mode === 'replace') {
        for (const id of found) await q.setProductCategories(tx, id, [categoryId!])
        await q.setPrimaryCategory(tx, found, categoryId!)
      } else {
        await q.addProductCategory(tx, found, categoryId!)
      }
      await q.bumpVersions(tx, found)
      await q.refreshDerived(tx, found)
    } else {
      await q.setStatus(tx, found, STATUS[input.action])
    }
    const after = await records(tx, site, found)
    return { result: found.length, changes: found.map((id) => ({ id, before: before.get(id), after: after.get(id) })) }
  })
  return ok({ updated })
}

async function records(db: Db | Tx, websiteId: number, ids: number[]) {
  return new Map((await loadAdminProducts(db, websiteId, ids)).map((p) => [p.product_id, productRecord(p)]))
}

/** Old → new price of every pack of the products; changes nothing. */
export async function previewPriceChange(ctx: StaffCtx, input: PriceChange): Promise<Result<{ lines: PriceChangeLine[] }>> {
  const ids = [...new Set(input.ids)]
  const lines = await priceLines(ctx.db, ctx.site.id, ids, input)
  const products = new Set(lines.map((l) => l.product_id))
  if (products.size < ids.length) return missing(ids.length - products.size)
  return ok({ lines })
}

/** The previewed change, in one transaction; refused (422, per pack) when any pack cannot take it. */
export async function applyPriceChange(ctx: StaffWriteCtx, input: PriceChange): Promise<Result<{ updated: number; lines: PriceChangeLine[] }>> {
  const site = ctx.site.id
  const ids = [...new Set(input.ids)]
  const found = await q.lockProducts(ctx.db, site, ids)
  if (found.length < ids.length) return missing(ids.length - found.length)
  const lines = await priceLines(ctx.db, site, found, input)
  const bad = lines.filter((l) => l.error)
  if (bad.length) {
    return invalidFields(Object.fromEntries(bad.map((l) => [`packs.${l.pack_id}`, `${l.product_name}, ${l.pack_name}: ${l.error}`])))
  }
  const { kind, value, field } = input
  return staffWrites(ctx, { ...PRODUCT, action: 'product.price_change', data: { kind, value, field } }, async (tx) => {
    const before = await records(tx, site, found)
    await q.setPackPrices(
      tx,
      lines.map((l) => ({ id: l.pack_id, pricePaise: toPaise(l.new_price), mrpPaise: toPaise(l.new_act_price) })),
    )
    await q.bumpVersions(tx, found)
    await q.refreshDerived(tx, found)
    const after = await records(tx, site, found)
    return { result: ok({ updated: found.length, lines }), changes: found.map((id) => ({ id, before: before.get(id), after: after.get(id) })) }
  })
}

async function priceLines(db: Db | Tx, websiteId: number, ids: number[], change: PriceChange): Promise<PriceChangeLine[]> {
  const move = (paise: number) => (change.kind === 'percent' ? Math.round((paise * (100 + change.value)) / 100) : paise + toPaise(change.value))
  return (await q.packsOf(db, websiteId, ids)).map((k) => {
    const price = change.field === 'act_price' ? k.pricePaise : move(k.pricePaise)
    const mrp = change.field === 'price' ? k.mrpPaise : move(k.mrpPaise)
    return {
      product_id: k.productId,
      product_name: k.productName,
      pack_id: k.packId,
      pack_name: k.packName,
      old_price: toRupees(k.pricePaise),
      new_price: toRupees(price),
      old_act_price: toRupees(k.mrpPaise),
      new_act_price: toRupees(mrp),
      error: priceProblem(price, mrp),
    }
  })
}

function priceProblem(price: number, mrp: number): string | null {
  if (price <= 0) return 'the price would be ₹0 or less'
  if (mrp <= 0) return 'the MRP would be ₹0 or less'
  if (price > mrp) return 'the price would be above the MRP'
  if (mrp > PRICE_MAX * 100) return 'the MRP would be too large'
  return null
}
