/** What the simulator remembers, in memory only. Amounts are paise for both providers; rupees appear at the edge. */

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

export interface IdempotentAnswer {
  bodyHash: string
  status: number
  body: unknown
}

export function createState() {
  return {
    razorpay: {
      orders: new Map<string, RzpOrderRec>(),
      payments: new Map<string, RzpPaymentRec>(),
      refunds: new Map<string, RzpRefundRec>(),
      qrCodes: new Map<string, RzpQrRec>(),
    },
    cashfree: {
      orders: new Map<string, CfOrderRec>(),
      sessions: new Map<string, string>(),
      payments: new Map<string, CfPaymentRec>(),
      refunds: new Map<string, CfRefundRec>(),
      idempotency: new Map<string, IdempotentAnswer>(),
    },
  }
}

export type SimState = ReturnType<typeof createState>
