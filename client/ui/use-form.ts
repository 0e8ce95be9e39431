import { useCallback, useRef, useState, type FormEvent } from 'react'
import { validateField, validateForm, type FieldRules, type FieldValue } from '../../common/rules/form-field'
import { useLatest } from './use-latest'

type Values = Record<string, FieldValue>
type Errors<V extends Values> = Partial<Record<keyof V & string, string>>

export interface UseFormOptions<V extends Values> {
  initialValues: V
  rules: FieldRules<keyof V & string>
  onSubmit: (values: V) => void | Promise<void>
}

/**
 * Spec §5 forms: validate everything on submit and submit only when all fields pass;
 * a field already showing an error is re-validated as its value changes; reset() restores the start.
 */
export function useForm<V extends Values>({ initialValues, rules, onSubmit }: UseFormOptions<V>) {
  const initial = useRef(initialValues)
  const [values, setValues] = useState<V>(initialValues)
  const [errors, setErrors] = useState<Errors<V>>({})
  const [submitting, setSubmitting] = useState(false)
  const latest = useLatest({ values, rules, onSubmit })

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((prev) => ({ ...prev, [name]: value }))
      setErrors((prev) => {
        if (!prev[name]) return prev
        const rule = latest.current.rules[name]
        const message = rule ? validateField(rule, value) : null
        const next = { ...prev }
        if (message) next[name] = message
        else delete next[name]
        return next
      })
    },
    [latest],
  )

  const reset = useCallback(() => {
    setValues(initial.current)
    setErrors({})
  }, [])

  const handleSubmit = useCallback(
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault()
      const { values: current, rules: currentRules, onSubmit: submit } = latest.current
      const result = validateForm(currentRules, current)
      setErrors(result.errors)
      if (!result.valid) {
        const first = Object.keys(result.errors)[0]
        const el = first ? event?.currentTarget.elements.namedItem(first) : null
        if (el instanceof HTMLElement) el.focus()
        return
      }
      setSubmitting(true)
      try {
        await submit(current)
      } finally {
        setSubmitting(false)
      }
    },
    [latest],
  )

  /** Props for <TextField> (or any input) bound to `name`. */
  const field = <K extends keyof V & string>(name: K) => {
    const rule = rules[name]
    const value = values[name]
    return {
      name,
      value: value === null || value === undefined || typeof value === 'boolean' ? '' : value,
      onChange: (e: { target: { value: string } }) => setValue(name, e.target.value as V[K]),
      error: errors[name],
      label: rule?.label,
      required: rule?.required,
      readOnly: rule?.readonly,
      type: rule?.type === 'textarea' ? 'text' : rule?.type,
    }
  }

  return { values, errors, submitting, setValue, setErrors, reset, handleSubmit, field }
}
