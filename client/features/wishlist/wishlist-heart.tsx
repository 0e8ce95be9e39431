import type { Product } from '../../../common/contracts/catalogue'
import { useNavigate } from '../../lib/router'
import { savePath } from '../../lib/saved-path'
import { requestWishlist, useSavedFlag } from './wishlist-request'

/** The heart on a product: a visitor is sent to sign in (and comes back here); a shopper picks the wishlist. */
export function WishlistHeart({ product, signedIn }: { product: Product; signedIn: boolean }) {
  // a visitor has no wishlist, whatever this page saved before they signed out
  const saved = useSavedFlag(product.product_id, product.wishlist) && signedIn
  const navigate = useNavigate()
  function click() {
    if (signedIn) return requestWishlist(product)
    savePath(location.pathname + location.search)
    navigate('/auth/login')
  }
  return (
    <button
      type="button"
      onClick={click}
      aria-pressed={saved}
      aria-label={`Save ${product.product_name} to a wishlist`}
      className={saved ? 'heart text-danger' : 'heart text-muted'}
    >
      {/* drawn by CSS (.heart-icon, client/index.css): a list page has 24 of these */}
      <span className="heart-icon" />
    </button>
  )
}
