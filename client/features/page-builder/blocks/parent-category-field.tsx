import { Combobox } from '../../../ui/combobox'
import { useTaxonomyOptions } from './slug-picker'

const TOP = { value: '', label: 'The top-level categories' }

/** Which categories a category block shows: the top level, or the sub-categories of one (a category carousel or grid). */
export function ParentCategoryField({ value, onChange, error }: { value: string | undefined; onChange: (slug: string | undefined) => void; error?: string }) {
  const { categories } = useTaxonomyOptions()
  const parent = value ?? ''
  // a parent the list no longer has (removed since) stays shown, so it can be changed
  const options = [
    TOP,
    ...categories,
    ...(parent && !categories.some((c) => c.value === parent) ? [{ value: parent, label: `${parent} (no longer in the list)` }] : []),
  ]
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Tiles of</span>
      <Combobox
        aria-label="Parent category"
        searchPlaceholder="Search the categories"
        options={options}
        value={parent}
        onChange={(slug) => onChange(slug || undefined)}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted">A category shows its sub-categories; else the top-level categories</p>
      )}
    </div>
  )
}
