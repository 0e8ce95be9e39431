import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'

/**
 * A refused save (422): each field's message goes on its field (the input stays as typed); what belongs to no
 * field of this form comes back as one form-level message. `fields` are the form's field names ('packs.0.price'
 * matches the pattern 'packs.*.price').
 */
export function showServerErrors<F extends FieldValues>(err: unknown, setError: UseFormSetError<F>, fields: string[]): string | null {
  const byField = fieldErrors(err)
  const patterns = fields.map(
    (f) =>
      new RegExp(
        `^${f
          .split('.')
          .map((part) => (part === '*' ? '\\d+' : part.replace(/\W/g, '\\$&')))
          .join('\\.')}$`,
      ),
  )
  const rest: string[] = []
  let first = true
  for (const [name, message] of Object.entries(byField)) {
    if (patterns.some((p) => p.test(name))) {
      setError(name as Path<F>, { type: 'server', message }, { shouldFocus: first })
      first = false
    } else rest.push(message)
  }
  if (Object.keys(byField).length === 0) return errorText(err)
  return rest.length ? rest.join(' ') : null
}
