import { randomBytes } from 'node:crypto'
import { IMPORT_TTL_MINUTES, type ImportPreview, type ImportSummary } from '../../../common/contracts/admin-catalogue-csv'
import type { Tx } from '../../db/client'
import type { Outbound } from '../../platform/outbound'
import { type Failure, fail, invalidFields, ok, type Result } from '../../platform/result'
import { type Change, type StaffWriteCtx, staffWrite, staffWrites } from '../../platform/staff-write'
import { refreshDerived } from './admin-queries'
import { productRecord } from './admin-shape'
import { loadAdminProducts } from './admin-products'
import type { FetchedImages } from './csv-image-urls'
import { fetchImages } from './csv-images'
import type { CsvFile } from './csv-read'
import { makePlan } from './csv-plan'
import type { Plan } from './csv-planned'
import * as q from './csv-queries'
import { differences, type Shown } from './csv-shown'
import type { CsvWork } from './csv-work'
import { createTaxonomy } from './csv-taxonomy-write'
import { type OnHandChange, setOnHandFromImport, setThresholdsFromImport } from './csv-stock'
import { freeSlug, slugBase } from './free-slug'

/**
 * CSV import (docs/decisions/0017-catalogue-csv.md): the upload is checked and planned, the parsed rows and what the
 * preview showed each would do are kept for an hour under a token tied to the website and the uploader; apply plans
 * again inside its one transaction, with the products locked, and writes only when no row has a problem and every
 * row does what the preview showed (else 409, the rows named, nothing written). Reading the file and planning it run
 * in the worker threads (`work`, csv-plan.ts); the database reads before them and the writes after stay here.
 *
 * Audit: one row per product created or changed (before / after, as the product editor's writes leave them, so its
 * history and stale-save diffs keep working), and one row for the import itself (file, counts).
 */

const IMPORT = { entity: 'catalogue_import' }

/** What is kept of an upload: its rows, and what became of each image address it names (csv-images.ts). */
type KeptFile = CsvFile & { images?: FetchedImages }

export async function previewImport(
  ctx: StaffWriteCtx,
  deps: { outbound: Outbound; work: CsvWork },
  body: unknown,
  fileName = 'catalogue.csv',
): Promise<Result<PreviewAnswer>> {
  if (!Buffer.isBuffer(body)) return invalidFields({ file: 'Upload a CSV file (Content-Type: text/csv)' })
  const read = await deps.work.run('catalogueCsvRead', body)
  if (!read.ok) return read
  const { file, wanted } = read.value
  const images = await fetchImages(ctx, deps.outbound, file)
  if (!images.ok) return images
  const kept: KeptFile = { ...file, images: images.value }
  const { plan, shown, linesJson } = await makePlan(ctx.db, ctx.site.id, file, { images: images.value, work: deps.work, wanted, preview: true })
  const token = randomBytes(18).toString('base64url')
  const expiresAt = new Date(Date.now() + IMPORT_TTL_MINUTES * 60_000)
  await staffWrite(ctx, { ...IMPORT, action: 'catalogue_import.preview' }, async (tx) => {
    await q.saveImport(tx, { token, websiteId: ctx.site.id, userId: ctx.user.id, fileName, rows: kept, planned: shown, expiresAt })
    return { id: token, before: null, after: { file_name: fileName, bytes: body.length, summary: plan.summary, problems: plan.problems.length }, result: null }
  })
  return ok({
    token,
    file_name: fileName,
    expires_at: expiresAt.toISOString(),
    summary: plan.summary,
    problems: plan.problems,
    linesJson: linesJson ?? '[]',
    new_brands: plan.created.brands.map((b) => ({ name: b.name, line: b.line })),
    new_categories: plan.created.categories.map((c) => ({ path: c.path, line: c.line })),
  })
}

/** A preview's answer with its lines as JSON already (made in the worker thread): `previewJson` writes the rest around them. */
export type PreviewAnswer = Omit<ImportPreview, 'lines'> & { linesJson: string }

