/** The shape of a product card while its data loads. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="product-card-skeleton" className="flex h-full flex-col rounded-2xl border border-border bg-surface p-3">
      <div className="mx-auto aspect-square w-full max-w-48 animate-pulse rounded-md bg-border/70 motion-reduce:animate-none" />
      <div className="mt-3 h-4 w-4/5 animate-pulse rounded bg-border/70 motion-reduce:animate-none" />
      <div className="mt-2 h-3 w-1/3 animate-pulse rounded bg-border/60 motion-reduce:animate-none" />
      <div className="mt-4 flex items-center justify-between">
        <div className="h-4 w-16 animate-pulse rounded bg-border/70 motion-reduce:animate-none" />
        <div className="h-8 w-20 animate-pulse rounded-md bg-border/60 motion-reduce:animate-none" />
      </div>
    </div>
  )
}
