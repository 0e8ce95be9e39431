import type { CreateSearchSynonym, SearchMiss, SearchSynonym } from '../../../common/contracts/admin-search'
import { notFound } from '../../platform/errors'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as q from './search-queries'
import { missKey } from './search-service'

/** Staff's search synonyms and the zero-result report (docs/decisions/0035-search.md). */

const SYNONYM = { entity: 'search_synonym', changesStorefront: true }

const toSynonym = (r: { id: number; term: string; means: string; createdAt: Date }): SearchSynonym => ({
  id: r.id,
  term: r.term,
  means: r.means,
  created_at: r.createdAt.toISOString(),
})

export async function listSynonyms(ctx: StaffCtx): Promise<{ data: SearchSynonym[] }> {
  return { data: (await q.listSynonyms(ctx.db, ctx.site.id)).map(toSynonym) }
}

/** Adds a synonym (the same one again answers the existing row); the report forgets the query it fixes. */
export function createSynonym(ctx: StaffWriteCtx, input: CreateSearchSynonym): Promise<SearchSynonym> {
  const term = missKey(input.term)
  const means = missKey(input.means)
  return staffWrite(ctx, { action: 'search_synonym.create', ...SYNONYM }, async (tx) => {
    const saved = await q.insertSynonym(tx, ctx.site.id, term, means)
    await q.deleteMiss(tx, ctx.site.id, term)
    const result = toSynonym(saved)
    return { result, id: saved.id, before: null, after: result }
  })
}

export function deleteSynonym(ctx: StaffWriteCtx, id: number): Promise<{ ok: true }> {
  return staffWrite(ctx, { action: 'search_synonym.delete', ...SYNONYM }, async (tx) => {
    const row = await q.deleteSynonym(tx, ctx.site.id, id)
    if (!row) throw notFound('This synonym does not exist')
    return { result: { ok: true as const }, id, before: toSynonym(row), after: null }
  })
}

export async function listMisses(ctx: StaffCtx): Promise<{ data: SearchMiss[] }> {
  const rows = await q.listMisses(ctx.db, ctx.site.id, 200)
  return { data: rows.map((r) => ({ query: r.query, count: r.count, last_at: r.lastAt.toISOString() })) }
}
