import { TextField } from '../../../ui/form-field'
import type { Props } from '../editor-state'
import { type BlockFormProps, useSetter } from './form-props'

export const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v))
export const list = (v: unknown): Props[] => (Array.isArray(v) ? (v as Props[]) : [])
export const numOrUndefined = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s))

export function TitleField(props: BlockFormProps & { label?: string }) {
  const set = useSetter(props)
  return (
    <TextField
      label={props.label ?? 'Title'}
      value={str(props.block.data.title)}
      onChange={(e) => set('data', 'title', e.target.value)}
      error={props.error('data.title')}
    />
  )
}

export function LinkField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string
  value: unknown
  onChange: (v: string) => void
  error?: string
  hint?: string
}) {
  return (
    <TextField
      label={label}
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
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
  value: unknown
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
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(numOrUndefined(e.target.value))}
      error={error}
      hint={hint}
    />
  )
}
