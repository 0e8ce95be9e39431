import type { $ZodType, output } from 'zod/v4/core'
import { safeParse } from 'zod/v4/core'

/** What every staff table's URL state has (the contract's staffListQuery): page, perPage, sort, q, and its filters. */
export interface TableQueryBase {
  page: number
  perPage: number
  sort?: string
  q?: string
}

export type TableQuerySchema = $ZodType<TableQueryBase, unknown>

/**
 * The table's state from the address (STYLE rule 13), validated by the call's own query schema: a value that
 * fails (an old bookmark, a hand-edited address) is dropped and reported rather than breaking the page.
 */
export function parseTableQuery<S extends TableQuerySchema>(schema: S, search: URLSearchParams): { query: output<S>; dropped: string[] } {
  const input: Record<string, string> = Object.fromEntries([...search].filter(([, v]) => v !== ''))
  const dropped: string[] = []
  for (let tries = 0; tries <= Object.keys(input).length; tries++) {
    const parsed = safeParse(schema, input)
    if (parsed.success) return { query: parsed.data as output<S>, dropped }
    const bad = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))].filter((k) => k in input)
    if (bad.length === 0) break
    for (const key of bad) {
      delete input[key]
      dropped.push(key)
    }
  }
  return { query: safeParse(schema, {}).data as output<S>, dropped: Object.keys(Object.fromEntries(search)) }
}

/** The query string of a table state: only what differs from the defaults, so addresses stay short and stable. */
export function tableQueryString<S extends TableQuerySchema>(schema: S, query: Partial<output<S>>): string {
  const defaults = safeParse(schema, {}).data as Record<string, unknown>
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue
    out.set(key, String(value))
  }
  return out.toString()
}

/** Filters, search, sort or page size change the rows, so they go back to page 1; a page change keeps the rest. */
export function nextTableQuery<Q extends TableQueryBase>(current: Q, change: Partial<Q>): Q {
  const next = { ...current, ...change }
  if (!('page' in change)) next.page = 1
  return next
}
