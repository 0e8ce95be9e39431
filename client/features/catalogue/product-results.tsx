import { Button } from '../../ui/button'
import { Pagination } from '../../ui/pagination'
import type { ProductCardProps } from './product-card'
import type { ProductListParams, useProductList } from './api'
import { LoadError } from './load-error'
import { NoProducts } from './no-products'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import { SearchRecovery, SeeAlso } from './search-recovery'

export interface ProductResultsProps {
  list: ReturnType<typeof useProductList>
  params: ProductListParams
  onPageChange: (page: number) => void
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
}

/** The list's states: first load, failure, nothing found, a page past the end, or cards with pagination. */
export function ProductResults({ list, params, onPageChange, action, corner }: ProductResultsProps) {
  if (list.isError && !list.data) {
    return <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
  }
  if (!list.data) return <ProductGridSkeleton />

  const { data: products, meta, did_you_mean, instead } = list.data
  if (meta.total === 0 && params.q && instead) {
    return <SearchRecovery q={params.q} didYouMean={did_you_mean ?? []} instead={instead} action={action} corner={corner} />
  }
  if (meta.total === 0) return <NoProducts q={params.q} />
  if (!products.length) {
    return (
      <div className="rounded-lg border border-border bg-surface px-6 py-12 text-center">
        <p className="font-semibold">This page is past the end of the results.</p>
        <Button variant="outline" className="mt-4" onClick={() => onPageChange(1)}>
          Go to page 1
        </Button>
      </div>
    )
  }

  return (
    <>
      {params.q && did_you_mean && did_you_mean.length > 0 && (params.page ?? 1) === 1 && <SeeAlso near={did_you_mean} />}
      <ProductGrid products={products} action={action} corner={corner} stale={list.isPlaceholderData} />
      {meta.total > meta.perPage && (
        <Pagination
          page={params.page ?? 1}
          total={meta.total}
          perPage={meta.perPage}
          onChange={onPageChange}
          className="mt-8 border-t border-border pt-6 [&_button]:h-10 [&_button]:min-w-10"
        />
      )}
    </>
  )
}
