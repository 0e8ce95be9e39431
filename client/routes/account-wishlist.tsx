import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { EmptyState } from '../ui/empty-state'
import { useInit } from '../lib/init'
import { NewWishlistButton, WishlistPage } from '../features/wishlist/wishlist-page'
import { Link } from '../lib/router'
import { buttonClasses } from '../ui/button'
import { cardAction } from './product-slots'

/** Each of the shopper's wishlists with its products, the cart control and Remove (issue #4). */
export function AccountWishlistRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Wishlist' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Wishlist" actions={<NewWishlistButton />}>
      <WishlistPage
        action={cardAction}
        empty={
          <EmptyState
            title="Your wishlist is empty"
            action={
              <Link to="/products" className={buttonClasses()}>
                Browse products
              </Link>
            }
          >
            Save products for later with the heart on any product.
          </EmptyState>
        }
      />
    </AccountLayout>
  )
}
