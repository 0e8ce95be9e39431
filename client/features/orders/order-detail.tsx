import { itemCount } from '../../lib/item-count'
import type { ReactNode } from 'react'
import type { OrderDetail } from '../../../common/contracts/orders'
import { errorText } from '../../lib/error-text'
import { Link, useNavigate } from '../../lib/router'
import { Button, buttonClasses } from '../../ui/button'
import { confirm, ConfirmHost } from '../../ui/confirm-dialog'
import { toast } from '../../ui/toast'
import { LoadFailed } from '../../ui/load-failed'
import { formatOrderDate, formatOrderTime, statusLabel, shownStatus } from '../../lib/order-text'
import { useCancelOrder, useOrder, useReorder } from './api'
import { Card, OrderCharges, OrderDelivery, OrderLines, StatusBadge } from './order-parts'

/**
 * /account/orders/{id}: lines, charges, address, slot, payment, timeline; cancel before packing; reorder. The route
 * puts it in the account's frame and gives its tax documents (`documents`).
 */
export function OrderDetailView({ id, documents }: { id: number; documents: (order: OrderDetail) => ReactNode }) {
  const q = useOrder(id)
  const cancel = useCancelOrder()
  const again = useReorder()
  const navigate = useNavigate()
  const order = q.data

  async function onCancel() {
    if (!order) return
    const yes = await confirm({
      title: `Cancel order ${order.order_number}?`,
      message:
        order.payment_status === 'paid'
          ? 'Your payment will be refunded to the way you paid.'
          : 'The items go back on the shelf and the delivery window is freed.',
      confirmText: 'Cancel order',
      cancelText: 'Keep order',
      danger: true,
    })
    if (yes) cancel.mutate(order.id, { onSuccess: () => toast.success('Order cancelled'), onError: (e) => toast.fromError(e) })
  }
  function onReorder() {
    if (!order) return
    again.mutate(order.id, {
      onSuccess: (r) => {
        if (r.added === 0) return void toast.error(r.skipped.length ? `Nothing could be added: ${r.skipped.join(', ')}` : 'Nothing could be added')
        toast.success(`${r.added} item${r.added === 1 ? '' : 's'} added to your cart${r.skipped.length ? ` (not available: ${r.skipped.join(', ')})` : ''}`)
        navigate('/checkout')
      },
      onError: (e) => toast.fromError(e),
    })
  }

  let body: ReactNode
  if (q.isError) body = <LoadFailed message={errorText(q.error)} onRetry={() => q.refetch()} />
  else if (!order) body = <p className="text-sm text-muted">Loading the order…</p>
  else {
    body = (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <StatusBadge status={shownStatus(order)} />
          <span>Placed on {formatOrderDate(order.created_at)}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.can_pay && order.payment_method !== 'cod' && (
            <Link to={`/checkout/${order.payment_method}/${order.id}`} className={buttonClasses()}>
              Pay now
            </Link>
          )}
          <Button variant="outline" onClick={onReorder} loading={again.isPending}>
            Reorder
          </Button>
          {order.can_cancel && (
            <Button variant="outline" className="text-danger" onClick={onCancel} loading={cancel.isPending}>
              Cancel order
            </Button>
          )}
        </div>
        <div className="grid gap-3 lg:grid-cols-2">
          <Card title={`Items · ${itemCount(order.items)}`}>
            <OrderLines order={order} />
            <div className="mt-3 border-t border-border pt-3">
              <OrderCharges order={order} />
            </div>
          </Card>
          <div className="space-y-3">
            <Card title="Delivery and payment">
              <OrderDelivery order={order} />
              <div className="mt-3 border-t border-border pt-3 empty:hidden">{documents(order)}</div>
            </Card>
            <Card title="Timeline">
              <ol className="relative space-y-3 border-l border-border pl-4 text-sm">
                {order.timeline.map((t, i) => (
                  <li key={i} className="relative">
                    <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary" />
                    <p className="font-medium">{statusLabel(t.kind)}</p>
                    {t.note && <p className="text-muted">{t.note}</p>}
                    <p className="text-xs text-muted">{formatOrderTime(t.at)}</p>
                  </li>
                ))}
              </ol>
            </Card>
          </div>
        </div>
      </div>
    )
  }
  return (
    <>
      {body}
      <ConfirmHost />
    </>
  )
}
