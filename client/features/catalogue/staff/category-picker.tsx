import { Combobox } from '../../../ui/combobox'
import { XIcon } from '../../../ui/icons'
import type { CategoryOption } from './category-options'

interface CategoryPickerProps {
  id: string
  value: string[]
  onChange: (slugs: string[]) => void
  options: CategoryOption[]
  error?: string
}

/** A product's categories: the first is its primary (the storefront's category), any other can be made primary. */
export function CategoryPicker({ id, value, onChange, options, error }: CategoryPickerProps) {
  const name = (slug: string) => options.find((o) => o.value === slug)?.label.replace(/^(— )+/, '') ?? slug
  const rest = options.filter((o) => !value.includes(o.value))
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 && (
        <ul aria-label="Chosen categories" className="flex flex-col gap-1">
          {value.map((slug, i) => (
            <li key={slug} className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{name(slug)}</span>
              {i === 0 ? (
                <span className="rounded bg-primary/10 px-1.5 text-xs font-semibold text-primary">Primary</span>
              ) : (
                <button type="button" className="text-xs text-primary hover:underline" onClick={() => onChange([slug, ...value.filter((s) => s !== slug)])}>
                  Make primary<span className="sr-only">: {name(slug)}</span>
                </button>
              )}
              <button
                type="button"
                aria-label={`Remove ${name(slug)}`}
                className="text-muted hover:text-danger"
                onClick={() => onChange(value.filter((s) => s !== slug))}
              >
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox
        id={id}
        options={rest}
        value={null}
        placeholder={value.length ? 'Add another category' : 'Choose a category'}
        searchPlaceholder="Find a category"
        onChange={(slug) => onChange([...value, slug])}
        className={error ? 'border-danger' : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
