/**
 * Field rules of spec §5, shared by client forms and server contracts. Pure: no DOM, no I/O.
 */

export type FieldType = 'text' | 'email' | 'number' | 'tel' | 'password' | 'search' | 'url' | 'date' | 'textarea'

export type FieldValue = string | number | boolean | null | undefined

export interface FieldRule {
  label?: string
  required?: boolean
  type?: FieldType
  pattern?: RegExp
  patternMessage?: string
  /** Replaces every other rule when present; return a message to fail. */
  validator?: (value: FieldValue) => string | null | undefined
  readonly?: boolean
}

/** Text, @, a dotted domain whose final label has 2 to 4 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/

const DEFAULT_LABEL = 'This field'

export const requiredMessage = (label = DEFAULT_LABEL) => `${label} is required`
export const invalidEmailMessage = (label = DEFAULT_LABEL) => `${label} is not a valid email address`
export const invalidFormatMessage = (label = DEFAULT_LABEL) => `${label} is not in valid format`

/** Empty means nothing entered; the number 0 counts as filled. */
export function isEmptyValue(value: FieldValue): boolean {
  if (value === null || value === undefined || value === false) return true
  if (typeof value === 'number') return Number.isNaN(value)
  if (typeof value === 'string') return value.trim() === ''
  return false
}

/** Returns the first failing message, or null when the value passes. */
export function validateField(field: FieldRule, value: FieldValue): string | null {
  if (field.readonly) return null
  if (field.validator) return field.validator(value) || null
  const label = field.label || DEFAULT_LABEL
  if (isEmptyValue(value)) return field.required ? requiredMessage(label) : null
  const text = String(value)
  if (field.type === 'email' && !EMAIL_PATTERN.test(text)) return invalidEmailMessage(label)
  if (field.pattern) {
    field.pattern.lastIndex = 0 // a /g or /y pattern would otherwise remember its last match
    if (!field.pattern.test(text)) return field.patternMessage || invalidFormatMessage(label)
  }
  return null
}

export type FieldRules<K extends string = string> = Partial<Record<K, FieldRule>>

export interface FormValidation<K extends string = string> {
  valid: boolean
  errors: Partial<Record<K, string>>
}

/** Validates every field that has a rule; errors only lists failing fields. */
export function validateForm<K extends string>(fields: FieldRules<K>, values: Partial<Record<K, FieldValue>>): FormValidation<K> {
  const errors: Partial<Record<K, string>> = {}
  for (const name of Object.keys(fields) as K[]) {
    const rule = fields[name]
    if (!rule) continue
    const message = validateField(rule, values[name])
    if (message) errors[name] = message
  }
  return { valid: Object.keys(errors).length === 0, errors }
}
