import type { StaffWriteCtx } from '../../platform/staff-write'
import { addCategory, ensureBrand } from './admin-taxonomy'
import type { Plan } from './csv-planned'

/**
 * The brands and categories a file names that do not exist yet, created when it applies (each audited as the
 * forms' are: `brand.create`, `category.create`), parents before children; the plan's stand-in ids (below zero)
 * become theirs. Applies of one website run one at a time (csv-queries' `serialiseApplies`), so two applies of one
 * file create each once: the second plans after the first committed, and finds them.
 */
export async function createTaxonomy(ctx: StaffWriteCtx, plan: Plan): Promise<void> {
  const real = new Map<number, number>()
  const idOf = (id: number) => (id < 0 ? real.get(id)! : id)
  for (const b of plan.created.brands) real.set(b.id, await ensureBrand(ctx, b.name))
  for (const c of plan.created.categories) {
    real.set(c.id, await addCategory(ctx, { name: c.name, parentId: c.parentId === null ? null : idOf(c.parentId) }))
  }
  if (real.size === 0) return
  for (const p of plan.products) {
    p.values.brandId = idOf(p.values.brandId)
    p.values.categoryIds = p.values.categoryIds.map(idOf)
  }
}
