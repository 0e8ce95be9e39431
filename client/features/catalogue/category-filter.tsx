import type { CategoryNode } from '../../../common/contracts/catalogue'
import { CategoryChecklist } from './category-checklist'
import { toggleCategory } from './category-tree'

export interface CategoryFilterProps {
  categories: CategoryNode[]
  /** Ticked category slugs (?c=). */
  selected: readonly string[]
  onChange: (next: string[]) => void
  className?: string
}

/** Sidebar category checkboxes; each tick filters straight away (a parent includes its subcategories). */
export function CategoryFilter({ categories, selected, onChange, className }: CategoryFilterProps) {
  if (!categories.length) return <p className="px-1 py-2 text-sm text-muted">No categories yet.</p>
  return (
    <CategoryChecklist
      categories={categories}
      selected={selected}
      className={className}
      onToggle={(slug) => onChange(toggleCategory(categories, selected, slug))}
    />
  )
}
