import { lazy, Suspense, useRef, useState } from 'react'
import type { Brand, CategoryNode } from '../../../common/contracts/catalogue'
import { Button } from '../../ui/button'
import { useProductList } from './api'
import { FilterChips } from './filter-chips'
import { FilterSidebar } from './filter-sidebar'
import { listHeading, productCount } from './list-heading'
import type { ProductCardProps } from './product-card'
import { ProductResults } from './product-results'
import { SortSelect } from './sort-select'
import { useProductQueryParams } from './use-product-query-params'

// The phone filter drawers load when first opened: desktop shoppers and first loads never need them.
const BrandFilterDrawer = lazy(() => import('./brand-filter-drawer').then((m) => ({ default: m.BrandFilterDrawer })))
const CategoryFilterDrawer = lazy(() => import('./category-filter-drawer').then((m) => ({ default: m.CategoryFilterDrawer })))

export interface ProductListPageProps {
  /** Site data from the route module (GET /api/init). */
  categories: CategoryNode[]
  brands: Brand[]
  /** The cart control for a card's first pack. */
  action?: ProductCardProps['action']
  /** e.g. the wishlist heart. */
  corner?: ProductCardProps['corner']
}

/** /products: search, filters, sort and page live in the URL; the list reloads whenever it changes. */
export function ProductListPage({ categories, brands, action, corner }: ProductListPageProps) {
  const { params, update } = useProductQueryParams()
  const list = useProductList(params)
  const [drawer, setDrawerState] = useState<'categories' | 'brands' | null>(null)
  const [opened, setOpened] = useState(false)
  const setDrawer = (next: 'categories' | 'brands' | null) => {
    if (next) setOpened(true)
    setDrawerState(next)
  }
  const headingRef = useRef<HTMLHeadingElement>(null)
  const total = list.data?.meta.total
  const c = params.c ?? []
  const b = params.b ?? []

  const goToPage = (page: number) => {
    update({ page })
    window.scrollTo({ top: 0, behavior: 'smooth' })
    // Keyboard and screen-reader users start the new page at its heading, not at the old button.
    headingRef.current?.focus({ preventScroll: true })
  }

  return (
    <div className="py-4 md:py-6">
      <header className="mb-4 md:mb-6">
        <h1 ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none md:text-2xl">
          {listHeading(params, categories, brands)}
        </h1>
        <p aria-live="polite" data-testid="result-count" className="mt-1 min-h-5 text-sm text-muted">
          {total === undefined ? '' : productCount(total)}
        </p>
      </header>

      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <FilterSidebar
          categories={categories}
          brands={brands}
          params={params}
          onChange={update}
          topBrands={brandsByCount(list.data?.data ?? [])}
          className="hidden lg:block"
        />

        <div className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <Button variant="outline" className="shrink-0 px-3 lg:hidden" aria-haspopup="dialog" onClick={() => setDrawer('categories')}>
              <FilterIcon />
              Filters
              {c.length > 0 && <CountBadge n={c.length} />}
            </Button>
            {brands.length > 0 && (
              <Button variant="outline" className="shrink-0 px-3 lg:hidden" aria-haspopup="dialog" onClick={() => setDrawer('brands')}>
                Brands
                {b.length > 0 && <CountBadge n={b.length} />}
              </Button>
            )}
            <SortSelect
              value={params.s}
              hasQuery={Boolean(params.q)}
              onChange={(s) => update({ s })}
              className="ml-auto min-w-44 flex-1 sm:max-w-64 lg:flex-none"
            />
          </div>

          <FilterChips params={params} categories={categories} brands={brands} onChange={update} className="mb-4" />

          <ProductResults list={list} params={params} onPageChange={goToPage} action={action} corner={corner} />
        </div>
      </div>

      {opened && (
        <Suspense fallback={null}>
          <CategoryFilterDrawer open={drawer === 'categories'} onClose={() => setDrawer(null)} categories={categories} selected={c} />
          <BrandFilterDrawer
            open={drawer === 'brands'}
            onClose={() => setDrawer(null)}
            brands={brands}
            selected={b}
            onChange={(next) => update({ b: next })}
            total={total}
          />
        </Suspense>
      )}
    </div>
  )
}

/** Brand slugs of the products shown, the brand with the most of them first (ties: first seen first). */
function brandsByCount(products: readonly { brand_slug: string }[]): string[] {
  const counts = new Map<string, number>()
  for (const p of products) counts.set(p.brand_slug, (counts.get(p.brand_slug) ?? 0) + 1)
  return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!)
}

function CountBadge({ n }: { n: number }) {
  return (
    <span className="inline-flex size-5 items-center justify-center rounded-full bg-primary text-xs font-semibold text-on-primary">
      <span className="sr-only">(</span>
      {n}
      <span className="sr-only"> selected)</span>
    </span>
  )
}

function FilterIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-4"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  )
}
