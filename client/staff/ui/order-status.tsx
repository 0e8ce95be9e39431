import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type StaffMove } from '../../../common/contracts/admin-orders'
import { cn } from '../../lib/cn'

const STATUS_TONE: Record<string, string> = {
  placed: 'bg-accent/25 text-text',
  confirmed: 'bg-primary/10 text-primary',
  packed: 'bg-primary/15 text-primary',
  out_for_delivery: 'bg-primary/20 text-primary',
  delivered: 'bg-success/10 text-success',
  cancelled: 'bg-danger/10 text-danger',
  expired: 'bg-border text-muted',
}
const PAYMENT_TONE: Record<string, string> = {
  paid: 'text-success',
  failed: 'text-danger',
  refund_pending: 'text-danger',
  refunded: 'text-muted',
}

export const statusText = (status: string) => ORDER_STATUS_LABELS[status] ?? status
export const paymentStatusText = (status: string) => PAYMENT_STATUS_LABELS[status] ?? status
export const METHOD_LABELS: Record<string, string> = {
  cod: 'Cash on delivery',
  razorpay: 'Razorpay',
  cashfree: 'Cashfree',
  cash: 'Cash (counter)',
  upi: 'UPI (counter)',
  card: 'Card (counter)',
  split: 'Split (counter)',
}

/** What a move's button says. */
export const MOVE_LABELS: Record<StaffMove, string> = {
  confirmed: 'Confirm',
  packed: 'Mark packed',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_TONE[status] ?? 'bg-border text-text')}>
      {statusText(status)}
    </span>
  )
}

export function PaymentStatusText({ status }: { status: string }) {
  return <span className={cn('whitespace-nowrap text-sm', PAYMENT_TONE[status] ?? 'text-text')}>{paymentStatusText(status)}</span>
}

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' })
/** '24 Nov, 3:05 pm' in India's time */
export const orderWhen = (iso: string) => when.format(new Date(iso))
