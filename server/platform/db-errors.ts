/** What the app reads of PostgreSQL's errors, through drizzle's wrapping ("Failed query", its `cause`). */

export interface PgError extends Error {
  code: string
  constraint?: string
  table?: string
  column?: string
}

const isPgError = (e: Error): e is PgError => typeof (e as PgError).code === 'string' && typeof (e as { severity?: unknown }).severity === 'string'

/** The PostgreSQL error in a chain of causes (drizzle wraps it in a "Failed query" error). */
export function databaseErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (isPgError(e)) return e
  return undefined
}

/** The constraint a unique violation (23505) names, through drizzle's wrapping; null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
  }
  return null
}

/**
 * SQLSTATEs of a database too busy to do the work now: a statement over its time (statement_timeout, 57014), a
 * lock not had in time (lock_timeout, 55P03), a transaction that lost a serialization race (40001) or a deadlock
 * (40P01). The statement failed, so its transaction rolled back with nothing written: the same request a moment
 * later may well succeed.
 */
const BUSY = new Set(['57014', '55P03', '40001', '40P01'])

/** The SQLSTATE when the database was too busy for the work (see BUSY); null for any other error. */
export function databaseBusy(err: unknown): string | null {
  const code = databaseErrorOf(err)?.code
  return code !== undefined && BUSY.has(code) ? code : null
}
