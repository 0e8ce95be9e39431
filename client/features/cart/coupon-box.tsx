import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { Cart } from '../../../common/contracts/cart'
import { applyCoupon, removeCoupon } from '../../../common/contracts/coupons'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { replaceCart } from './api'

/** Apply one coupon to the cart, or take it off; the server says why a code can't be used. */
export function CouponBox({ cart, onChange }: { cart: Cart /** after the cart changed (checkout re-reads its own cart) */; onChange?: (cart: Cart) => void }) {
  const api = useApi()
  const qc = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function run(call: () => Promise<Cart>) {
    setPending(true)
    setError(null)
    try {
      const next = await call()
      replaceCart(qc, next)
      setCode('')
      onChange?.(next)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setPending(false)
    }
  }
  const apply = (e: FormEvent) => {
    e.preventDefault()
    if (code.trim()) void run(() => api.call(applyCoupon, { body: { code } }))
  }

  if (cart.offercode) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-dashed border-primary bg-primary/5 px-3 py-2 text-sm">
        <p>
          <span className="font-semibold">{cart.offercode}</span> {cart.discount > 0 ? 'applied' : 'added'}
        </p>
        <Button
          variant="link"
          size="sm"
          loading={pending}
          onClick={() => void run(() => api.call(removeCoupon))}
          aria-label={`Remove coupon ${cart.offercode}`}
        >
          Remove
        </Button>
        {error && (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
    )
  }
  return (
    <form onSubmit={apply} noValidate>
      <div className="flex gap-2">
        <label htmlFor="coupon-code" className="sr-only">
          Coupon code
        </label>
        <input
          id="coupon-code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder="Coupon code"
          autoComplete="off"
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : undefined}
          className="h-10 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 text-sm uppercase outline-none placeholder:normal-case focus:border-primary aria-invalid:border-danger"
        />
        <Button type="submit" variant="outline" loading={pending} disabled={!code.trim()}>
          Apply
        </Button>
      </div>
      {error && (
        <p id="coupon-error" role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  )
}
