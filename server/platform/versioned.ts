import { isDeepStrictEqual } from 'node:util'
import { snapshotAt } from './audit-queries'
import { AppError } from './errors'
import type { StaffWriteCtx } from './staff-write'

/** Never part of "what changed": they change with every save. */
const BOOKKEEPING = new Set(['version', 'updated_at'])

/** Top-level fields whose values differ between two records. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && !isDeepStrictEqual(before[k], after[k]))
}

export interface Versioned {
  version: number
  /** the record as audit rows keep it (what staffWrite is given as before / after) */
  record: Record<string, unknown>
}

/**
 * Optimistic concurrency for a record read with its row locked (select … for update) in the write's transaction:
 * when the editor's `seen` version is not the current one, the save stops with 409, the current record as the
 * client shows it (`current`), and the fields changed since the editor's version (found in the audit log).
 */
export async function expectVersion(
  ctx: StaffWriteCtx,
  ref: { entity: string; id: number | string; label: string },
  seen: number,
  now: Versioned,
  current: unknown,
) {
  if (now.version === seen) return
  const then = await snapshotAt(ctx.db, ctx.site.id, ref.entity, String(ref.id), seen)
  const changed = then && typeof then === 'object' ? changedFields(then as Record<string, unknown>, now.record) : changedFields({}, now.record)
  throw new AppError(
    'stale',
    `${ref.label} was changed by someone else while you were editing (version ${seen} → ${now.version}). Review the changes and save again.`,
    undefined,
    {
      current,
      changed,
    },
  )
}