export function previewJson({ linesJson, ...rest }: PreviewAnswer): string {
  return `${JSON.stringify(rest).slice(0, -1)},"lines":${linesJson}}`
}

export async function applyImport(ctx: StaffWriteCtx, work: CsvWork, token: string): Promise<Result<{ summary: ImportSummary }>> {
  const site = ctx.site.id
  const saved = await q.lockImport(ctx.db, site, ctx.user.id, token)
  if (!saved) return fail('not_found', 'No such import: a preview can be applied for an hour by the person who uploaded it. Upload the file again.')
  if (saved.status === 'applied') return fail('conflict', 'This import has been applied already')
  await q.serialiseApplies(ctx.db, site)
  const kept = saved.rows as KeptFile
  const file: CsvFile = { header: kept.header, rows: kept.rows }
  const { plan, shown } = await makePlan(ctx.db, site, file, { work, lock: (ids) => q.lockProducts(ctx.db, site, ids), images: kept.images ?? {} })
  if (plan.problems.length) {
    const errors: Record<string, string> = {}
    for (const p of plan.problems) errors[`${p.line ?? 0}:${p.column ?? ''}`] ??= p.message
    const n = plan.problems.length
    return fail(
      'invalid',
      `The catalogue changed since the preview: ${n} row${n === 1 ? ' has a problem' : 's have problems'}. Nothing was imported; preview the file again.`,
      errors,
    )
  }
  // A preview kept before previews kept their plan: nothing to hold the apply to.
  if (!saved.planned) return fail('conflict', 'The catalogue may have changed since the preview: nothing was imported; check the file again.')
  const changed = differences(saved.planned as Shown, shown)
  if (changed.length) return changedSincePreview(changed)
  await createTaxonomy(ctx, plan)
  const written = await writePlan(ctx, plan, token, saved.fileName)
  if (!written.ok) return written
  await staffWrite(ctx, { ...IMPORT, action: 'catalogue_import.apply', data: { file_name: saved.fileName } }, async (tx) => {
    await q.markApplied(tx, token, plan.summary)
    return { id: token, before: null, after: { file_name: saved.fileName, summary: plan.summary }, result: null }
  })
  return ok({ summary: plan.summary })
}

/** The rows a plan made now would do differently from what the preview showed: 409, each row named. */
function changedSincePreview(changed: { line: number; message: string }[]): Failure {
  const SHOWN = 5
  const named = changed.slice(0, SHOWN).map((c) => `line ${c.line} ${c.message}`)
  const more = changed.length > SHOWN ? `, and ${changed.length - SHOWN} more` : ''
  const errors: Record<string, string> = {}
  for (const c of changed) errors[`${c.line}:`] = c.message
  return fail('conflict', `The catalogue changed since the preview: ${named.join('; ')}${more}. Nothing was imported; check the file again.`, errors)
}

