import type { Pack, Product } from '../../../common/contracts/catalogue'
import { Button } from '../../ui/button'

/** Spec §2: 'Add to Cart' when the pack is not in the cart yet, plus and minus controls once it is. */
export function AddToCart({ pack, product }: { pack: Pack; product: Product }) {
  if (!pack.in_stock) {
    return <span className="text-xs font-medium text-muted">Out of stock</span>
  }
  return (
    <Button size="sm" variant="outline" className="border-primary text-primary" aria-label={`Add ${product.product_name} ${pack.pack_name} to cart`}>
      Add to Cart
    </Button>
  )
}
