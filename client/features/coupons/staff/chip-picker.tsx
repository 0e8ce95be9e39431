import { type UseFormReturn, useController } from 'react-hook-form'
import { SelectField } from '../../../ui/select-field'
import { CloseIcon } from '../../../staff/ui/staff-icons'
import type { CouponBody, CouponFormValues } from './coupon-form-values'

/** A list of chosen slugs as chips, with a select to add one more. */
export function ChipPicker({
  form,
  name,
  label,
  options,
  error,
}: {
  form: UseFormReturn<CouponFormValues, unknown, CouponBody>
  name: 'categories' | 'brands'
  label: string
  options: { value: string; label: string }[]
  error?: string
}) {
  const { field } = useController({ control: form.control, name })
  const chosen = field.value
  const labelOf = (slug: string) => options.find((o) => o.value === slug)?.label.replace(/^(— )+/, '') ?? slug
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={label}
        placeholder={chosen.length ? `Add another ${label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '')}…` : `All ${label.toLowerCase()}`}
        options={options.filter((o) => !chosen.includes(o.value))}
        value=""
        error={error}
        onChange={(e) => e.target.value && field.onChange([...chosen, e.target.value])}
      />
      {chosen.length > 0 && (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="flex flex-wrap gap-1.5">
          {chosen.map((slug) => (
            <li key={slug} className="flex items-center gap-1 rounded-full border border-border bg-background py-0.5 pl-2.5 pr-1 text-sm">
              {labelOf(slug)}
              <button
                type="button"
                className="flex size-5 items-center justify-center rounded-full text-muted hover:bg-border hover:text-text"
                aria-label={`Remove ${labelOf(slug)}`}
                onClick={() => field.onChange(chosen.filter((s) => s !== slug))}
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
