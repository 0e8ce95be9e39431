import type { z } from 'zod/mini'
import { parseSort } from '../../../common/contracts/admin'
import type {
  AdminBrand,
  AdminCategory,
  createAdminBrand,
  createAdminCategory,
  listAdminBrands,
  moveAdminCategory,
  updateAdminBrand,
  updateAdminCategory,
} from '../../../common/contracts/admin-catalogue'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { usableImagePaths } from '../media/service'
import { findBrandByName } from './admin-queries'
import * as q from './admin-taxonomy-queries'
import { freeSlug, slugBase } from './free-slug'
import { withDescendants } from './service'

type Body<C extends { body?: unknown }> = C['body'] extends z.ZodMiniType ? z.output<C['body']> : never

/** An avatar or logo given as an uploaded image's path must be one this website may show. */
async function imageProblem(ctx: StaffCtx | StaffWriteCtx, field: 'avatar' | 'logo', value: string | null | undefined): Promise<Record<string, string>> {
  if (!value || value.startsWith('/') || value.startsWith('https://')) return {}
  const usable = await usableImagePaths(ctx.db, ctx.site.id, [value])
  return usable.length ? {} : { [field]: 'This image was not uploaded to this website: upload it again' }
}

/* ---------- categories ---------- */

const CATEGORY = { entity: 'category', changesStorefront: true }
const categoryRecord = (c: q.CategoryRow) => ({ id: c.id, name: c.name, slug: c.slug, parent_id: c.parentId, position: c.position, avatar: c.avatar })

/** Flat, each parent before its children, siblings by position. */
export async function listCategories(ctx: StaffCtx | StaffWriteCtx): Promise<{ data: AdminCategory[] }> {
  const rows = await q.listCategoriesWithCounts(ctx.db, ctx.site.id)
  const data: AdminCategory[] = []
  const visit = (parentId: number | null) => {
    for (const c of rows.filter((r) => r.parentId === parentId)) {
      data.push({ id: c.id, name: c.name, slug: c.slug, parent_id: c.parentId, position: c.position, avatar: c.avatar, products: c.products })
      visit(c.id)
    }
  }
  visit(null)
  return { data }
}

async function categoryAnswer(ctx: StaffWriteCtx, id: number): Promise<AdminCategory> {
  return (await listCategories(ctx)).data.find((c) => c.id === id)!
}

export async function createCategory(ctx: StaffWriteCtx, input: Body<typeof createAdminCategory>): Promise<Result<AdminCategory>> {
  const site = ctx.site.id
  const parentId = input.parent_id ?? null
  if (parentId !== null && !(await q.findCategory(ctx.db, site, parentId))) return invalidFields({ parent_id: 'No such parent category' })
  if (input.slug && (await q.categorySlugTaken(ctx.db, site, input.slug))) return invalidFields({ slug: 'Another category already uses this slug' })
  const avatar = await imageProblem(ctx, 'avatar', input.avatar)
  if (avatar.avatar) return invalidFields(avatar)
  return ok(await categoryAnswer(ctx, await addCategory(ctx, { name: input.name, slug: input.slug, parentId, avatar: input.avatar ?? null })))
}

/** A new category at the end of its parent (the form's, and the catalogue import's for the categories a file names): its id. */
export async function addCategory(
  ctx: StaffWriteCtx,
  input: { name: string; slug?: string; parentId: number | null; avatar?: string | null },
): Promise<number> {
  const site = ctx.site.id
  const base = slugBase(input.name, 'category')
  const slug = input.slug ?? freeSlug(base, await q.categorySlugsLike(ctx.db, site, base))
  return staffWrite(ctx, { ...CATEGORY, action: 'category.create' }, async (tx) => {
    const position = (await q.siblings(tx, site, input.parentId)).length
    const id = await q.insertCategory(tx, { websiteId: site, parentId: input.parentId, name: input.name, slug, avatar: input.avatar ?? null, position })
    const after = (await q.findCategory(tx, site, id))!
    return { id, before: null, after: categoryRecord(after), result: id }
  })
}

export async function updateCategory(ctx: StaffWriteCtx, id: number, input: Body<typeof updateAdminCategory>): Promise<Result<AdminCategory>> {
  const site = ctx.site.id
  const current = await q.lockCategory(ctx.db, site, id)
  if (!current) return fail('not_found', 'No such category on this website')
  if (input.slug && (await q.categorySlugTaken(ctx.db, site, input.slug, id))) return invalidFields({ slug: 'Another category already uses this slug' })
  const avatar = input.avatar === current.avatar ? {} : await imageProblem(ctx, 'avatar', input.avatar)
  if (avatar.avatar) return invalidFields(avatar)
  await staffWrite(ctx, { ...CATEGORY, action: 'category.update' }, async (tx) => {
    // Products are found by their categories' names (and their parents'), read as they are when the shelf is built
    // (shelf-queries.ts): a rename rewrites no product row, so it takes the same time for 20 products or 20,000.
    await q.updateCategory(tx, id, { name: input.name, slug: input.slug, avatar: input.avatar })
    const after = (await q.findCategory(tx, site, id))!
    return { id, before: categoryRecord(current), after: categoryRecord(after), result: null }
  })
  return ok(await categoryAnswer(ctx, id))
}

