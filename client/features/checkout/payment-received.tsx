import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getPaymentReturn } from '../../../common/contracts/checkout'
import { formatINR } from '../../../common/money'
import { useApi } from '../../lib/api-context'
import { ApiError, errorText } from '../../lib/error-text'

/** how long the page keeps asking while the provider's webhook is on its way (then it says so and stops) */
export const WAIT_MS = 3 * 60_000
const EVERY_MS = 2000

/**
 * Where a sales agent's payment link returns the customer (`/order/paid/<token>`, no sign-in): the order's number,
 * its amount and whether the money has arrived; polled while the provider's webhook is on its way. Nothing else of
 * the order is shown, as anyone holding the link sees this page.
 */
export function PaymentReceived({ token, waitMs = WAIT_MS, everyMs = EVERY_MS }: { token: string; waitMs?: number; everyMs?: number }) {
  const api = useApi()
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), waitMs)
    return () => clearTimeout(timer)
  }, [waitMs])
  const q = useQuery({
    queryKey: ['checkout', 'paid', token],
    queryFn: () => api.call(getPaymentReturn, { params: { token } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' && !gaveUp ? everyMs : false),
  })
  if (q.error)
    return (
      <p role="alert" className="py-16 text-center text-sm text-danger">
        {q.error instanceof ApiError && q.error.status === 404 ? errorText(q.error) : 'This page could not be loaded: please try again.'}
      </p>
    )
  const p = q.data
  if (!p) return <p className="py-16 text-center text-sm text-muted">Loading…</p>
  return (
    <div className="mx-auto max-w-md py-10 text-center" data-payment-status={p.status}>
      {p.status === 'paid' && (
        <div aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/10 text-3xl text-success">
          ✓
        </div>
      )}
      <h1 className="mt-3 text-2xl font-semibold">
        {p.status === 'paid' ? 'Payment received' : p.status === 'waiting' ? 'Waiting for your payment…' : 'This order is not waiting for a payment'}
      </h1>
      <p className="mt-2 text-sm text-muted">
        {p.shop} order{' '}
        <span className="font-semibold text-text" data-testid="order-number">
          {p.order_number}
        </span>{' '}
        · <span className="font-semibold text-text tabular-nums">{formatINR(p.amount)}</span>
      </p>
      <p role="status" className="mt-4 text-sm">
        {p.status === 'paid'
          ? 'Thank you! The shop has your payment and will deliver your order.'
          : p.status === 'not_paid'
            ? 'It was not paid in time or was cancelled. If money left your account, it is refunded. Ask the shop for help.'
            : gaveUp
              ? 'The payment has not arrived yet. It can take a few minutes: the shop will confirm it by SMS.'
              : 'This page updates as soon as the payment arrives.'}
      </p>
    </div>
  )
}
