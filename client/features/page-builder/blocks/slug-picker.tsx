import { useId } from 'react'
import type { CategoryNode } from '../../../../common/contracts/catalogue'
import { useInit } from '../../../lib/init'
import { Combobox, type ComboboxOption } from '../../../ui/combobox'

/** The website's categories as picker options, in menu order, a sub-category named under its parent ('Staples › Atta'). */
export function categoryOptions(tree: CategoryNode[], parent = ''): ComboboxOption[] {
  return tree.flatMap((c) => {
    const label = parent ? `${parent} › ${c.name}` : c.name
    return [{ value: c.slug, label }, ...categoryOptions(c.children, label)]
  })
}

/** The categories and brands shoppers see (the start-up answer every staff screen has): the pickers' lists. */
export function useTaxonomyOptions() {
  const { categories, brands } = useInit()
  return { categories: categoryOptions(categories), brands: brands.map((b) => ({ value: b.slug, label: b.name })) }
}

/**
 * Several categories or brands chosen from the website's own list (never typed addresses): each chosen one a chip
 * with a remove button, and a searchable list to add another. A chosen address the list no longer has (a category
 * removed since) shows as such, so it can be taken out.
 */
export function SlugPicker({
  label,
  noun,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  label: string
  /** 'category' → 'Add a category' */
  noun: string
  options: ComboboxOption[]
  value: string[] | undefined
  onChange: (slugs: string[] | undefined) => void
  error?: string
  hint: string
}) {
  const id = useId()
  const chosen = value ?? []
  const name = (slug: string) => options.find((o) => o.value === slug)?.label ?? `${slug} (no longer in the list)`
  const left = options.filter((o) => !chosen.includes(o.value))
  const set = (next: string[]) => onChange(next.length ? next : undefined)
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((slug) => (
            <li key={slug} className="flex items-center gap-1 rounded-full border border-border bg-background py-0.5 pr-1 pl-2.5 text-sm">
              {name(slug)}
              <button
                type="button"
                aria-label={`Remove ${name(slug)}`}
                onClick={() => set(chosen.filter((s) => s !== slug))}
                className="flex size-5 items-center justify-center rounded-full text-muted hover:bg-border hover:text-text"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox
        aria-label={`Add a ${noun}`}
        placeholder={left.length ? `Add a ${noun}…` : `Every ${noun} is chosen`}
        searchPlaceholder={`Search the ${label.toLowerCase()}`}
        disabled={left.length === 0}
        options={left}
        value={null}
        onChange={(slug) => set([...chosen, slug])}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </fieldset>
  )
}