async function writePlan(ctx: StaffWriteCtx, plan: Plan, token: string, fileName: string): Promise<Result<null>> {
  const site = ctx.site.id
  const touched = plan.products.filter((p) => p.action !== 'unchanged' || p.packs.some((k) => k.action !== 'unchanged'))
  const stockOnly = plan.products.some((p) => p.packs.some((k) => k.stock.length || k.threshold))
  if (touched.length === 0 && !stockOnly) return ok(null)
  return staffWrites(ctx, { entity: 'product', action: 'product.import', data: { import: token }, changesStorefront: true }, async (tx) => {
    const changedIds = touched.flatMap((p) => (p.existingId === null ? [] : [p.existingId]))
    const before = new Map<number, unknown>()
    for (const part of q.slices(changedIds)) for (const p of await loadAdminProducts(tx, site, part)) before.set(p.product_id, productRecord(p))

    // New products: ids taken first, so their packs and categories can be written in bulk.
    const creating = plan.products.filter((p) => p.existingId === null)
    const newIds = await q.nextIds(tx, 'products', creating.length)
    const slugs = await slugsFor(
      tx,
      site,
      creating.map((p) => p.values),
    )
    await q.insertProducts(
      tx,
      creating.map((p, i) => ({
        id: newIds[i],
        websiteId: site,
        name: p.values.name,
        slug: slugs[i],
        brandId: p.values.brandId,
        categoryId: p.values.categoryIds[0],
        status: p.values.status,
        description: p.values.description,
        info: p.values.info,
        searchKeywords: p.values.searchKeywords,
        hsnCode: p.values.hsnCode,
        gstRate: p.values.gstRate,
        cessRate: p.values.cessRate,
        medias: p.values.medias,
      })),
    )
    await q.dropRedirects(tx, site, slugs)
    creating.forEach((p, i) => (p.existingId = newIds[i]))

    const changing = plan.products.filter((p) => p.action === 'change')
    await q.updateProducts(
      tx,
      changing.map((p) => ({ id: p.existingId!, ...p.values, categoryId: p.values.categoryIds[0] })),
    )
    const categoriesChanged = [...creating, ...changing.filter((p) => p.changes.length)]
    await q.replaceCategories(
      tx,
      categoriesChanged.map((p) => ({ productId: p.existingId!, categoryIds: p.values.categoryIds })),
    )
    // Products whose packs alone changed move to their next version too (an editor's copy is stale).
    await q.bumpVersions(
      tx,
      touched.filter((p) => p.action === 'unchanged').map((p) => p.existingId!),
    )

    const newPacks = plan.products.flatMap((p) => p.packs.filter((k) => k.existingId === null).map((k) => ({ product: p, pack: k })))
    const packIds = await q.nextIds(tx, 'packs', newPacks.length)
    newPacks.forEach(({ pack }, i) => (pack.existingId = packIds[i]))
    await q.updatePacks(
      tx,
      plan.products.flatMap((p) => p.packs.filter((k) => k.action === 'change').map((k) => ({ id: k.existingId!, ...k.values }))),
    )
    await q.insertPacks(
      tx,
      newPacks.map(({ product, pack }) => ({ id: pack.existingId!, websiteId: site, productId: product.existingId!, ...pack.values })),
    )

    const ids = touched.map((p) => p.existingId!)
    for (const part of q.slices(ids)) await refreshDerived(tx, part)
    const stock: OnHandChange[] = plan.products.flatMap((p) => p.packs.flatMap((k) => k.stock.map((s) => ({ packId: k.existingId!, ...s }))))
    const stocked = await setOnHandFromImport({ ...ctx, db: tx }, stock, fileName)
    // Refused (the stock changed meanwhile): the call fails and its transaction rolls back.
    if (!stocked.ok) return { result: stocked, changes: [] }
    const marked = await setThresholdsFromImport(
      { ...ctx, db: tx },
      plan.products.flatMap((p) => p.packs.flatMap((k) => (k.threshold ? [{ packId: k.existingId!, lowAt: k.threshold.to }] : []))),
    )
    if (!marked.ok) return { result: marked, changes: [] }

    const changes: Change[] = []
    for (const part of q.slices(ids)) {
      for (const p of await loadAdminProducts(tx, site, part))
        changes.push({ id: p.product_id, before: before.get(p.product_id) ?? null, after: productRecord(p) })
    }
    return { result: ok(null), changes }
  })
}

/** The file's slug, or one made from the name that no product of the website (nor of this import) has. */
async function slugsFor(tx: Tx, websiteId: number, list: { name: string; slug: string | null }[]): Promise<string[]> {
  if (list.length === 0) return []
  const taken = await q.productSlugs(tx, websiteId)
  for (const p of list) if (p.slug) taken.add(p.slug)
  return list.map((p) => {
    if (p.slug) return p.slug
    const slug = freeSlug(slugBase(p.name, 'product'), taken)
    taken.add(slug)
    return slug
  })
}
