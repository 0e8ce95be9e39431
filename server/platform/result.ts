import { AppError, type ErrorKind } from './errors'

/**
 * The outcome of a service call that can fail in an expected way (STYLE "error model"): returned, not thrown.
 * A route turns a failure into its HTTP error with `orThrow`.
 */
export interface Failure {
  ok: false
  kind: ErrorKind
  message: string
  /** per-field messages of a 422 (`packs.0.sku` → 'This SKU is already used by …') */
  fieldErrors?: Record<string, string>
}
export type Result<T> = { ok: true; value: T } | Failure

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })

export const fail = (kind: ErrorKind, message: string, fieldErrors?: Record<string, string>): Failure =>
  fieldErrors ? { ok: false, kind, message, fieldErrors } : { ok: false, kind, message }

/** A 422 whose message is the first field's. */
export const invalidFields = (fieldErrors: Record<string, string>): Failure => fail('invalid', Object.values(fieldErrors)[0] ?? 'Invalid input', fieldErrors)

export function orThrow<T>(result: Result<T>): T {
  if (!result.ok) throw new AppError(result.kind, result.message, result.fieldErrors)
  return result.value
}
