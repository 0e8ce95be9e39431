import { useEffect } from 'react'
import { errorText } from '../../lib/error-text'
import { Link, useNavigate } from '../../lib/router'
import { Button, buttonClasses } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useConfirmation } from './api'
import { PaymentFrame } from './pay-page'

/** /checkout/confirm/{id}: the server asks the provider; paid goes on to the order, pending is asked again. */
export function ConfirmPage({ orderId }: { orderId: number }) {
  const navigate = useNavigate()
  const q = useConfirmation(orderId)
  const result = q.data
  useEffect(() => {
    if (result?.status === 'paid') navigate(`/order/success/${encodeURIComponent(result.order_number)}`, { replace: true })
  }, [result, navigate])

  if (q.isError) {
    return (
      <PaymentFrame title="We could not check this payment">
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorText(q.error)}
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button onClick={() => q.refetch()}>Check again</Button>
          <Link to={`/account/orders/${orderId}`} className={buttonClasses({ variant: 'outline' })}>
            View order
          </Link>
        </div>
      </PaymentFrame>
    )
  }
  if (!result || result.status === 'paid') {
    return (
      <PaymentFrame title={result ? 'Payment received' : 'Checking your payment'}>
        <div className="mt-6 flex justify-center">
          <Spinner label="Checking" className="size-8 text-primary" />
        </div>
        <p role="status" className="mt-4 text-sm text-muted">
          {result ? 'Taking you to your order…' : 'Please wait, do not close this page.'}
        </p>
        {result && (
          <Link to={`/order/success/${encodeURIComponent(result.order_number)}`} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
            View order {result.order_number}
          </Link>
        )}
      </PaymentFrame>
    )
  }
  if (result.status === 'pending') {
    return (
      <PaymentFrame title="Waiting for the payment">
        <p role="status" className="mt-3 text-sm text-muted">
          {result.message}
        </p>
        {q.isFetching && (
          <div className="mt-4 flex justify-center">
            <Spinner label="Checking" className="size-6 text-primary" />
          </div>
        )}
        <div className="mt-6 flex flex-col gap-2">
          <Button variant="outline" onClick={() => q.refetch()} loading={q.isFetching}>
            Check again
          </Button>
          <Link to={`/checkout/${result.payment_method}/${orderId}`} className={buttonClasses({ variant: 'ghost' })}>
            Pay again
          </Link>
        </div>
      </PaymentFrame>
    )
  }
  return (
    <PaymentFrame title="Payment failed">
      <p role="alert" className="mt-3 text-sm text-muted">
        {result.message}
      </p>
      <p className="mt-1 text-xs text-muted">Order {result.order_number} is saved and waiting for payment.</p>
      <div className="mt-6 flex flex-col gap-2">
        <Link to={`/checkout/${result.payment_method}/${orderId}`} className={buttonClasses({ size: 'lg' })}>
          Retry payment
        </Link>
        <Link to={`/account/orders/${orderId}`} className={buttonClasses({ variant: 'outline' })}>
          View order
        </Link>
        <Link to="/checkout" className="mt-1 text-sm font-medium text-primary hover:underline">
          Back to checkout
        </Link>
      </div>
    </PaymentFrame>
  )
}
