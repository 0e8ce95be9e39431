import type { ReactNode } from 'react'
import type { Brand, CategoryNode } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import type { ProductListParams } from './api'
import { BrandFilter } from './brand-filter'
import { CategoryFilter } from './category-filter'

export interface FilterSidebarProps {
  categories: CategoryNode[]
  brands: Brand[]
  params: ProductListParams
  onChange: (change: Partial<ProductListParams>) => void
  className?: string
  /** brand slugs with the most products in the list shown, most first (the folded brand list) */
  topBrands?: readonly string[]
}

/** Desktop filters: categories (with subcategories) and brands; every tick updates the URL. */
export function FilterSidebar({ categories, brands, params, onChange, className, topBrands }: FilterSidebarProps) {
  const c = params.c ?? []
  const b = params.b ?? []
  return (
    <aside aria-label="Filters" className={cn('space-y-6', className)}>
      <FilterSection title="Categories" onClear={c.length ? () => onChange({ c: undefined }) : undefined}>
        <CategoryFilter categories={categories} selected={c} onChange={(next) => onChange({ c: next })} className="-mx-2" />
      </FilterSection>
      {brands.length > 0 && (
        <FilterSection title="Brands" onClear={b.length ? () => onChange({ b: undefined }) : undefined}>
          <BrandFilter brands={brands} selected={b} onChange={(next) => onChange({ b: next })} top={topBrands} />
        </FilterSection>
      )}
    </aside>
  )
}

function FilterSection({ title, onClear, children }: { title: string; onClear?: () => void; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border bg-surface p-3">
      <div className="mb-1 flex min-h-8 items-center justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold tracking-wide text-text uppercase">{title}</h2>
        {onClear && (
          <button
            type="button"
            onClick={onClear}
            aria-label={`Clear ${title.toLowerCase()}`}
            className="rounded px-1 text-xs font-medium text-primary hover:underline"
          >
            Clear
          </button>
        )}
      </div>
      {children}
    </section>
  )
}
