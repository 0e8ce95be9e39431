import type { z } from 'zod/mini'
import type { AdminProduct, CreateProductInput, MediaInput, PackInput, UpdateProductInput } from '../../../common/contracts/admin-catalogue'
import type { Db, Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import { usableImagePaths } from '../media/service'
import * as stock from '../stock/service'
import * as q from './admin-queries'
import { productRecord, toAdminPack, toAdminProduct, toPaise } from './admin-shape'
import { ensureBrand } from './admin-taxonomy'
import { freeSlug, slugBase } from './free-slug'
import { cleanRichText } from '../../platform/rich-text'
import { openingStockProblems, recordOpeningStock } from './opening-stock'
import { defaultWarehouseId } from './queries'

type CreateInput = z.output<typeof CreateProductInput>
type UpdateInput = z.output<typeof UpdateProductInput>
type PackIn = z.output<typeof PackInput>
type MediaIn = z.output<typeof MediaInput>

export const PRODUCT = { entity: 'product', changesStorefront: true }

/** Products as staff see them (any status), in the order of `ids`. */
export async function loadAdminProducts(db: Db | Tx, websiteId: number, ids: number[]): Promise<AdminProduct[]> {
  const warehouseId = await defaultWarehouseId(db as Db, websiteId)
  // One after another: inside a write's transaction they share one connection.
  const rows = await q.loadProductRows(db, websiteId, ids)
  const cats = await q.loadProductCategorySlugs(db, ids)
  const packs = await q.loadAdminPacks(db, ids, warehouseId)
  return rows.map((row) =>
    toAdminProduct(
      row,
      cats.filter((c) => c.productId === row.id).map((c) => c.slug),
      packs.filter((k) => k.productId === row.id).map((k) => toAdminPack(k, warehouseId)),
    ),
  )
}

export async function loadAdminProduct(db: Db | Tx, websiteId: number, id: number): Promise<AdminProduct | null> {
  return (await loadAdminProducts(db, websiteId, [id]))[0] ?? null
}

const notFound = () => fail('not_found', 'No such product on this website')

export async function getProduct(ctx: StaffCtx, id: number): Promise<Result<AdminProduct>> {
  const product = await loadAdminProduct(ctx.db, ctx.site.id, id)
  return product ? ok(product) : notFound()
}

export async function createProduct(ctx: StaffWriteCtx, input: CreateInput): Promise<Result<AdminProduct>> {
  const site = ctx.site.id
  const categoryIds = await resolveCategories(ctx.db, site, input.categories)
  if (!categoryIds.ok) return categoryIds
  const slug = input.slug ?? (await freeProductSlug(ctx.db, site, input.product_name))
  if (input.slug && (await q.productWithSlug(ctx.db, site, input.slug)) !== null) return invalidFields({ slug: 'Another product already uses this slug' })
  const codes = await packCodeProblems(ctx.db, site, input.packs, null)
  if (codes) return codes
  const problems = input.medias ? await mediaProblems(ctx.db, site, input.medias, []) : {}
  Object.assign(problems, await openingStockProblems(ctx, input.packs))
  if (Object.keys(problems).length) return invalidFields(problems)
  const brandId = await ensureBrand(ctx, input.brand)
  const product = await staffWrite(ctx, { ...PRODUCT, action: 'product.create' }, async (tx) => {
    const id = await q.insertProduct(tx, site, {
      ...textFields(input),
      name: input.product_name,
      slug,
      brandId,
      categoryId: categoryIds.value[0],
      status: input.status,
      medias: mediaValues(input.medias ?? []),
    })
    await q.setProductCategories(tx, id, categoryIds.value)
    await recordOpeningStock(tx, ctx, input.packs, await q.insertPacks(tx, site, id, input.packs.map(packValues)))
    await q.dropRedirect(tx, site, slug)
    await q.refreshDerived(tx, [id])
    const after = (await loadAdminProduct(tx, site, id))!
    return { id, before: null, after: productRecord(after), result: after }
  })
  return ok(product)
}

/** Only what was sent changes; packs, when sent, are the whole list (`pack_id` keeps one, a pack left out goes). */
export async function updateProduct(ctx: StaffWriteCtx, id: number, input: UpdateInput): Promise<Result<AdminProduct>> {
  const site = ctx.site.id
  if ((await q.lockProducts(ctx.db, site, [id])).length === 0) return notFound()
  const current = (await loadAdminProduct(ctx.db, site, id))!
  const before = productRecord(current)
  await expectVersion(ctx, { entity: 'product', id, label: `“${current.product_name}”` }, input.version, { version: current.version, record: before }, current)

  const errors: Record<string, string> = {}
  const values: Partial<q.ProductValues> = textFields(input)
  if (input.product_name !== undefined) values.name = input.product_name
  if (input.status !== undefined) values.status = input.status
  if (input.brand !== undefined) {
    const brand = await q.findBrandByName(ctx.db, site, input.brand)
    if (brand) values.brandId = brand.id
    else errors.brand = `There is no brand “${input.brand}”: add it under Brands first`
  }
  let categoryIds: number[] | null = null
  if (input.categories) {
    const found = await resolveCategories(ctx.db, site, input.categories)
    if (found.ok) values.categoryId = (categoryIds = found.value)[0]
    else Object.assign(errors, found.fieldErrors)
  }
  if (input.slug !== undefined && input.slug !== current.slug) {
    if ((await q.productWithSlug(ctx.db, site, input.slug)) !== null) errors.slug = 'Another product already uses this slug'
    else values.slug = input.slug
  }
  if (input.packs) Object.assign(errors, await packProblems(ctx.db, site, id, current, input.packs), await openingStockProblems(ctx, input.packs))
  if (input.medias) {
    Object.assign(
      errors,
      await mediaProblems(
        ctx.db,
        site,
        input.medias,
        current.medias.map((m) => m.src),
      ),
    )
    values.medias = mediaValues(input.medias)
  }
  if (Object.keys(errors).length) return invalidFields(errors)

  const product = await staffWrite(ctx, { ...PRODUCT, action: 'product.update' }, async (tx) => {
    await q.updateProduct(tx, id, values)
    if (categoryIds) await q.setProductCategories(tx, id, categoryIds)
    if (values.slug) await q.moveSlug(tx, site, id, current.slug, values.slug)
    if (input.packs) await replacePacks(tx, ctx, id, input.packs)
    await q.refreshDerived(tx, [id])
    const after = (await loadAdminProduct(tx, site, id))!
    return { id, before, after: productRecord(after), result: after }
  })
  return ok(product)
}

/** A draft copy: "… (copy)", a free slug, the same packs without SKU and barcode (those are unique). */
export async function duplicateProduct(ctx: StaffWriteCtx, id: number): Promise<Result<AdminProduct>> {
  const site = ctx.site.id
  const source = await loadAdminProduct(ctx.db, site, id)
  if (!source) return notFound()
  const name = `${source.product_name} (copy)`
  const slug = await freeProductSlug(ctx.db, site, name)
  const categoryIds = await resolveCategories(ctx.db, site, source.categories)
  if (!categoryIds.ok) return categoryIds
  const copy = await staffWrite(ctx, { ...PRODUCT, action: 'product.duplicate', data: { from: id } }, async (tx) => {
    const newId = await q.insertProduct(tx, site, {
      name,
      slug,
      brandId: source.brand_id,
      categoryId: categoryIds.value[0],
      description: source.product_description ?? null,
      info: source.product_info ?? null,
      searchKeywords: source.search_keywords,
      status: 'draft',
      hsnCode: source.hsn_code,
      gstRate: source.gst_rate,
      cessRate: source.cess_rate,
      medias: source.medias,
    })
    await q.setProductCategories(tx, newId, categoryIds.value)
    await q.insertPacks(
      tx,
      site,
      newId,
      source.packs.map((k, position) => ({
        name: k.pack_name,
        pricePaise: toPaise(k.price),
        mrpPaise: toPaise(k.act_price),
        sku: null,
        barcode: null,
        weightGrams: k.weight_grams,
        position,
      })),
    )
    await q.refreshDerived(tx, [newId])
    const after = (await loadAdminProduct(tx, site, newId))!
    return { id: newId, before: null, after: productRecord(after), result: after }
  })
  return ok(copy)
}

function textFields(input: Partial<Pick<CreateInput, 'product_description' | 'product_info' | 'search_keywords' | 'hsn_code' | 'gst_rate' | 'cess_rate'>>) {
  const values: Partial<q.ProductValues> = {}
  if (input.product_description !== undefined) values.description = cleanRichText(input.product_description)
  if (input.product_info !== undefined) values.info = cleanRichText(input.product_info)
  if (input.search_keywords !== undefined) values.searchKeywords = input.search_keywords
  if (input.hsn_code !== undefined) values.hsnCode = input.hsn_code || null
  if (input.gst_rate !== undefined) values.gstRate = input.gst_rate
  if (input.cess_rate !== undefined) values.cessRate = input.cess_rate || null
  return values
}

const code = (v: string | null | undefined) => (v ? v : null)

function packValues(k: Omit<PackIn, 'pack_id'>, position: number): q.PackValues {
  return {
    name: k.pack_name,
    pricePaise: toPaise(k.price),
    mrpPaise: toPaise(k.act_price),
    sku: code(k.sku),
    barcode: code(k.barcode),
    weightGrams: k.weight_grams ?? null,
    position,
  }
}

/** Images as kept: alt text only when there is some. */
const mediaValues = (medias: MediaIn[]) => medias.map((m) => (m.alt ? { src: m.src, alt: m.alt } : { src: m.src }))

/**
 * A product's images must be this website's uploads (or the shared demo images); ones it already has stay
 * allowed whatever they are. Each image once.
 */
async function mediaProblems(db: Db | Tx, websiteId: number, medias: MediaIn[], kept: string[]) {
  const errors: Record<string, string> = {}
  const asked = medias.map((m) => m.src).filter((src) => !kept.includes(src))
  const usable = new Set([...kept, ...(await usableImagePaths(db, websiteId, asked))])
  const seen = new Set<string>()
  medias.forEach((m, i) => {
    if (!usable.has(m.src)) errors[`medias.${i}.src`] = 'This image was not uploaded to this website: upload it again'
    else if (seen.has(m.src)) errors[`medias.${i}.src`] = 'This image is in the list twice'
    seen.add(m.src)
  })
  return errors
}

/** Category ids in the order of the slugs (the first is the primary); 422 naming the unknown ones. */
async function resolveCategories(db: Db | Tx, websiteId: number, slugs: string[]): Promise<Result<number[]>> {
  const unique = [...new Set(slugs)]
  const found = new Map((await q.findCategoriesBySlugs(db, websiteId, unique)).map((c) => [c.slug, c.id]))
  const missing = unique.filter((s) => !found.has(s))
  if (missing.length) return invalidFields({ categories: `Unknown ${missing.length === 1 ? 'category' : 'categories'}: ${missing.join(', ')}` })
  return ok(unique.map((s) => found.get(s)!))
}

async function freeProductSlug(db: Db | Tx, websiteId: number, name: string): Promise<string> {
  const base = slugBase(name, 'product')
  return freeSlug(base, await q.slugsLike(db, websiteId, base))
}

/** SKUs and barcodes must be unique on the website: within the list and against other products' packs. */
async function packCodeProblems(db: Db | Tx, websiteId: number, packs: Omit<PackIn, 'pack_id'>[], productId: number | null) {
  const errors: Record<string, string> = {}
  const inUse = await q.packCodesInUse(
    db,
    websiteId,
    { skus: packs.flatMap((k) => code(k.sku) ?? []), barcodes: packs.flatMap((k) => code(k.barcode) ?? []) },
    productId,
  )
  for (const field of ['sku', 'barcode'] as const) {
    const label = field === 'sku' ? 'SKU' : 'barcode'
    const seen = new Set<string>()
    packs.forEach((k, i) => {
      const value = code(k[field])
      if (!value) return
      const other = inUse.find((u) => u[field] === value)
      if (other) errors[`packs.${i}.${field}`] = `This ${label} is already used by “${other.productName}”`
      else if (seen.has(value)) errors[`packs.${i}.${field}`] = `Two packs have this ${label}`
      seen.add(value)
    })
  }
  return Object.keys(errors).length ? invalidFields(errors) : null
}

async function packProblems(db: Db | Tx, websiteId: number, productId: number, current: AdminProduct, packs: PackIn[]) {
  const errors: Record<string, string> = {}
  const own = new Set(current.packs.map((k) => k.pack_id))
  const kept = new Set<number>()
  packs.forEach((k, i) => {
    if (k.pack_id === undefined) return
    if (!own.has(k.pack_id)) errors[`packs.${i}.pack_id`] = 'This pack is not one of this product’s'
    else if (kept.has(k.pack_id)) errors[`packs.${i}.pack_id`] = 'This pack is listed twice'
    kept.add(k.pack_id)
  })
  const held = await q.heldPacks(db, productId, [...kept])
  if (held.length) errors.packs = `${held.map((k) => `“${k.name}”`).join(', ')} cannot be removed: open orders hold its stock`
  const codes = await packCodeProblems(db, websiteId, packs, productId)
  return { ...errors, ...codes?.fieldErrors }
}

async function replacePacks(tx: Tx, ctx: StaffWriteCtx, productId: number, packs: PackIn[]) {
  const websiteId = ctx.site.id
  const keep = packs.flatMap((k) => (k.pack_id === undefined ? [] : [k.pack_id]))
  await stock.forgetPacks(tx, websiteId, productId, keep)
  await q.deletePacks(tx, productId, keep)
  await q.clearPackCodes(tx, productId)
  for (const [position, k] of packs.entries()) if (k.pack_id !== undefined) await q.updatePack(tx, productId, k.pack_id, packValues(k, position))
  const added = await q.insertPacks(
    tx,
    websiteId,
    productId,
    packs.flatMap((k, position) => (k.pack_id === undefined ? [packValues(k, position)] : [])),
  )
  await recordOpeningStock(
    tx,
    ctx,
    packs.filter((k) => k.pack_id === undefined),
    added,
  )
}
