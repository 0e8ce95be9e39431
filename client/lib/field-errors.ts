import { ApiError } from './error-text'

/** The per-field messages of a 422 or 409 answer ({ errors: { field: message } }), if there are any. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null) return {}
  const errors = (err.body as { errors?: unknown }).errors
  if (typeof errors !== 'object' || errors === null) return {}
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'))
}
