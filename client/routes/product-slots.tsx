import type { Pack, Product } from '../../common/contracts/catalogue'
import { AddToCart } from '../features/cart/add-to-cart'
import { useInitMaybe } from '../lib/init'
import { WishlistHeart } from '../features/wishlist/wishlist-heart'

/** The quantity comes from the shopper's cart (replaced by every cart answer), so every card and page agrees. */
function CartControl({ pack, product, size }: { pack: Pack; product: Product; size?: 'sm' | 'md' }) {
  const items = useInitMaybe()?.cart.items
  const quantity = items ? (items.find((i) => i.pack_id === pack.pack_id)?.quantity ?? 0) : (pack.quantity ?? 0)
  return <AddToCart pack={pack} product={product} quantity={quantity} size={size} />
}

function Heart({ product }: { product: Product }) {
  return <WishlistHeart product={product} signedIn={Boolean(useInitMaybe()?.user)} />
}

/** What product cards and the product page show in their action and corner slots. */
export const cardAction = (pack: Pack, product: Product) => <CartControl pack={pack} product={product} />
export const cardCorner = (product: Product) => <Heart product={product} />
/** The product page's control is the larger one. */
export const detailAction = (pack: Pack, product: Product) => <CartControl pack={pack} product={product} size="md" />
