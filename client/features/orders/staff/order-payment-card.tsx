import type { ReactNode } from 'react'
import type { AdminOrderDetail } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { Button } from '../../../ui/button'
import { Card } from '../../../staff/ui/card'
import { METHOD_LABELS, orderWhen, PaymentStatusText } from '../../../staff/ui/order-status'

const REFUND_REASONS: Record<string, string> = {
  staff: 'Refund by staff',
  order_changed: 'Items changed before packing',
  cancelled: 'Order cancelled',
  duplicate: 'Second payment',
  amount_mismatch: 'Wrong amount paid',
  order_released: 'Paid after release',
}
const REFUND_STATE_TONE: Record<string, string> = { pending: 'text-text', processed: 'text-success', failed: 'text-danger' }
const REFUND_STATES: Record<string, string> = { pending: 'Pending', processed: 'Processed', failed: 'Failed' }

/** How an order was paid: its attempts, tax documents (`documents`, invoices'), refunds and what can still be refunded. */
export function OrderPaymentCard({
  order,
  canRefund,
  onRefund,
  documents,
}: {
  order: AdminOrderDetail
  canRefund: boolean
  onRefund: () => void
  documents: ReactNode
}) {
  return (
    <Card title="Payment">
      <p className="flex items-center justify-between text-sm">
        <span>{METHOD_LABELS[order.payment_method] ?? order.payment_method}</span>
        <PaymentStatusText status={order.payment_status} />
      </p>
      <DoorPaid order={order} />
      <div className="mt-3 border-t border-border pt-3 empty:hidden">{documents}</div>
      {order.payments.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {order.payments.map((p) => (
            <li key={p.attempt} className="flex justify-between gap-2">
              <span>
                Attempt {p.attempt} · {METHOD_LABELS[p.provider] ?? p.provider}
                {p.provider_payment_id && <span className="text-xs text-muted"> · {p.provider_payment_id}</span>}
              </span>
              <span className="text-muted">
                {formatINR(p.amount)} · {p.status.replace(/_/g, ' ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.refunds.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Refunds</h3>
          <ul className="mt-1 divide-y divide-border text-sm" aria-label="Refunds">
            {order.refunds.map((r) => (
              <li key={r.id} className="py-1.5">
                <p className="flex justify-between gap-2">
                  <span className="font-medium tabular-nums">
                    {formatINR(r.amount)}
                    {r.provider === 'cash' && <span className="font-normal text-muted"> · cash</span>}
                  </span>
                  <span className={REFUND_STATE_TONE[r.state]}>{REFUND_STATES[r.state] ?? r.state}</span>
                </p>
                <p className="text-xs text-muted">
                  {REFUND_REASONS[r.reason] ?? r.reason}
                  {r.lines && ` · ${refundLines(order, r.lines)}`}
                  {r.note && ` · “${r.note}”`}
                </p>
                <p className="text-xs text-muted">
                  {orderWhen(r.at)}
                  {r.by && ` · by ${r.by}`}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {order.refundable && (
        <p className="mt-3 flex items-center justify-between gap-2 border-t border-border pt-3 text-sm">
          <span className="text-muted">
            {order.refundable.left > 0 ? `Up to ${formatINR(order.refundable.left)} can be refunded` : 'Everything paid is refunded'}
          </span>
          {canRefund && (
            <Button size="sm" variant="outline" onClick={onRefund}>
              Refund
            </Button>
          )}
        </p>
      )}
    </Card>
  )
}

/** '1 × Atta (5 kg), 2 × Rice (1 kg)' */
function refundLines(order: AdminOrderDetail, lines: { id: number; quantity: number }[]) {
  return lines
    .map((l) => {
      const line = order.lines.find((x) => x.id === l.id)
      return line ? `${l.quantity} × ${line.name} (${line.pack})` : `${l.quantity} units`
    })
    .join(', ')
}

const DOOR: Record<string, string> = { cash: 'Paid at the door', upi: 'Paid at the door', part: 'Part paid at the door', nothing: 'Nothing paid at the door' }

/** A delivered cash-on-delivery order: how the money came at the door and what the shopper still owes. */
function DoorPaid({ order }: { order: AdminOrderDetail }) {
  if (order.paid_at_door === null) {
    return order.cash_collected !== null ? <p className="mt-1 text-sm text-muted">Cash collected: {formatINR(order.cash_collected)}</p> : null
  }
  const taken = [
    order.cash_collected ? `${formatINR(order.cash_collected)} in cash` : '',
    order.upi_collected ? `${formatINR(order.upi_collected)} by UPI` : '',
  ].filter(Boolean)
  return (
    <div role="group" className="mt-1 text-sm" aria-label="Paid at the door">
      <p className="text-muted">
        {DOOR[order.paid_at_door]}
        {taken.length > 0 && `: ${taken.join(' and ')}`}
      </p>
      {order.due > 0 && <p className="font-semibold text-danger">Still due: {formatINR(order.due)}</p>}
    </div>
  )
}
