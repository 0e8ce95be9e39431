const bar = 'animate-pulse rounded bg-border/60'

/** Placeholder with the detail page's shape while the product loads. */
export function ProductDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading product" className="py-4 md:py-6">
      <div aria-hidden="true">
        <div className={`${bar} mb-4 h-4 w-48`} />
        <div className="grid gap-6 md:grid-cols-2 md:gap-10">
          <div className="flex flex-col gap-3">
            <div className="aspect-square animate-pulse rounded-xl bg-border/60" />
            <div className="flex gap-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="size-16 animate-pulse rounded-lg bg-border/60 md:size-20" />
              ))}
            </div>
          </div>
          <div className="flex flex-col gap-4">
            <div className={`${bar} h-4 w-24`} />
            <div className={`${bar} h-8 w-4/5`} />
            <div className={`${bar} h-8 w-32`} />
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-16 animate-pulse rounded-lg bg-border/60" />
              ))}
            </div>
            <div className={`${bar} h-12 w-40`} />
            <div className="h-24 animate-pulse rounded-lg bg-border/60" />
          </div>
        </div>
      </div>
    </div>
  )
}
