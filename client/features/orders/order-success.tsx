import { itemCount } from '../../lib/item-count'
import { errorText } from '../../lib/error-text'
import { Link } from '../../lib/router'
import { buttonClasses } from '../../ui/button'
import { paymentLabel } from '../../lib/order-text'
import { useOrderByNumber } from './api'
import { Card, OrderCharges, OrderDelivery, OrderLines } from './order-parts'

/** /order/success/{ordernumber}: thank-you with what was ordered, when it comes and how it is paid. */
export function OrderSuccess({ number }: { number: string }) {
  const q = useOrderByNumber(number)
  if (q.isError)
    return (
      <p role="alert" className="py-16 text-center text-sm text-danger">
        {errorText(q.error)}
      </p>
    )
  const order = q.data
  if (!order) return <p className="py-16 text-center text-sm text-muted">Loading your order…</p>
  const paidOnline = order.payment_method !== 'cod' && order.payment_status === 'paid'
  return (
    <div className="mx-auto max-w-2xl py-6 sm:py-10">
      <div className="text-center">
        <div aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/10 text-3xl text-success">
          ✓
        </div>
        <h1 className="mt-3 text-2xl font-semibold">Thank you for your order!</h1>
        <p className="mt-1 text-sm text-muted">
          Order{' '}
          <span className="font-semibold text-text" data-testid="order-number">
            {order.order_number}
          </span>{' '}
          is placed.{' '}
          {order.payment_method === 'cod' ? 'Pay on delivery.' : paidOnline ? `Paid with ${paymentLabel(order.payment_method)}.` : 'Payment is pending.'}
        </p>
      </div>
      <div className="mt-6 space-y-3">
        <Card title="Delivery">
          <OrderDelivery order={order} />
        </Card>
        <Card title={`Items · ${itemCount(order.items)}`}>
          <OrderLines order={order} />
          <div className="mt-3 border-t border-border pt-3">
            <OrderCharges order={order} />
          </div>
        </Card>
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to={`/account/orders/${order.id}`} className={buttonClasses({ size: 'lg' })}>
          View order
        </Link>
        <Link to="/products" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          Continue shopping
        </Link>
      </div>
    </div>
  )
}
