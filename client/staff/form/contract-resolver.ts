import { zodResolver } from '@hookform/resolvers/zod'
import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form'
import type { $ZodType, input, output } from 'zod/v4/core'
import { isEmptyValue, requiredMessage } from '../../../common/rules/form-field'

export interface ContractResolverOptions<F extends FieldValues, S extends $ZodType> {
  /** the form's values (text as typed) as the call's body: numbers from text, '' as absent */
  toInput: (values: F) => input<S>
  /**
   * Spec §5: an empty required field says '{label} is required'. Keys are field names; `*` stands for every row
   * of a list ('packs.*.price').
   */
  required?: Record<string, string>
}

/** The names a pattern stands for in these values: 'packs.*.price' → 'packs.0.price', 'packs.1.price', … */
function expand(pattern: string, values: FieldValues): string[] {
  const star = pattern.indexOf('*')
  if (star < 0) return [pattern]
  const list = get(values, pattern.slice(0, star - 1)) as unknown
  if (!Array.isArray(list)) return []
  return list.flatMap((_, i) => expand(`${pattern.slice(0, star)}${i}${pattern.slice(star + 1)}`, values))
}

/**
 * Validates a react-hook-form form with the call's own zod contract (the server checks the same schema), with
 * spec §5's messages for empty required fields. The submit handler receives the contract's parsed body.
 */
export function contractResolver<F extends FieldValues, S extends $ZodType>(
  schema: S,
  { toInput, required = {} }: ContractResolverOptions<F, S>,
): Resolver<F, unknown, output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, output<S>>
  return async (values, context, options) => {
    const result = await validate(toInput(values) as FieldValues, context, options as never)
    const errors: FieldErrors<FieldValues> = { ...result.errors }
    let requiredMissing = false
    for (const [pattern, label] of Object.entries(required)) {
      for (const name of expand(pattern, values)) {
        if (!isEmptyValue(get(values, name) as string | null | undefined)) continue
        set(errors, name, { type: 'required', message: requiredMessage(label) })
        requiredMissing = true
      }
    }
    if (!requiredMissing && Object.keys(result.errors).length === 0) return result as never
    return { values: {}, errors: errors as FieldErrors<F> }
  }
}
