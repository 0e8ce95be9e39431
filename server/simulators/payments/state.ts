/** What the simulator remembers (rows of payment_simulator.records, store.ts). Amounts are paise for both providers; rupees appear at the edge. */

/** A merchant account the simulator knows: the process's keys, and any a test or demo registers (`POST /__sim/accounts`). */
export interface RzpAccount {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** where its webhooks go (a website with its own keys has its own address); default: the emitter's */
  webhookUrl?: string
}
export interface CfAccount {
  clientId: string
  clientSecret: string
  webhookUrl?: string
}

export interface RzpOrderRec {
  id: string
  /** the key id of the account that made it (absent: the process's) */
  account?: string
  amount: number
  currency: string
  receipt: string | null
  notes: Record<string, string>
  status: 'created' | 'attempted' | 'paid'
  attempts: number
  amountPaid: number
  createdAt: number
}

export interface RzpPaymentRec {
  id: string
  /** '' for a payment to a QR code (it has no order) */
  orderId: string
  /** the QR code it paid (QR Codes API), if any */
  qrCodeId?: string
  /** the payment link it paid (Payment Links API), if any */
  linkId?: string
  amount: number
  currency: string
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded'
  amountRefunded: number
  error: { code: string; description: string; source: string; step: string; reason: string } | null
  createdAt: number
}

/** A QR code of Razorpay's QR Codes API (`POST /v1/payments/qr_codes`, type upi_qr). */
export interface RzpQrRec {
  id: string
  account?: string
  name: string | null
  description: string | null
  usage: 'single_use' | 'multiple_use'
  fixedAmount: boolean
  /** paise, when fixed_amount */
  paymentAmount: number | null
  customerId: string | null
  /** unix seconds, or null */
  closeBy: number | null
  notes: Record<string, string>
  status: 'active' | 'closed'
  closedAt: number | null
  closeReason: 'on_demand' | 'paid' | null
  amountReceived: number
  countReceived: number
  imageUrl: string
  createdAt: number
}

/** A Payment Link of Razorpay's Payment Links API (`POST /v1/payment_links`). */
export interface RzpLinkRec {
  id: string
  account?: string
  amount: number
  currency: string
  referenceId: string | null
  description: string | null
  customer: { name?: string; contact?: string; email?: string }
  notify: { sms: boolean; email: boolean }
  /** unix seconds, or 0 */
  expireBy: number
  notes: Record<string, string>
  callbackUrl: string | null
  status: 'created' | 'paid' | 'expired' | 'cancelled'
  amountPaid: number
  paymentIds: string[]
  /** what the link entity's `payments` says of each (unix seconds); absent on links stored before it was kept */
  paymentsMade?: { id: string; amount: number; status: string; at: number }[]
  shortUrl: string
  createdAt: number
}

export interface RzpRefundRec {
  id: string
  paymentId: string
  amount: number
  currency: string
  receipt: string | null
  notes: Record<string, string>
  speed: 'normal' | 'optimum'
  createdAt: number
}

export interface CfOrderRec {
  cfOrderId: string
  /** the client id of the account that made it (absent: the process's) */
  account?: string
  orderId: string
  amount: number
  currency: string
  status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED'
  sessionId: string
  expiresAt: number
  customer: Record<string, string>
  meta: { return_url: string | null; notify_url: string | null }
  tags: Record<string, string>
  note: string | null
  createdAt: number
}

/** A Cashfree Payment Link (POST /pg/links); amounts in paise here, rupees on the wire. */
export interface CfLinkRec {
  cfLinkId: string
  account?: string
  linkId: string
  amount: number
  amountPaid: number
  currency: string
  purpose: string
  status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'CANCELLED'
  customer: Record<string, string>
  notify: { send_sms: boolean; send_email: boolean }
  meta: { return_url: string | null; notify_url: string | null }
  notes: Record<string, string>
  expiresAt: number
  url: string
  /** the order Cashfree makes for the payment, and its transaction */
  paidOrderId: string | null
  paidPaymentId: string | null
  createdAt: number
}

export type CfPaymentStatus = 'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'PENDING'

export interface CfPaymentRec {
  cfPaymentId: string
  orderId: string
  amount: number
  currency: string
  status: CfPaymentStatus
  message: string
  createdAt: number
}

export interface CfRefundRec {
  cfRefundId: string
  cfPaymentId: string
  orderId: string
  refundId: string
  amount: number
  currency: string
  note: string | null
  status: 'PENDING' | 'SUCCESS' | 'CANCELLED'
  createdAt: number
  processedAt: number | null
}

/** A first answer to an x-idempotency-key, by method, path and key. */
export interface IdempotentAnswer {
  scope: string
  bodyHash: string
  status: number
  body: unknown
}

/** A webhook as first sent: its exact bytes (text) and headers, for `GET /__sim/webhooks` and `POST /__sim/replay/:eventId`. */
export interface SavedEvent {
  eventId: string
  provider: 'razorpay' | 'cashfree'
  type: string
  url: string | null
  /** what it is signed with: the webhook secret (Razorpay) or client secret (Cashfree) of the order's account */
  secret: string
  body: string
  headers: Record<string, string>
}
