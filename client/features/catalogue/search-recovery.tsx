import type { DidYouMean, Product } from '../../../common/contracts/catalogue'
import * as paths from '../../lib/paths'
import { Link } from '../../lib/router'
import type { ProductCardProps } from './product-card'
import { ProductGrid } from './product-grid'

/** The list of a category or brand offered instead of a search (issue 31). */
const didYouMeanHref = (t: DidYouMean) => paths.products(`${t.kind === 'category' ? 'c' : 'b'}=${encodeURIComponent(t.slug)}`)

export interface SearchRecoveryProps {
  q: string
  didYouMean: DidYouMean[]
  instead: DidYouMean & { data: Product[]; total: number }
  action?: ProductCardProps['action']
  corner?: ProductCardProps['corner']
}

function NearChips({ id, label, near }: { id: string; label: string; near: DidYouMean[] }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span id={id} className="text-muted">
        {label}
      </span>
      <ul aria-labelledby={id} className="contents">
        {near.map((t) => (
          <li key={`${t.kind}:${t.slug}`}>
            <Link to={didYouMeanHref(t)} className="inline-flex min-h-8 items-center rounded-full border border-border bg-background px-3 hover:border-primary">
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A search that found very little: the nearest categories or brands, to browse for more. */
export function SeeAlso({ near }: { near: DidYouMean[] }) {
  return (
    <div className="mb-4" data-testid="search-see-also">
      <NearChips id="search-see-also" label="See also:" near={near} />
    </div>
  )
}

/**
 * A search that found nothing: say so, show the nearest category's (or brand's) products instead, with a link to all
 * of them, and the other near ones as chips.
 */
export function SearchRecovery({ q, didYouMean, instead, action, corner }: SearchRecoveryProps) {
  const others = didYouMean.filter((t) => t.kind !== instead.kind || t.slug !== instead.slug)
  const href = didYouMeanHref(instead)
  return (
    <section aria-labelledby="search-instead" data-testid="search-recovery">
      <div className="mb-4 rounded-lg border border-border bg-surface px-4 py-3">
        <p className="text-sm text-muted">No products match “{q}”.</p>
        <h2 id="search-instead" className="mt-0.5 text-base font-semibold">
          Showing results for{' '}
          <Link to={href} className="text-primary underline underline-offset-2">
            {instead.name}
          </Link>{' '}
          instead
        </h2>
        {others.length > 0 && (
          <div className="mt-2">
            <NearChips id="search-did-you-mean" label="Did you mean:" near={others} />
          </div>
        )}
      </div>
      <ProductGrid products={instead.data} action={action} corner={corner} />
      {instead.total > instead.data.length && (
        <p className="mt-6 text-center">
          <Link to={href} className="font-semibold text-primary underline underline-offset-2">
            See all {instead.total} in {instead.name}
          </Link>
        </p>
      )}
    </section>
  )
}
