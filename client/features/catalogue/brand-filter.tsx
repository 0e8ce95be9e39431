import { useId, useState } from 'react'
import type { Brand } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { SearchIcon } from '../../ui/icons'
import { FilterCheckbox } from './filter-checkbox'

/** Below this many brands the filter box is noise. */
const FILTER_BOX_FROM = 7
/**
 * The sidebar lists this many brands (and any ticked) until "Show all" or a search: a website of 300 brands would
 * otherwise put 300 checkboxes into every list page's HTML (issue 30). The drawer, opened on purpose, lists all.
 */
export const SIDEBAR_BRANDS = 10

/**
 * The brands the folded sidebar lists: those with the most products in the list shown (`top`, most first), then
 * the first by name up to SIDEBAR_BRANDS, and every ticked one; in the website's order (by name).
 */
export function foldedBrands(brands: Brand[], top: readonly string[], selected: readonly string[]): Brand[] {
  const known = new Set(brands.map((b) => b.slug))
  const chosen = new Set(top.filter((slug) => known.has(slug)).slice(0, SIDEBAR_BRANDS))
  for (const b of brands) {
    if (chosen.size >= SIDEBAR_BRANDS) break
    chosen.add(b.slug)
  }
  return brands.filter((b) => chosen.has(b.slug) || selected.includes(b.slug))
}

export interface BrandFilterProps {
  brands: Brand[]
  /** Ticked brand slugs (?b=). */
  selected: readonly string[]
  onChange: (next: string[]) => void
  className?: string
  /** the sidebar caps the list's height; a drawer lets it run to the drawer's own height (it scrolls itself) */
  capped?: boolean
  /** slugs of the brands with the most products in the list shown, most first: the folded sidebar lists these */
  top?: readonly string[]
}

/** Brand checkboxes with a small box that narrows the list by name. */
export function BrandFilter({ brands, selected, onChange, className, capped = true, top = [] }: BrandFilterProps) {
  const [text, setText] = useState('')
  const [all, setAll] = useState(!capped)
  const inputId = useId()
  const needle = text.trim().toLowerCase()
  const folded = !needle && !all && brands.length > SIDEBAR_BRANDS + 2
  const shown = needle ? brands.filter((b) => b.name.toLowerCase().includes(needle)) : folded ? foldedBrands(brands, top, selected) : brands

  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((s) => s !== slug))

  return (
    <div className={cn('space-y-2', className)}>
      {brands.length >= FILTER_BOX_FROM && (
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            Filter brands
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Find a brand"
            autoComplete="off"
            className="h-10 w-full rounded-md border border-border bg-surface pr-3 pl-9 text-sm outline-none focus:border-primary"
          />
        </div>
      )}
      {shown.length ? (
        <ul className={cn('-mx-2 space-y-0.5', capped && 'max-h-72 overflow-y-auto')} data-testid="brand-list">
          {shown.map((brand) => (
            <li key={brand.slug}>
              <FilterCheckbox label={brand.name} checked={selected.includes(brand.slug)} onChange={(on) => toggle(brand.slug, on)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-1 py-2 text-sm text-muted">{brands.length ? `No brands match “${text.trim()}”` : 'No brands yet.'}</p>
      )}
      {folded && (
        <button type="button" className="px-1 text-sm font-medium text-primary hover:underline" onClick={() => setAll(true)}>
          Show all {brands.length} brands
        </button>
      )}
    </div>
  )
}
