/**
 * The one interface every payment provider implements (PAYMENTS.md D.4, STYLE rule 9). Checkout code works
 * with these types only and never names Razorpay or Cashfree.
 *
 * Money: integer paise as a JS `number` (a safe integer), like the rest of the app; the Cashfree adapter turns
 * it into rupees at its edge and back.
 */
export const PROVIDER_NAMES = ['razorpay', 'cashfree'] as const
export type ProviderName = (typeof PROVIDER_NAMES)[number]

export interface CreateOrderInput {
  websiteId: number
  /** our human-readable order number (kept in the provider order's notes) */
  orderNumber: string
  /** 1 for the first provider order of our order; a new attempt when the amount changes or the old one failed */
  attempt: number
  /** ours for this attempt (Razorpay receipt, Cashfree order_id), made once with random characters and stored (inputs.ts) */
  reference: string
  amountPaise: number
  customer: { id: string; phone: string; name?: string; email?: string }
  /** where the browser lands after a hosted checkout; `{order_id}` is replaced by the provider reference */
  returnUrl: string
  notes?: Record<string, string>
}

export type CheckoutPayload =
  | { provider: 'razorpay'; scriptUrl: string; keyId: string; orderId: string; amountPaise: number; currency: 'INR' }
  | { provider: 'cashfree'; scriptUrl: string; mode: 'sandbox' | 'production'; paymentSessionId: string; orderId: string }

export interface ProviderOrder {
  providerOrderId: string
  /** what the provider knows our order by (Razorpay receipt, Cashfree order_id) */
  reference: string
  amountPaise: number
  currency: 'INR'
  /** true when an order made by an earlier call (a retry after a timeout) was found and returned */
  reused: boolean
  /** what the browser needs to open the provider's checkout; the Cashfree session id is a bearer secret: never log it */
  checkout: CheckoutPayload
}

export type OrderState = 'pending' | 'paid' | 'failed' | 'expired'
export type PaymentStatus = 'pending' | 'authorized' | 'captured' | 'failed' | 'refunded'

export interface ProviderPayment {
  id: string
  amountPaise: number
  currency: string
  status: PaymentStatus
  providerStatus: string
}

export interface OrderStatus {
  providerOrderId: string
  /** what the provider knows the order by (our reference: website, order number, attempt), when it has it */
  reference: string | null
  state: OrderState
  amountPaise: number
  currency: string
  payments: ProviderPayment[]
}

export type ClientReturn =
  | { verified: true; providerPaymentId: string }
  | { verified: false; reason: 'fetch_required' | 'malformed' | 'bad_signature' }
  /** the browser paid another provider order than the one expected; `providerOrderId` is the one it names */
  | { verified: false; reason: 'order_mismatch'; providerOrderId: string }

export type WebhookHeaders = Record<string, string | string[] | undefined>

/**
 * Whose rows a verified webhook may touch, whatever ids it names: the website its address names, whose keys verified
 * it (that website's staff choose its secret, so its signature proves nothing about any other website); null for the
 * process's own address, verified by the shop's secret, which only whoever runs the process sets and which serves
 * every website paying with the shop's keys (docs/decisions/0009 "Webhooks touch only their own website").
 */
export type WebhookSite = number | null

export type WebhookKind =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'payment.dropped'
  | 'order.paid'
  | 'refund.pending'
  | 'refund.processed'
  | 'refund.failed'
  /** a dynamic UPI QR (Razorpay QR Codes API) was paid: `providerQrId`, with the payment */
  | 'qr.credited'
  | 'qr.closed'
  | 'ignored'

export interface WebhookEvent {
  /** the provider's event id: store it first and skip an event seen before (replays are the caller's to stop) */
  eventId: string
  /** the provider's own event name */
  type: string
  kind: WebhookKind
  providerOrderId?: string
  providerPaymentId?: string
  amountPaise?: number
  currency?: string
  refund?: { providerRefundId: string; refundId?: string; amountPaise: number }
  /** the QR code of a qr.* event */
  providerQrId?: string
  payload: unknown
}

export type WebhookResult = { ok: true; event: WebhookEvent } | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'stale_timestamp' | 'malformed' }

export interface RefundInput {
  providerOrderId: string
  providerPaymentId: string
  amountPaise: number
  /** ours and unique, with random characters (`unguessableReference`); a retry with the same id never refunds twice */
  refundId: string
  note?: string
}

export interface RefundResult {
  providerRefundId: string
  refundId: string
  amountPaise: number
  status: 'pending' | 'processed' | 'failed'
  reused: boolean
}

/** A dynamic UPI QR for one amount, paid once (Razorpay's QR Codes API: type upi_qr, single_use, fixed_amount). */
export interface UpiQrInput {
  websiteId: number
  /** ours, kept in the QR's notes */
  reference: string
  amountPaise: number
  /** the provider closes it then */
  closeBy: Date
  /** shown to the payer (the shop's name) */
  name: string
}

