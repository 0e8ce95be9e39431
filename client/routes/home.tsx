import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { Product } from '../../common/contracts/catalogue'
import { PageBlocks } from '../app/block-registry'
import { useDocumentHead } from '../app/use-document-head'
import { ProductCarousel } from '../features/catalogue/product-carousel'
import { usePage } from '../features/pages/api'
import { PageContent } from '../features/pages/page-content'
import { useInitMaybe } from '../lib/init'
import { cardAction, cardCorner } from './product-slots'

// The buy-again data is its own chunk, fetched for a signed-in shopper only: a visitor's first load never carries it.
const BuyAgainProducts = lazy(() => import('../features/orders/buy-again').then((m) => ({ default: m.BuyAgainProducts })))

const noSubscription = () => () => {}

const shelf = (products: Product[]) => (
  <section aria-labelledby="buy-again-heading" data-testid="buy-again">
    <ProductCarousel title="Buy again" headingId="buy-again-heading" products={products} action={cardAction} corner={cardCorner} />
  </section>
)

/**
 * Issue 31: the packs a signed-in shopper buys again and again, the one due to run out first first, each with its Add
 * to Cart (one tap adds the pack they bought). In the browser only (personal: never in the server's HTML). The
 * account page shows it too, by import() of this module (a static import would split the carousel out of the chunk
 * every content page loads, which a visitor's first load would pay for).
 */
export function BuyAgain() {
  const signedIn = Boolean(useInitMaybe()?.user)
  const browser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!signedIn || !browser) return null
  return (
    <Suspense fallback={null}>
      <BuyAgainProducts>{shelf}</BuyAgainProducts>
    </Suspense>
  )
}

export function HomeRoute() {
  const page = usePage('/')
  useDocumentHead({ page: page.data })
  return (
    <PageContent css={page.data?.css} className="space-y-8 py-4 sm:space-y-10 sm:py-6">
      <h1 className="sr-only">{page.data?.seo_title ?? 'Home'}</h1>
      <PageBlocks
        blocks={page.data?.data ?? []}
        loading={page.isPending}
        action={cardAction}
        corner={cardCorner}
        afterFirst={<BuyAgain />}
        onLater={() => page.refetch({ cancelRefetch: false })}
      />
    </PageContent>
  )
}
