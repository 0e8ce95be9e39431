import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Cart, getCart } from '../../../common/contracts/cart'
import { formatINR, toPaise } from '../../../common/money'
import { CART_DRAWER_WIDTH } from '../../../common/rules/constants'
import { useApi } from '../../lib/api-context'
import { Link, useNavigate } from '../../lib/router'
import { Button, buttonClasses } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { CartIcon } from '../../ui/shop-icons'
import { replaceCart } from './api'
import { CartLine } from './cart-line'
import { CouponBox } from './coupon-box'

interface CartDrawerProps {
  open: boolean
  onClose: () => void
  /** the shopper's cart as last answered (the init's, replaced by every cart call) */
  cart: Cart
}

const rupees = (amount: number) => formatINR(toPaise(amount))

/** Spec §2: 'Cart Summary' drawer, 500px. Opening it asks the server again (stock and slots move). */
export function CartDrawer({ open, onClose, cart }: CartDrawerProps) {
  const api = useApi()
  const qc = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    if (open)
      api.call(getCart).then(
        (fresh) => replaceCart(qc, fresh),
        () => {},
      )
  }, [open, api, qc])
  const empty = cart.items.length === 0
  const blocked = !cart.serviceable || cart.items.some((i) => !i.valid)

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Cart Summary"
      width={CART_DRAWER_WIDTH}
      footer={
        empty ? undefined : (
          <div className="space-y-3">
            <CouponBox cart={cart} />
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between text-base font-semibold">
                <dt>Items Total:</dt>
                <dd>{rupees(cart.amount)}</dd>
              </div>
              {cart.discount > 0 && (
                <div className="flex justify-between text-success">
                  <dt>Coupon {cart.offercode}</dt>
                  <dd>−{rupees(cart.discount)}</dd>
                </div>
              )}
              {cart.amount > 0 && (
                <div className="flex justify-between">
                  <dt>Delivery</dt>
                  <dd>
                    {cart.finalDelivery > 0 ? (
                      rupees(cart.finalDelivery)
                    ) : (
                      <>
                        <s className="mr-1 text-muted">{rupees(cart.delivery_charge)}</s>FREE
                      </>
                    )}
                  </dd>
                </div>
              )}
              <div className="flex justify-between font-semibold">
                <dt>To pay</dt>
                <dd data-testid="cart-total">{rupees(cart.total)}</dd>
              </div>
            </dl>
            {cart.deliveryMessage && <p className="text-sm text-muted">{cart.deliveryMessage}</p>}
            {cart.message && (
              <p role="alert" className="text-sm font-medium text-danger">
                {cart.message}
              </p>
            )}
            <Button
              size="lg"
              className="w-full"
              disabled={blocked}
              aria-describedby={blocked ? 'checkout-blocked' : undefined}
              onClick={() => {
                onClose()
                navigate('/checkout')
              }}
            >
              Continue to Checkout
            </Button>
            {blocked && (
              <p id="checkout-blocked" className="text-center text-xs text-muted">
                Remove or change the items marked above to continue.
              </p>
            )}
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
        <>
          {cart.del_date && cart.del_start_time && (
            <p className="mb-1 rounded-md bg-background px-3 py-2 text-xs text-muted">
              Earliest delivery: <span className="font-medium text-text">{deliveryWindow(cart.del_date, cart.del_start_time, cart.del_end_time)}</span>
            </p>
          )}
          <ul className="divide-y divide-border">
            {cart.items.map((item) => (
              <CartLine key={item.pack_id} item={item} onNavigate={onClose} />
            ))}
          </ul>
        </>
      )}
    </Drawer>
  )
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const hour = (hhmm: string) => {
  const h = Number(hhmm.slice(0, 2))
  return `${h % 12 || 12} ${h < 12 ? 'AM' : 'PM'}`
}

/** '2026-11-22', '07:00', '09:00' → 'Sun, 22 Nov, 7 AM – 9 AM' */
function deliveryWindow(date: string, start: string, end: string | null) {
  return `${dayFormat.format(new Date(`${date}T00:00:00Z`))}, ${hour(start)}${end ? ` – ${hour(end)}` : ''}`
}