export interface UpiQr {
  providerQrId: string
  /** the image the provider hosts */
  imageUrl: string
  amountPaise: number
  closeBy: Date | null
  status: 'active' | 'closed'
  amountReceivedPaise: number
}

/** A payment link for one order attempt (Razorpay Payment Links; docs/decisions/0034): the customer pays on the provider's page. */
export interface PaymentLinkInput {
  websiteId: number
  orderNumber: string
  attempt: number
  /** the attempt's reference (Razorpay reference_id, Cashfree link_id), as for CreateOrderInput */
  reference: string
  amountPaise: number
  customer: { name: string; phone: string; email?: string }
  /** the provider expires it then */
  expireBy: Date
  description: string
  /** where the customer's browser lands after paying */
  callbackUrl?: string
}

export interface PaymentLink {
  providerLinkId: string
  url: string
  amountPaise: number
  status: 'open' | 'paid' | 'expired' | 'cancelled'
  /** true when a link made by an earlier call (a retry after a timeout) was found and returned */
  reused: boolean
}

/**
 * A payment link as the provider has it now, with the payments made on it: the re-query when its webhook is lost
 * (docs/decisions/0060). Razorpay `GET /v1/payment_links/{id}` (its `payments`, each fetched for its amount and
 * currency); Cashfree `GET /pg/links/{link_id}`, its orders, and the payments of each.
 */
export interface PaymentLinkStatus {
  providerLinkId: string
  status: PaymentLink['status']
  amountPaise: number
  currency: string
  payments: ProviderPayment[]
}

export interface PaymentProvider {
  name: ProviderName
  /** loads the SDK now (it is loaded on first use): called once an online order is placed, before its payment opens */
  warm?(): void
  /** idempotent per (website, order number, attempt): a repeat returns the provider order made before */
  createOrder(input: CreateOrderInput, opts: { idempotencyKey: string }): Promise<ProviderOrder>
  /** the provider order made before for this input's attempt (its id stored by us), fetched again for the checkout; never creates one */
  resumeOrder(providerOrderId: string, input: CreateOrderInput): Promise<ProviderOrder>
  fetchStatus(providerOrderId: string): Promise<OrderStatus>
  /** the browser's success callback, checked against OUR stored provider order id; only a hint to fetch status */
  verifyClientReturn(input: unknown, expectedProviderOrderId: string): ClientReturn
  /** verifies the signature over the raw bytes before anything is parsed */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): WebhookResult
  refund(input: RefundInput): Promise<RefundResult>
  /** a refund's current state, found by our refund id (null if the provider has none) */
  fetchRefund(input: Omit<RefundInput, 'amountPaise' | 'note'>): Promise<RefundResult | null>
  /** one authenticated read that changes nothing: resolves when the provider accepts the keys, else throws its error */
  checkKeys(): Promise<void>
  /** a dynamic UPI QR for the counter (providers that have one: Razorpay); confirmed by the `qr.credited` webhook */
  createUpiQr?(input: UpiQrInput): Promise<UpiQr>
  fetchUpiQr?(providerQrId: string): Promise<UpiQr>
  /** a payment link for an order (providers that have one); paid links arrive as `order.paid` with the link id as provider order id */
  createPaymentLink?(input: PaymentLinkInput): Promise<PaymentLink>
  cancelPaymentLink?(providerLinkId: string): Promise<void>
  /** the link's state and its payments (providers that have links); a link that does not exist is a `rejected` error */
  fetchPaymentLink?(providerLinkId: string): Promise<PaymentLinkStatus>
  /** the payments made to a QR (Razorpay `GET /v1/payments/qr_codes/{id}/payments`): the re-query when its webhook is lost */
  fetchUpiQrPayments?(providerQrId: string): Promise<UpiQrPayment[]>
}

export interface UpiQrPayment {
  providerPaymentId: string
  amountPaise: number
  currency: string
  status: PaymentStatus
}

/**
 * A provider call that failed. Only `rejected` is a definite failure; `unknown` (timeout, reset, 5xx) means the
 * provider may have acted, so reconcile (fetch status) before trying again. The message never carries secrets.
 */
export type ProviderErrorKind = 'rejected' | 'unknown' | 'auth' | 'rate_limited'

export class PaymentProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    readonly providerCode: string,
    readonly status?: number,
    /** the provider's own words (its error description), never a secret */
    readonly detail?: string,
  ) {
    super(`${provider}: ${kind} (${providerCode}${status ? `, HTTP ${status}` : ''})${detail ? `: ${detail}` : ''}`)
    this.name = 'PaymentProviderError'
  }
}
