import { TextField } from '../../../ui/form-field'
import { orNone } from './form-props'

const numOrUndefined = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s))

/** The block's title (`data.title`); emptied, the block has none. */
export function TitleField({
  label = 'Title',
  value,
  onChange,
  error,
}: {
  label?: string
  value: string | null | undefined
  onChange: (title: string | undefined) => void
  error?: string
}) {
  return <TextField label={label} value={value ?? ''} onChange={(e) => onChange(orNone(e.target.value))} error={error} />
}

export function LinkField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string
  value: string | null | undefined
  onChange: (link: string | undefined) => void
  error?: string
  hint?: string
}) {
  return (
    <TextField
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(orNone(e.target.value))}
      error={error}
      hint={hint ?? 'A shop address like /products?c=sweets, or https://…'}
      inputMode="url"
      spellCheck={false}
    />
  )
}

export function Check({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  )
}

export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
}: {
  label: string
  value: number | undefined
  onChange: (v: number | undefined) => void
  error?: string
  hint?: string
  min?: number
  max?: number
}) {
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      max={max}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(numOrUndefined(e.target.value))}
      error={error}
      hint={hint}
    />
  )
}
