import type { ReactNode } from 'react'
import type { OrderDetail } from '../../../common/contracts/orders'
import { formatINR } from '../../../common/money'
import { landmarkText } from '../../../common/rules/address'
import { cn } from '../../lib/cn'
import { Link } from '../../lib/router'
import { paymentLabel, slotText, statusLabel } from '../../lib/order-text'

const TONES: Record<string, string> = {
  delivered: 'bg-success/10 text-success',
  paid: 'bg-success/10 text-success',
  cancelled: 'bg-danger/10 text-danger',
  expired: 'bg-danger/10 text-danger',
  failed: 'bg-danger/10 text-danger',
  awaiting_payment: 'bg-accent/15 text-text',
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', TONES[status] ?? 'bg-primary/10 text-primary')}>
      {statusLabel(status)}
    </span>
  )
}

export function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('rounded-xl border border-border bg-surface p-4 sm:p-5', className)}>
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  )
}

export function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <ul className="divide-y divide-border">
      {order.lines.map((l) => (
        <li key={l.pack_id} className="flex gap-3 py-2.5 text-sm">
          <Link to={`/products/${l.slug}`} className="min-w-0 flex-1">
            <span className="block truncate font-medium">{l.name}</span>
            <span className="text-xs text-muted">
              {l.pack} · {l.quantity} × {formatINR(l.price)}
            </span>
            {l.ordered_quantity !== null && (
              <span className="block text-xs text-danger">
                {l.quantity === 0 ? 'Removed by the shop: out of stock' : `You ordered ${l.ordered_quantity}; the shop had ${l.quantity}`}
              </span>
            )}
          </Link>
          <span className={cn('shrink-0 font-medium', l.quantity === 0 && 'text-muted line-through')}>
            {formatINR(l.quantity === 0 ? l.ordered_quantity! * l.price : l.amount)}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** +₹0.40 / −₹0.40, as the invoice's Round-off line shows it. */
const formatSigned = (paise: number) => `${paise < 0 ? '−' : '+'}${formatINR(Math.abs(paise))}`

export function OrderCharges({ order }: { order: OrderDetail }) {
  const c = order.charges
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex justify-between">
        <dt>Items</dt>
        <dd>{formatINR(c.items)}</dd>
      </div>
      {c.discount > 0 && (
        <div className="flex justify-between text-success">
          <dt>Discount{c.coupon ? ` (${c.coupon})` : ''}</dt>
          <dd>−{formatINR(c.discount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>Delivery</dt>
        <dd>{c.delivery > 0 ? formatINR(c.delivery) : 'FREE'}</dd>
      </div>
      {c.total !== c.items - c.discount + c.delivery && (
        <div className="flex justify-between text-muted">
          <dt>Round-off</dt>
          <dd data-testid="order-round-off">{formatSigned(c.total - (c.items - c.discount + c.delivery))}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatINR(c.total)}</dd>
      </div>
    </dl>
  )
}

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const a = order.address
  return (
    <div className="space-y-3 text-sm">
      {order.deliveries.length > 0 && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Delivery window</p>
          <ul>
            {order.deliveries.map((d, i) => (
              <li key={i} className="font-medium">
                {slotText(d.date, d.start, d.end)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">Deliver to</p>
        <address className="not-italic">
          <span className="font-medium">{a.name}</span>, {a.mobile}
          <br />
          {a.house}, {a.street}, {a.area}
          {a.landmark && `, ${landmarkText(a.landmark)}`}
          <br />
          {a.city}, {a.state} {a.pincode}
        </address>
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">Payment</p>
        <p>
          {paymentLabel(order.payment_method)}
          {order.payment_status !== 'cod' && (
            <>
              {' '}
              · <StatusBadge status={order.payment_status} />
            </>
          )}
          {order.payment && order.payment.refunded > 0 && <span className="ml-1 text-muted">Refunded {formatINR(order.payment.refunded)}</span>}
        </p>
      </div>
      {order.notes && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Notes</p>
          <p className="break-words">{order.notes}</p>
        </div>
      )}
    </div>
  )
}
