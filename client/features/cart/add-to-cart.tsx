import type { Pack, Product } from '../../../common/contracts/catalogue'
import { Button } from '../../ui/button'
import { useCartCalls } from './api'
import { QuantityStepper } from './quantity-stepper'

/** Spec §2: 'Add to Cart' when the pack is not in the cart yet, plus and minus controls once it is. */
export function AddToCart({ pack, product, quantity, size = 'sm' }: { pack: Pack; product: Product; quantity: number; size?: 'sm' | 'md' }) {
  const cart = useCartCalls()
  const label = `${product.product_name} ${pack.pack_name}`
  if (quantity > 0) {
    return (
      <QuantityStepper
        quantity={quantity}
        itemLabel={label}
        busy={cart.pending !== null}
        size={size}
        onMinus={() => cart.takeOne(pack.pack_id)}
        onPlus={() => cart.add(pack.pack_id, pack.warehouse_id)}
      />
    )
  }
  if (!pack.in_stock) return <span className="text-xs font-medium text-muted">Out of stock</span>
  return (
    <Button
      size={size === 'sm' ? 'sm' : 'lg'}
      variant="framed"
      loading={cart.pending === 'add'}
      onClick={() => cart.add(pack.pack_id, pack.warehouse_id)}
      aria-label={`Add ${label} to cart`}
    >
      Add to Cart
    </Button>
  )
}
