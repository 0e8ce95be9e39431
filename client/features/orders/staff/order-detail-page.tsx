import type { ReactNode } from 'react'
import type { AdminOrderDetail, StaffMove } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { OrderPaymentCard } from './order-payment-card'
import { METHOD_LABELS, MOVE_LABELS, OrderStatusBadge, orderWhen, statusText } from '../../../staff/ui/order-status'

const EVENT_LABELS: Record<string, string> = {
  payment_failed: 'Payment failed',
  paid: 'Paid',
  expired: 'Expired',
  refund_requested: 'Refund started',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  line_changed: 'Items changed',
}
const eventText = (kind: string) => EVENT_LABELS[kind] ?? statusText(kind)

export interface OrderDetailPageProps {
  order: AdminOrderDetail
  canRefund: boolean
  canEdit: boolean
  /** the move being saved, if any */
  moving: StaffMove | null
  onMove: (status: StaffMove) => void
  onOpen: (dialog: 'refund' | 'lines') => void
  /** its tax documents (invoices', given by the route) */
  documents: ReactNode
}

/** A staff order's page (what OrderDetailView loads and does): its moves, items, timeline, customer, delivery and payment. */
export function OrderDetailPage({ order, canRefund, canEdit, moving, onMove, onOpen, documents }: OrderDetailPageProps) {
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order {order.order_number} <OrderStatusBadge status={order.status} />
          </span>
        }
        back={{ to: staffPath('/bos/admin/orders'), label: 'Orders' }}
        description={`Placed ${orderWhen(order.created_at)} · ${METHOD_LABELS[order.payment_method] ?? order.payment_method} · ${formatINR(order.total)}`}
        actions={
          order.next.length > 0 || canRefund ? (
            <div className="flex flex-wrap gap-2">
              {canRefund && (
                <Button variant="outline" onClick={() => onOpen('refund')}>
                  Refund
                </Button>
              )}
              {[...order.next]
                .sort((a) => (a === 'cancelled' ? -1 : 0))
                .map((status) => (
                  <Button
                    key={status}
                    variant={status === 'cancelled' ? 'outline' : 'primary'}
                    className={status === 'cancelled' ? 'text-danger' : undefined}
                    loading={moving === status}
                    disabled={moving !== null}
                    onClick={() => onMove(status)}
                  >
                    {MOVE_LABELS[status]}
                  </Button>
                ))}
            </div>
          ) : undefined
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <Card
            title={`Items (${order.items})`}
            actions={
              canEdit ? (
                <Button size="sm" variant="outline" onClick={() => onOpen('lines')}>
                  Change items
                </Button>
              ) : undefined
            }
          >
            <table className="w-full text-sm">
              <thead className="sr-only">
                <tr>
                  <th>Item</th>
                  <th>Quantity</th>
                  <th>Amount</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {order.lines.map((l) => (
                  <tr key={l.pack_id}>
                    <td className="py-2">
                      <p className="font-medium">{l.name}</p>
                      <p className="text-xs text-muted">
                        {l.pack} · {formatINR(l.price)} each
                      </p>
                    </td>
                    <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">
                      {l.quantity === 0 ? <span className="text-danger">Removed</span> : `× ${l.quantity}`}
                      {l.ordered_quantity !== null && <span className="block text-xs text-muted">ordered {l.ordered_quantity}</span>}
                    </td>
                    <td className="py-2 pl-3 text-right font-medium whitespace-nowrap tabular-nums">{formatINR(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 space-y-1 border-t border-border pt-3 text-sm">
              <Row label="Items" value={formatINR(order.charges.items)} />
              {order.charges.discount > 0 && (
                <Row label={`Discount${order.charges.coupon ? ` (${order.charges.coupon})` : ''}`} value={`− ${formatINR(order.charges.discount)}`} />
              )}
              <Row label="Delivery" value={order.charges.delivery ? formatINR(order.charges.delivery) : 'Free'} />
              <Row label="Total" value={formatINR(order.charges.total)} strong />
            </dl>
          </Card>
          <Card title="Timeline">
            <ol className="relative space-y-3 border-l border-border pl-4 text-sm">
              {order.events.map((e, i) => (
                <li key={i} className="relative">
                  <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary" />
                  <p className="font-medium">{eventText(e.kind)}</p>
                  {e.note && <p className="text-muted">{e.note}</p>}
                  <p className="text-xs text-muted">
                    {orderWhen(e.at)}
                    {e.by && ` · by ${e.by}`}
                  </p>
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Customer">
            <p className="font-medium">{order.address.name}</p>
            <p className="text-sm">{order.address.mobile}</p>
            <p className="mt-2 text-sm text-muted">
              {[order.address.house, order.address.street, order.address.area, order.address.landmark, order.address.city, order.address.state]
                .filter(Boolean)
                .join(', ')}{' '}
              – {order.address.pincode}
            </p>
            {order.customer && (order.customer.name !== order.address.name || order.customer.phone !== order.address.mobile) && (
              <p className="mt-2 text-xs text-muted">
                Account: {order.customer.name || '—'} {order.customer.phone ?? order.customer.email ?? ''}
              </p>
            )}
          </Card>
          <Card title="Delivery">
            <ul className="space-y-1 text-sm">
              {order.deliveries.map((d, i) => (
                <li key={i}>
                  {d.date}, {d.start.slice(0, 5)}–{d.end.slice(0, 5)}
                  {d.charge > 0 && <span className="text-muted"> · {formatINR(d.charge)}</span>}
                </li>
              ))}
            </ul>
            {order.delivery_person && (
              <p className="mt-2 text-sm">
                With {order.delivery_person.name} ({order.delivery_person.phone})
              </p>
            )}
            {order.notes && <p className="mt-2 rounded-md bg-background p-2 text-sm">Note from the shopper: {order.notes}</p>}
          </Card>
          <OrderPaymentCard order={order} canRefund={canRefund} onRefund={() => onOpen('refund')} documents={documents} />
        </div>
      </div>
    </>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-semibold' : 'flex justify-between text-muted'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
