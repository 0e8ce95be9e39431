import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { Cart } from '../../../common/contracts/cart'
import { applyCoupon, cartOffers } from '../../../common/contracts/coupons'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { refreshCart } from './api'
import { cartRupees } from './format'

/** The coupon field (apply / remove) of the cart, given by the route; `onChange` re-reads the checkout cart. */
export type CouponBoxSlot = (cart: Cart, onChange: () => void) => ReactNode

/**
 * Checkout's coupon step (issue 18): the coupon field (apply / remove), why the cart's coupon takes nothing off,
 * and the offers this shopper can use with what each saves on this cart. Every change re-reads the checkout cart.
 */
export function CheckoutOffers({ cart, couponBox }: { cart: Cart; couponBox: CouponBoxSlot }) {
  const api = useApi()
  const qc = useQueryClient()
  const offers = useQuery({ queryKey: ['cart', 'offers', cart.offercode, cart.amount], queryFn: () => api.call(cartOffers) })
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const changed = () => void refreshCart(qc)
  async function apply(code: string) {
    setPending(code)
    setError(null)
    try {
      await api.call(applyCoupon, { body: { code } })
      changed()
    } catch (err) {
      setError(errorText(err))
    } finally {
      setPending(null)
    }
  }
  const list = offers.data?.offers.filter((o) => !o.applied) ?? []
  return (
    <div className="space-y-3">
      {cart.offercode && cart.coupon_message && (
        <p role="status" data-testid="coupon-notice" className="rounded-md border border-accent bg-accent/10 px-3 py-2 text-sm">
          <span className="font-semibold">{cart.offercode} is not applied:</span> {cart.coupon_message}. Remove it to place your order, or choose another offer.
        </p>
      )}
      {couponBox(cart, changed)}
      {list.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">Offers for you</h3>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Offers for you" data-testid="offers">
            {list.map((o) => (
              <li key={o.code} className="flex items-start justify-between gap-2 rounded-lg border border-dashed border-border p-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-semibold tracking-wide">{o.code}</span>
                  {o.description && <span className="block text-muted">{o.description}</span>}
                  {o.applies ? (
                    <span className="block font-medium text-success">Saves {cartRupees(o.saves)} on this cart</span>
                  ) : (
                    o.message && <span className="block text-xs text-muted">{o.message}</span>
                  )}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!o.applies || pending !== null}
                  loading={pending === o.code}
                  onClick={() => void apply(o.code)}
                  aria-label={`Apply ${o.code}`}
                >
                  Apply
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
