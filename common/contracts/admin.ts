import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { defineContract } from './http'
import { calendarDate, text } from './text'
import { INT_MAX } from './whole-numbers'

/**
 * What every staff table and every staff write share: the list query and answer of a server-side data table,
 * the 409 of a stale save, and the audit log. Staff calls live under /s/api/admin (CONTRACT "Staff calls").
 */

const int = () => z.number().check(z.int())

/** the largest id a path or query takes: what the database's integer ids hold */
export const ID_MAX = INT_MAX
/** A positive database id in a path or query (`/products/12`, `?category_id=3`). */
export const IdParam = (name = 'id') =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .check(z.int(`${name} must be a whole number`), z.positive(`${name} must be positive`), z.lte(ID_MAX, `${name} is too large`))
export const IdParams = z.object({ id: IdParam() })

/** Rows per page of every staff table (spec §1 pagination). */
export const PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const
export const STAFF_PER_PAGE_DEFAULT = 20
export const STAFF_QUERY_MAX = 100

const perPage = z.pipe(
  z.coerce.number({ error: 'perPage must be a number' }),
  z.literal(PER_PAGE_OPTIONS, { error: `perPage must be one of ${PER_PAGE_OPTIONS.join(', ')}` }),
)

/**
 * The query of a staff table: `page` (from 1), `perPage` (5, 10, 20, 50, 100), `q` (search), `sort` (a column
 * name, `-name` for descending), plus the table's own filters. Every value is a plain query-string value, so a
 * table's state lives in the URL and a view can be bookmarked.
 */
export function staffListQuery<const S extends string, F extends Record<string, $ZodType>>(
  sorts: readonly S[],
  defaultSort: NoInfer<S> | `-${NoInfer<S>}`,
  filters: F,
) {
  type Value = S | `-${S}`
  const sortValues = [...sorts, ...sorts.map((s) => `-${s}` as const)] as [Value, ...Value[]]
  return z.object({
    page: z._default(
      z.coerce
        .number({ error: 'page must be a number' })
        .check(z.int('page must be a whole number'), z.gte(1, 'page must be 1 or more'), z.lte(100_000, 'page is too large')),
      1,
    ),
    perPage: z._default(perPage, STAFF_PER_PAGE_DEFAULT),
    q: z.optional(text('Search text', [z.trim(), z.maxLength(STAFF_QUERY_MAX, `Search text is limited to ${STAFF_QUERY_MAX} characters`)])),
    sort: z._default(z.enum(sortValues, { error: `sort must be one of: ${sortValues.join(', ')}` }), defaultSort as never),
    ...filters,
  })
}

/** `meta.total` is what CONTRACT fixes (GET /api/admin/orders); page and perPage echo what was answered. */
export const ListMeta = z.object({ total: int(), page: int(), perPage: int() })
export type ListMeta = z.infer<typeof ListMeta>
export const listAnswer = <T extends $ZodType>(row: T) => z.object({ data: z.array(row), meta: ListMeta })

/** A sort value split into its column and direction. */
export function parseSort<S extends string>(sort: S | `-${S}`): { column: S; desc: boolean } {
  return sort.startsWith('-') ? { column: sort.slice(1) as S, desc: true } : { column: sort as S, desc: false }
}

/**
 * Optimistic concurrency: an edit sends the `version` it read. When someone saved in between, the answer is 409
 * with the record as it is now and the fields that changed since that version; nothing is written.
 */
export const versionOf = (firstVersion: 0 | 1, whatIsZero?: string) => {
  const message = whatIsZero ? `Send the version you loaded: 0 for ${whatIsZero}` : 'Send the version you loaded (it comes with the record)'
  return z.number({ error: message }).check(z.int(message), z.gte(firstVersion, message), z.lte(ID_MAX, message))
}
export const Version = versionOf(1)
/** The body of an edit that sends only what changes: one field at least, else 422 (an empty change would write nothing). */
export const someChange = <T extends z.ZodMiniObject>(body: T) =>
  body.check(z.refine((fields) => Object.values(fields).some((v) => v !== undefined), 'Send at least one field to change'))
export const staleBody = <T extends $ZodType>(record: T) =>
  z.object({ message: z.string(), code: z.literal('stale'), current: record, changed: z.array(z.string()) })

/* ---------- the audit log ---------- */

export const AuditEntry = z.object({
  id: int(),
  at: z.string(),
  user: z.nullable(z.object({ id: int(), name: z.string() })),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  /** the record before and after the write (null when created / deleted) */
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  /** what the row is about in shop words: "Order #1042", "Product Basmati Rice" (common/audit-words.ts) */
  record: z.string(),
  /** the action in words: "Product changed" */
  what: z.string(),
  /** before → after per field in shop words: labels, ₹, India time, order numbers; never raw JSON */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  /** anything else the write noted (e.g. a bulk action's input) */
  data: z.record(z.string(), z.unknown()),
  request_id: z.nullable(z.string()),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditQuery = staffListQuery(['at'], '-at', {
  entity: z.optional(text('Entity', [z.regex(/^[a-z_]{1,40}$/, 'Unknown entity')])),
  entity_id: z.optional(text('Entity id', [z.maxLength(40)])),
  user_id: z.optional(IdParam('user_id')),
  action: z.optional(text('Action', [z.maxLength(60)])),
  /** first and last day, inclusive, in India time */
  from: z.optional(calendarDate('From date')),
  to: z.optional(calendarDate('To date')),
})
export type AuditQuery = z.output<typeof AuditQuery>

export const listAudit = defineContract({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'Admin: the audit log of this website, newest first; filters: entity (and entity_id), user_id, action, from / to (dates, inclusive)',
  query: AuditQuery,
  response: listAnswer(AuditEntry),
})
