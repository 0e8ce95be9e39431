import { Link } from '../../lib/router'
import type { Brand, CategoryNode } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { XIcon } from '../../ui/icons'
import type { ProductListParams } from './api'
import { findCategory } from './category-tree'

export interface FilterChipsProps {
  params: ProductListParams
  categories: CategoryNode[]
  brands: Brand[]
  /** Applies a change to the URL (useProductQueryParams().update). */
  onChange: (change: Partial<ProductListParams>) => void
  className?: string
}

interface Chip {
  key: string
  label: string
  remove: Partial<ProductListParams>
}

export function activeChips({ q, c = [], b = [], s }: ProductListParams, categories: CategoryNode[], brands: Brand[]): Chip[] {
  const chips: Chip[] = []
  // Relevance only applies to a search, so it goes with the search text.
  if (q) chips.push({ key: 'q', label: `“${q}”`, remove: { q: undefined, s: s === 'relevance' ? undefined : s } })
  for (const slug of c) {
    chips.push({ key: `c:${slug}`, label: findCategory(categories, slug)?.name ?? slug, remove: { c: c.filter((x) => x !== slug) } })
  }
  for (const slug of b) {
    chips.push({ key: `b:${slug}`, label: brands.find((x) => x.slug === slug)?.name ?? slug, remove: { b: b.filter((x) => x !== slug) } })
  }
  return chips
}

/** The active search and filters as removable chips, with 'Clear all'. */
export function FilterChips({ params, categories, brands, onChange, className }: FilterChipsProps) {
  const chips = activeChips(params, categories, brands)
  if (!chips.length) return null
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <h2 className="sr-only">Active filters</h2>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.remove)}
              aria-label={`Remove filter ${chip.label}`}
              className="inline-flex h-10 max-w-64 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 pr-2.5 pl-3.5 text-sm font-medium text-text hover:bg-primary/15 sm:h-8"
            >
              <span className="truncate">{chip.label}</span>
              <XIcon className="size-3.5 shrink-0 text-primary" />
            </button>
          </li>
        ))}
      </ul>
      <Link
        to="/products"
        className="inline-flex h-10 items-center px-2 text-sm font-medium text-muted underline-offset-4 hover:text-text hover:underline sm:h-8"
      >
        Clear all
      </Link>
    </div>
  )
}
