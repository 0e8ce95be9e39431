import * as z from 'zod/mini'
import { IdParams } from './admin'
import { defineContract } from './http'
import { KhataAgeing, KhataEntry } from './khata'
import { text } from './text'

/**
 * Paying the khata online, the statement's share link and its PDF (docs/decisions/0047-khata.md "Paid online").
 * Rupees at the edge, except a checkout's `amount`, which is paise as the provider's checkout takes it.
 */

const int = () => z.number().check(z.int())

const Amount = z.number({ error: 'Amount must be a number' }).check(
  z.gte(1, 'Pay ₹1 or more'),
  z.lte(10_000_000, 'Amount is too large'),
  z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount may have at most two decimals'),
)

export const KhataPayInput = z.object({
  /** rupees: the balance or part of it, never more */
  amount: Amount,
  provider: z.optional(z.enum(['razorpay', 'cashfree'], { error: 'provider must be razorpay or cashfree' })),
})
export type KhataPayInput = z.infer<typeof KhataPayInput>

export const KhataPayAnswer = z.object({
  /** ours: the page confirms it after the provider's checkout */
  payment_id: int(),
  provider: z.enum(['razorpay', 'cashfree']),
  script_url: z.string(),
  provider_order_id: z.string(),
  /** paise, as the provider's checkout takes it */
  amount: int(),
  currency: z.string(),
  key_id: z.optional(z.string()),
  payment_session_id: z.optional(z.string()),
  mode: z.optional(z.string()),
})
export type KhataPayAnswer = z.infer<typeof KhataPayAnswer>

export const payMyKhata = defineContract({
  method: 'POST',
  path: '/api/account/khata/payments',
  summary:
    'The signed-in shopper pays their khata (all or part of the balance, never more: 422) at Razorpay or Cashfree; what the provider’s checkout needs. Posted to the ledger once, when the provider says it is paid',
  body: KhataPayInput,
  response: KhataPayAnswer,
  status: 201,
})

export const KhataPayConfirm = z.object({
  status: z.enum(['paid', 'pending', 'failed']),
  message: z.string(),
  /** rupees asked, and what went on the ledger (less only when the balance fell meanwhile) */
  amount: z.number(),
  posted: z.number(),
})
export type KhataPayConfirm = z.infer<typeof KhataPayConfirm>

export const confirmMyKhataPayment = defineContract({
  method: 'POST',
  path: '/api/account/khata/payments/:id/confirm',
  summary: 'After the provider’s checkout: asks the provider (server to server) whether the khata payment is paid, and posts it once',
  params: IdParams,
  body: z.object({
    razorpay_payment_id: z.optional(text('razorpay_payment_id', [z.maxLength(100)])),
    razorpay_order_id: z.optional(text('razorpay_order_id', [z.maxLength(100)])),
    razorpay_signature: z.optional(text('razorpay_signature', [z.maxLength(200)])),
  }),
  response: KhataPayConfirm,
})

export const getMyKhataPdf = defineContract({
  method: 'GET',
  path: '/api/account/khata/statement.pdf',
  summary: 'The signed-in shopper’s khata statement as application/pdf (A4); 404 when they have none',
  response: z.string(),
})

export const getCustomerKhataPdf = defineContract({
  method: 'GET',
  path: '/api/admin/customers/:id/khata/statement.pdf',
  summary: 'Admin: the customer’s khata statement as application/pdf (A4)',
  params: IdParams,
  response: z.string(),
})

export const KhataShareLink = z.object({ url: z.string(), expires_at: z.string() })
export type KhataShareLink = z.infer<typeof KhataShareLink>

export const shareKhata = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/khata/share-links',
  summary:
    'Admin: a link to the customer’s statement that opens without signing in, with a “Pay ₹X” button (UPI QR or payment link); unguessable, for this website only, expires in 7 days; 422 without a khata',
  params: IdParams,
  body: z.object({}),
  response: KhataShareLink,
  status: 201,
})

const Token = z.object({ token: text('token', [z.regex(/^[A-Za-z0-9_-]{43}$/, 'Not a statement link')]) })

export const SharedStatement = z.object({
  shop: z.string(),
  name: z.string(),
  balance: z.number(),
  ageing: KhataAgeing,
  entries: z.array(KhataEntry),
  expires_at: z.string(),
  /** whether the shop takes UPI QR payments online (else: pay at the shop) */
  can_pay: z.boolean(),
  /** whether the shop takes it by a hosted payment link too (Razorpay or Cashfree Payment Links: card, netbanking, UPI app) */
  can_pay_link: z.boolean(),
})
export type SharedStatement = z.infer<typeof SharedStatement>

export const getSharedStatement = defineContract({
  method: 'GET',
  path: '/api/khata/shared/:token',
  summary: 'A shared khata statement, without signing in; 404 for an unknown or expired link or another website’s',
  params: Token,
  response: SharedStatement,
})

export const SharedQr = z.object({
  qr_id: z.string(),
  image_url: z.string(),
  amount: z.number(),
  expires_at: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  /** the balance now (after the payment, once paid) */
  balance: z.number(),
})
export type SharedQr = z.infer<typeof SharedQr>

export const paySharedStatement = defineContract({
  method: 'POST',
  path: '/api/khata/shared/:token/upi-qr',
  summary:
    'A dynamic UPI QR (single use, fixed amount, 15 minutes) for the shared statement’s balance or part of it (never more: 422); posted to the khata when paid',
  params: Token,
  body: z.object({ amount: z.optional(Amount) }),
  response: SharedQr,
  status: 201,
})

export const getSharedQr = defineContract({
  method: 'GET',
  path: '/api/khata/shared/:token/upi-qr/:qr',
  summary: 'A shared statement’s UPI QR for the page to poll; a lost webhook is asked about at the provider while it is open',
  params: z.object({ ...Token.shape, qr: text('qr', [z.regex(/^qr_[A-Za-z0-9]{1,40}$/, 'Not a UPI QR id')]) }),
  response: SharedQr,
})

export const SharedPayLink = z.object({
  /** ours: the page asks about it when the customer comes back (`?paid=` on the statement's address) */
  payment_id: int(),
  provider: z.enum(['razorpay', 'cashfree']),
  /** the provider's hosted page to pay on (only when it is made) */
  url: z.optional(z.string()),
  amount: z.number(),
  expires_at: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  /** the balance now (after the payment, once paid) */
  balance: z.number(),
})
export type SharedPayLink = z.infer<typeof SharedPayLink>

export const paySharedStatementByLink = defineContract({
  method: 'POST',
  path: '/api/khata/shared/:token/payment-links',
  summary:
    'A hosted payment link (Razorpay or Cashfree Payment Links, 30 minutes) for the shared statement’s balance or part of it (never more: 422); the page sends the customer to its `url`; posted to the khata once when its webhook says paid',
  params: Token,
  body: z.object({
    amount: z.optional(Amount),
    provider: z.optional(z.enum(['razorpay', 'cashfree'], { error: 'provider must be razorpay or cashfree' })),
  }),
  response: SharedPayLink,
  status: 201,
})

export const getSharedPayLink = defineContract({
  method: 'GET',
  path: '/api/khata/shared/:token/payment-links/:id',
  summary: 'A shared statement’s payment link, for the page to poll when the customer comes back; 404 through another khata’s link',
  params: z.object({ ...Token.shape, ...IdParams.shape }),
  response: SharedPayLink,
})