/** Under a parent (null: top level) at a position among its siblings; never under itself or its own subtree. */
export async function moveCategory(ctx: StaffWriteCtx, id: number, input: Body<typeof moveAdminCategory>): Promise<Result<{ data: AdminCategory[] }>> {
  const site = ctx.site.id
  const current = await q.lockCategory(ctx.db, site, id)
  if (!current) return fail('not_found', 'No such category on this website')
  const all = await q.listCategoriesWithCounts(ctx.db, site)
  if (input.parent_id !== null) {
    if (!all.some((c) => c.id === input.parent_id)) return invalidFields({ parent_id: 'No such parent category' })
    if (withDescendants(all, id).includes(input.parent_id)) return invalidFields({ parent_id: 'A category cannot go under itself or one of its subcategories' })
  }
  await staffWrite(ctx, { ...CATEGORY, action: 'category.move' }, async (tx) => {
    const from = (await q.siblings(tx, site, current.parentId)).map((c) => c.id).filter((c) => c !== id)
    const to = current.parentId === input.parent_id ? from : (await q.siblings(tx, site, input.parent_id)).map((c) => c.id).filter((c) => c !== id)
    to.splice(Math.min(input.position, to.length), 0, id)
    await q.updateCategory(tx, id, { parentId: input.parent_id })
    if (to !== from) await q.setPositions(tx, from)
    await q.setPositions(tx, to)
    const after = (await q.findCategory(tx, site, id))!
    return { id, before: categoryRecord(current), after: categoryRecord(after), result: null }
  })
  return ok(await listCategories(ctx))
}

export async function deleteCategory(ctx: StaffWriteCtx, id: number): Promise<Result<{ ok: true }>> {
  const current = await q.lockCategory(ctx.db, ctx.site.id, id)
  if (!current) return fail('not_found', 'No such category on this website')
  const use = await q.categoryInUse(ctx.db, id)
  if (use.children > 0) return fail('conflict', `“${current.name}” has subcategories: move or delete them first`)
  if (use.products > 0)
    return fail('conflict', `“${current.name}” has ${use.products} product${use.products === 1 ? '' : 's'}: move them to another category first`)
  await staffWrite(ctx, { ...CATEGORY, action: 'category.delete' }, async (tx) => {
    await q.deleteCategory(tx, id)
    return { id, before: categoryRecord(current), after: null, result: null }
  })
  return ok({ ok: true as const })
}

/* ---------- brands ---------- */

const BRAND = { entity: 'brand', changesStorefront: true }
const brandRecord = (b: { id: number; name: string; slug: string; logo: string | null }) => ({ id: b.id, name: b.name, slug: b.slug, logo: b.logo })

export async function listBrands(ctx: StaffCtx, query: z.output<typeof listAdminBrands.query>) {
  const { column, desc } = parseSort(query.sort)
  const { rows, total } = await q.listBrandsPage(ctx.db, ctx.site.id, {
    q: query.q,
    sort: column,
    desc,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  })
  return { data: rows, meta: { total, page: query.page, perPage: query.perPage } }
}

export async function createBrand(ctx: StaffWriteCtx, input: Body<typeof createAdminBrand>): Promise<Result<AdminBrand>> {
  const clash = await q.brandClash(ctx.db, ctx.site.id, { name: input.name, slug: input.slug })
  const logo = await imageProblem(ctx, 'logo', input.logo)
  if (clash.name || clash.slug || logo.logo) {
    return invalidFields({
      ...(clash.name && { name: 'There is already a brand with this name' }),
      ...(clash.slug && { slug: 'Another brand already uses this slug' }),
      ...logo,
    })
  }
  const id = await insertBrand(ctx, input)
  return ok((await q.findBrand(ctx.db, ctx.site.id, id))!)
}

export async function updateBrand(ctx: StaffWriteCtx, id: number, input: Body<typeof updateAdminBrand>): Promise<Result<AdminBrand>> {
  const site = ctx.site.id
  if (!(await q.lockBrand(ctx.db, site, id))) return fail('not_found', 'No such brand on this website')
  const current = (await q.findBrand(ctx.db, site, id))!
  const clash = await q.brandClash(ctx.db, site, { name: input.name, slug: input.slug }, id)
  const logo = input.logo === current.logo ? {} : await imageProblem(ctx, 'logo', input.logo)
  if (clash.name || clash.slug || logo.logo) {
    return invalidFields({
      ...(clash.name && { name: 'There is already a brand with this name' }),
      ...(clash.slug && { slug: 'Another brand already uses this slug' }),
      ...logo,
    })
  }
  await staffWrite(ctx, { ...BRAND, action: 'brand.update' }, async (tx) => {
    // as a category's: the shelf reads brand names as they are now, no product row is rewritten
    await q.updateBrand(tx, id, { name: input.name, slug: input.slug, logo: input.logo })
    const after = (await q.findBrand(tx, site, id))!
    return { id, before: brandRecord(current), after: brandRecord(after), result: null }
  })
  return ok((await q.findBrand(ctx.db, site, id))!)
}

/** The brand of this name (any case) or slug; created when new (CONTRACT: POST /api/admin/products). */
export async function ensureBrand(ctx: StaffWriteCtx, name: string): Promise<number> {
  const found = await findBrandByName(ctx.db, ctx.site.id, name)
  return found ? found.id : insertBrand(ctx, { name })
}

async function insertBrand(ctx: StaffWriteCtx, input: { name: string; slug?: string; logo?: string | null }): Promise<number> {
  const site = ctx.site.id
  const base = slugBase(input.name, 'brand')
  const slug = input.slug ?? freeSlug(base, await q.brandSlugsLike(ctx.db, site, base))
  return staffWrite(ctx, { ...BRAND, action: 'brand.create' }, async (tx) => {
    const id = await q.insertBrand(tx, { websiteId: site, name: input.name, slug, logo: input.logo ?? null })
    return { id, before: null, after: brandRecord({ id, name: input.name, slug, logo: input.logo ?? null }), result: id }
  })
}
