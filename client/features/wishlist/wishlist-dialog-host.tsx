import { useEffect, useState } from 'react'
import type { Product } from '../../../common/contracts/catalogue'
import { WishlistDialog } from './wishlist-dialog'
import { requestWishlist } from './wishlist-request'

/** The one wishlist dialog of the page, for the product a heart asked for; it stays mounted to animate closed. */
export function WishlistDialogHost({ product }: { product: Product | null }) {
  const [shown, setShown] = useState(product)
  useEffect(() => {
    if (product) setShown(product)
  }, [product])
  if (!shown) return null
  return <WishlistDialog key={shown.product_id} open={product !== null} onClose={() => requestWishlist(null)} product={shown} />
}
