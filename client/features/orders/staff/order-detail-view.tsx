import { TaxDocumentLinks } from '../../invoices/tax-documents'
import { useState } from 'react'
import type { AdminOrderDetail, StaffMove } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { Spinner } from '../../../ui/spinner'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { EditLinesDialog } from './order-lines-dialog'
import { RefundDialog } from './order-refund-dialog'
import { METHOD_LABELS, MOVE_LABELS, OrderStatusBadge, orderWhen, PaymentStatusText, statusText } from './order-status'
import { useAdminOrder, useMoveOrder } from './api'

const EVENT_LABELS: Record<string, string> = {
  payment_failed: 'Payment failed',
  paid: 'Paid',
  expired: 'Expired',
  refund_requested: 'Refund started',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  line_changed: 'Items changed',
}
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
const eventText = (kind: string) => EVENT_LABELS[kind] ?? statusText(kind)
const fieldErrors = (err: unknown): Record<string, string> => {
  if (!(err instanceof ApiError) || err.status !== 422) return {}
  const errors = (err.body as { errors?: Record<string, string | string[]> })?.errors ?? {}
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]))
}

export function OrderDetailView({ id }: { id: number }) {
  const order = useAdminOrder(id)
  if (order.data) return <OrderPage order={order.data} />
  if (order.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the order" className="size-6 text-primary" />
      </div>
    )
  const missing = order.error instanceof ApiError && order.error.status === 404
  return (
    <>
      <PageHeader
        title={missing ? 'Order not found' : 'The order could not be loaded'}
        back={{ to: staffPath('/bos/admin/orders'), label: 'Orders' }}
        description={missing ? 'It may belong to another website.' : errorText(order.error)}
      />
      {!missing && (
        <Button variant="outline" onClick={() => void order.refetch()}>
          Try again
        </Button>
      )}
    </>
  )
}

type Dialog = 'cancelled' | 'out_for_delivery' | 'refund' | 'lines' | null

function OrderPage({ order }: { order: AdminOrderDetail }) {
  const move = useMoveOrder()
  const [dialog, setDialog] = useState<Dialog>(null)
  const cod = order.payment_method === 'cod'
  const canRefund = order.refundable !== null && order.refundable.left > 0
  const canEdit = order.status === 'confirmed'

  const run = async (status: StaffMove, extra: Record<string, unknown> = {}) => {
    try {
      await move.mutateAsync({ id: order.id, body: { status, ...extra } })
      toast.success(`Order ${order.order_number} marked ${statusText(status).toLowerCase()}`)
      setDialog(null)
      return {}
    } catch (err) {
      const errors = fieldErrors(err)
      if (Object.keys(errors).length === 0) toast.fromError(err)
      return errors
    }
  }
  const start = async (status: StaffMove) => {
    if (status === 'cancelled' || status === 'out_for_delivery') return setDialog(status)
    if (status === 'delivered' && cod) {
      const ok = await confirm({
        title: 'Cash collected?',
        message: `Mark ${order.order_number} delivered with ${formatINR(order.total)} collected in cash.`,
        confirmText: 'Delivered, cash collected',
      })
      if (!ok) return
      return void run('delivered', { cash_collected: order.total })
    }
    void run(status)
  }

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
                <Button variant="outline" onClick={() => setDialog('refund')}>
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
                    loading={move.isPending && move.variables?.body.status === status}
                    disabled={move.isPending}
                    onClick={() => void start(status)}
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
                <Button size="sm" variant="outline" onClick={() => setDialog('lines')}>
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
            {(order.customer.name !== order.address.name || order.customer.phone !== order.address.mobile) && (
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
          <Card title="Payment">
            <p className="flex items-center justify-between text-sm">
              <span>{METHOD_LABELS[order.payment_method] ?? order.payment_method}</span>
              <PaymentStatusText status={order.payment_status} />
            </p>
            {order.cash_collected !== null && <p className="mt-1 text-sm text-muted">Cash collected: {formatINR(order.cash_collected)}</p>}
            <div className="mt-3 border-t border-border pt-3 empty:hidden">
              <TaxDocumentLinks orderId={order.id} status={`${order.status}-${order.refunds.length}`} />
            </div>
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
                  <Button size="sm" variant="outline" onClick={() => setDialog('refund')}>
                    Refund
                  </Button>
                )}
              </p>
            )}
          </Card>
        </div>
      </div>
      {dialog === 'cancelled' && <CancelDialog order={order} onClose={() => setDialog(null)} onCancel={(note) => run('cancelled', { note })} />}
      {dialog === 'lines' && <EditLinesDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && order.refundable && <RefundDialog order={order} money={order.refundable} onClose={() => setDialog(null)} />}
      {dialog === 'out_for_delivery' && <DispatchDialog order={order} onClose={() => setDialog(null)} onSend={(person) => run('out_for_delivery', person)} />}
    </>
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

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-semibold' : 'flex justify-between text-muted'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

type Submit<T> = (value: T) => Promise<Record<string, string>>

function CancelDialog({ order, onClose, onCancel }: { order: AdminOrderDetail; onClose: () => void; onCancel: Submit<string> }) {
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const paid = order.payment_status === 'paid'
  const submit = async () => {
    if (!note.trim()) return setError('Say why the order is cancelled')
    setBusy(true)
    const errors = await onCancel(note.trim())
    setBusy(false)
    setError(errors.note)
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Cancel order ${order.order_number}?`}
      description={
        paid
          ? `Its items go back to stock and ${formatINR(order.total)} is refunded to the shopper's original payment method. The shopper is told.`
          : 'Its items go back to stock. The shopper is told.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the order
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void submit()}>
            Cancel order
          </Button>
        </>
      }
    >
      <TextareaField label="Reason" required rows={3} value={note} error={error} onChange={(e) => setNote(e.target.value)} maxLength={300} />
    </Modal>
  )
}

function DispatchDialog({
  order,
  onClose,
  onSend,
}: {
  order: AdminOrderDetail
  onClose: () => void
  onSend: Submit<{ delivery_person_name?: string; delivery_person_phone?: string }>
}) {
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    setErrors(await onSend(name.trim() || phone.trim() ? { delivery_person_name: name.trim(), delivery_person_phone: phone.trim() } : {}))
    setBusy(false)
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Send ${order.order_number} out for delivery`}
      description="Who takes it? The shopper is told it is on its way."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Not yet
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Send out
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <TextField label="Delivery person’s name" value={name} error={errors.delivery_person_name} onChange={(e) => setName(e.target.value)} maxLength={80} />
        <TextField
          label="Delivery person’s phone"
          inputMode="numeric"
          value={phone}
          error={errors.delivery_person_phone}
          onChange={(e) => setPhone(e.target.value)}
          maxLength={10}
        />
      </div>
    </Modal>
  )
}
