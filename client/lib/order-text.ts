/** How the shop writes an order's payment method, delivery window, dates and status: checkout and orders both show them. */

const PAYMENT_LABELS: Record<string, string> = { cod: 'Cash on delivery', razorpay: 'Razorpay', cashfree: 'Cashfree' }
export const paymentLabel = (method: string) => PAYMENT_LABELS[method] ?? method

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })

/** '07:00' or '07:00:00' → '7 AM'; '07:30' → '7:30 AM' */
export function clock(hhmm: string) {
  const h = Number(hhmm.slice(0, 2))
  const m = hhmm.slice(3, 5)
  return `${h % 12 || 12}${m && m !== '00' ? `:${m}` : ''} ${h < 12 ? 'AM' : 'PM'}`
}

/** '2026-11-22' → 'Sun, 22 Nov' */
export const slotDay = (date: string) => dayFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`))

/** '2026-11-22', '07:00', '09:00' → 'Sun, 22 Nov, 7 AM – 9 AM' */
export const slotText = (date: string, start: string, end: string) => `${slotDay(date)}, ${clock(start)} – ${clock(end)}`

const orderDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'Asia/Kolkata' })
const orderTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})
/** 'MMM D, YYYY' */
export const formatOrderDate = (iso: string) => orderDate.format(new Date(iso))
export const formatOrderTime = (iso: string) => orderTime.format(new Date(iso))

const STATUS_LABELS: Record<string, string> = {
  out_for_delivery: 'Out for delivery',
  refund_pending: 'Refund pending',
  cod: 'Cash on delivery',
  refund_requested: 'Refund started',
  line_changed: 'Items changed',
  awaiting_payment: 'Awaiting payment',
}
/** An online order placed but not paid yet reads 'Awaiting payment', not 'Placed' (issue 31). */
export const shownStatus = (o: { status: string; payment_method: string; payment_status: string }) =>
  o.status === 'placed' && o.payment_method !== 'cod' && (o.payment_status === 'pending' || o.payment_status === 'failed') ? 'awaiting_payment' : o.status
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ')
