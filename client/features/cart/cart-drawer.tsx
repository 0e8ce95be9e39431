import { Link } from '../../lib/router'
import type { Cart, CartItem } from '../../../common/contracts/cart'
import { formatINR, toPaise } from '../../../common/money'
import { CART_DRAWER_WIDTH } from '../../../common/rules/constants'
import { buttonClasses } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { Image } from '../../ui/image'
import { Price } from '../../ui/price'
import { CartIcon } from '../../ui/shop-icons'
import type { ReactNode } from 'react'

interface CartDrawerProps {
  open: boolean
  onClose: () => void
  cart: Cart
  /** quantity control and Remove link for a line (wired by the cart's mutations) */
  lineActions?: (item: CartItem) => ReactNode
}

/** Spec §2: 'Cart Summary' drawer, 500px. */
export function CartDrawer({ open, onClose, cart, lineActions }: CartDrawerProps) {
  const empty = cart.items.length === 0
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Cart Summary"
      width={CART_DRAWER_WIDTH}
      footer={
        empty ? undefined : (
          <div className="space-y-3">
            <p className="flex items-center justify-between text-base font-semibold">
              <span>Items Total:</span>
              <span>{formatINR(toPaise(cart.amount))}</span>
            </p>
            {cart.deliveryMessage && <p className="text-sm text-muted">{cart.deliveryMessage}</p>}
            <Link to="/checkout" onClick={onClose} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
              Continue to Checkout
            </Link>
          </div>
        )
      }
    >
      {empty ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 py-16 text-center">
          <CartIcon className="text-5xl text-muted" />
          <h3 className="text-lg font-semibold">Empty Cart</h3>
          <p className="text-sm text-muted">Your cart is empty</p>
          <Link to="/products" onClick={onClose} className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {cart.items.map((item) => (
            <li key={item.pack_id} className="flex gap-3 py-3">
              <Image src={item.image} size="thumb" alt="" width={64} height={64} className="size-16 shrink-0 rounded-md border border-border object-contain" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{item.name}</p>
                <p className="text-xs text-muted">{item.pack}</p>
                <Price price={toPaise(item.price)} actPrice={toPaise(item.act_price)} className="text-sm" />
                {item.message && <p className={item.valid ? 'text-xs text-muted' : 'text-xs font-medium text-danger'} role={item.valid ? undefined : 'alert'}>{item.message}</p>}
              </div>
              <div className="flex flex-col items-end justify-between gap-2">
                <span className="text-sm font-semibold">{formatINR(toPaise(item.amount))}</span>
                {lineActions?.(item)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  )
}
