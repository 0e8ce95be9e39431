/** One changed field of an audited record: before → after, as staff read them. */
export interface FieldChange {
  field: string
  before: string
  after: string
}

const shown = (v: unknown): string => {
  if (v === undefined) return '—'
  if (v === null) return 'empty'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string') return v === '' ? 'empty' : v
  return JSON.stringify(v)
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The fields that differ between an audit row's before and after (a created record shows all its fields, a
 * deleted one what it was). Nested objects compare as a whole; `version` and timestamps only say it changed.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) return before === after ? [] : [{ field: 'value', before: shown(before), after: shown(after) }]
  const b = isRecord(before) ? before : {}
  const a = isRecord(after) ? after : {}
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => f !== 'version' && f !== 'updated_at')
  return fields
    .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((f) => ({ field: f.replace(/_/g, ' '), before: isRecord(before) ? shown(b[f]) : '—', after: isRecord(after) ? shown(a[f]) : '—' }))
}
