import { type ComponentProps, useId } from 'react'
import { cn } from '../../lib/cn'

/** A native select with the same label, error and aria wiring as TextField. */
export function SelectField({ label, error, required, options, className, ...props }: Omit<ComponentProps<'select'>, 'required'> & { label: string; error?: string; required?: boolean; options: readonly string[] }) {
  const id = useId()
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={error ? `${id}-error` : undefined}
        className={cn('h-10 w-full rounded-md border border-border bg-surface px-3 text-sm outline-none focus:border-primary', error && 'border-danger')} {...props}>
        <option value="">Choose…</option>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
      {error && <p id={`${id}-error`} className="text-sm text-danger">{error}</p>}
    </div>
  )
}
