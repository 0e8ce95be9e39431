import { Link } from '../../lib/router'
import { cn } from '../../lib/cn'
import { buttonClasses } from '../../ui/button'
import { SearchIcon } from '../../ui/icons'

export interface NoProductsProps {
  /** The search text, when the empty result came from a search. */
  q?: string
  className?: string
}

/** What most grocery orders start with: offered when a search found nothing (search understands Hinglish too). */
const POPULAR = ['atta', 'chawal', 'dal', 'tel', 'ghee', 'doodh', 'chai', 'masala']

/** The empty result: say so, offer popular searches and the way back to every product. */
export function NoProducts({ q, className }: NoProductsProps) {
  return (
    <div className={cn('flex flex-col items-center rounded-lg border border-dashed border-border bg-surface px-6 py-14 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-full bg-background text-muted">
        <SearchIcon className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold">{q ? `No products match “${q}”` : 'No products match these filters'}</p>
      <p className="mt-1 max-w-sm text-sm text-muted">Try a different spelling, fewer filters, or browse everything we stock.</p>
      {q && (
        <div role="group" className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Popular searches">
          {POPULAR.map((word) => (
            <Link
              key={word}
              to={`/products?q=${encodeURIComponent(word)}`}
              className="rounded-full border border-border bg-background px-3 py-1 text-sm hover:border-primary"
            >
              {word}
            </Link>
          ))}
        </div>
      )}
      <Link to="/products" className={buttonClasses({ variant: 'primary', className: 'mt-5' })}>
        Reset filters
      </Link>
    </div>
  )
}
