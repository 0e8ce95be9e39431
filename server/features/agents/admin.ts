import type { AgentFigures, CommissionRules } from '../../../common/contracts/agents'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import * as q from './queries'

const rupees = (paise: string | number) => Number(paise) / 100

export async function listAgents(ctx: StaffCtx): Promise<{ data: AgentFigures[] }> {
  const rows = await q.agentsSideBySide(ctx.db, ctx.site.id)
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      customers: r.customers,
      orders: r.orders,
      revenue: rupees(r.revenue_paise),
      delivered: rupees(r.delivered_paise),
      commission_earned: rupees(r.earned_paise),
      commission_pending: rupees(r.pending_paise),
    })),
  }
}

export async function getRules(ctx: StaffCtx): Promise<CommissionRules> {
  const rows = await q.commissionRules(ctx.db, ctx.site.id)
  return {
    default_percent: (rows.find((r) => r.category_id === null)?.rate_bp ?? 0) / 100,
    categories: rows.filter((r) => r.category_id !== null).map((r) => ({ category_id: r.category_id!, name: r.category_name ?? '', percent: r.rate_bp / 100 })),
  }
}

export async function saveRules(
  ctx: StaffWriteCtx,
  input: { default_percent: number; categories: { category_id: number; percent: number }[] },
): Promise<Result<CommissionRules>> {
  const ids = [...new Set(input.categories.map((c) => c.category_id))]
  if (ids.length !== input.categories.length) return fail('invalid', 'A category appears twice', { categories: 'A category appears twice' })
  const known = new Set(await q.categoriesOfSite(ctx.db, ctx.site.id, ids))
  const unknown = ids.find((id) => !known.has(id))
  if (unknown !== undefined) return fail('not_found', `Category ${unknown} was not found`)
  const before = await getRules(ctx)
  await staffWrite(ctx, { action: 'commission.rules', entity: 'commission_rules' }, async (tx) => {
    await q.replaceCommissionRules(tx, ctx.site.id, [
      { categoryId: null, rateBp: Math.round(input.default_percent * 100) },
      ...input.categories.map((c) => ({ categoryId: c.category_id, rateBp: Math.round(c.percent * 100) })),
    ])
    return { result: null, id: ctx.site.id, before, after: input }
  })
  return ok(await getRules(ctx))
}
