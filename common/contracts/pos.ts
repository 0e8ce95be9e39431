import * as z from 'zod/mini'
import { IdParams } from './admin'
import { buyerFields, buyerPairCheck } from './buyer'
import { ReceiptTax } from './receipt-tax'
import { defineContract } from './http'
import { Count, Id, int, Rupees } from './pos-fields'
import { RegisterChoice } from './pos-registers'
import { calendarDateTime, text } from './text'
import { EMAIL_PATTERN } from '../rules/form-field'

/**
 * Staff calls of the shop counter (CONTRACT "Staff calls": `POST /api/pos/shifts`, `POST /api/pos/sales`;
 * docs/decisions/0024-point-of-sale.md). Money is rupees at the edge (two decimals), paise inside. Registers are in
 * pos-registers.ts, shifts and their report in pos-shifts.ts.
 */

/** `khata`: on the customer's credit book (customer_phone names them; docs/decisions/0047-khata.md) */
export const POS_PAYMENT_METHODS = ['cash', 'upi', 'card', 'khata'] as const
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number]

export const listPackCodes = defineContract({
  method: 'GET',
  path: '/api/pos/codes',
  summary: 'POS: every barcode and SKU of the packs on sale on this website (at most 50,000), so a counter can scan a code it has never seen while offline',
  response: z.object({ data: z.array(z.object({ code: z.string(), pack_id: int(), product_id: int() })) }),
})

export const SaleLineInput = z.object({
  pack_id: Id('pack_id'),
  quantity: Count('Quantity'),
  /** rupees off this line (never more than the line) */
  discount: z.optional(Rupees('Line discount')),
})

/** A dynamic UPI QR's id at the provider (Razorpay `qr_…`) */
const QrId = text('qr_id', [z.regex(/^qr_[A-Za-z0-9]{1,40}$/, 'qr_id is not a UPI QR id')])

export const SalePaymentInput = z.object({
  method: z.enum(POS_PAYMENT_METHODS, { error: `method must be one of: ${POS_PAYMENT_METHODS.join(', ')}` }),
  amount: Rupees('Amount').check(z.gt(0, 'Amount must be more than zero')),
  /** UPI transaction or card terminal reference */
  reference: z.optional(text('Reference', [z.trim(), z.maxLength(100, 'Reference is limited to 100 characters')])),
  /** a `upi` payment taken by a dynamic QR (`POST /api/pos/upi-qr`): paid, of this amount, and used by one sale only */
  qr_id: z.optional(QrId),
})

export const SaleInput = z
  .object({
    client_id: text('client_id', [z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'client_id must be a UUID')]),
    lines: z.array(SaleLineInput).check(z.minLength(1, 'A sale needs at least one line'), z.maxLength(200, 'A sale is limited to 200 lines')),
    payments: z.array(SalePaymentInput).check(z.minLength(1, 'A sale needs a payment'), z.maxLength(10, 'A sale is limited to 10 payments')),
    /** rupees off the whole sale, after line discounts */
    discount: z.optional(Rupees('Order discount')),
    /** a coupon of the website, under its rules (usage limits counted with the web orders) */
    coupon_code: z.optional(text('Coupon code', [z.trim(), z.minLength(1, 'Please enter a coupon code'), z.maxLength(40, 'Coupon code is too long')])),
    customer_phone: z.optional(text('Customer mobile', [z.regex(/^[6-9]\d{9}$/, 'Please enter a valid 10-digit mobile number')])),
    /** a sale made while the counter was offline, sent later: recorded even when the shelf no longer has the stock */
    offline: z.optional(z.boolean()),
    sold_at: z.optional(calendarDateTime('Time of sale')),
    register_id: RegisterChoice,
    /** an admin puts more on the customer's khata than their credit limit allows, and says why (audited) */
    khata_override_reason: z.optional(
      text('Reason', [z.trim(), z.minLength(3, 'Say why, in a few words'), z.maxLength(200, 'Reason is limited to 200 characters')]),
    ),
    /** a registered business buying at the counter (B2B, issue 34): checked as at checkout; its GSTIN's state is the place of supply */
    ...buyerFields,
  })
  .check(buyerPairCheck)
export type SaleInput = z.infer<typeof SaleInput>

export const SaleAnswer = z.object({ order_number: z.string(), total: z.number(), change_due: z.number() })
export type SaleAnswer = z.infer<typeof SaleAnswer>

export const createSale = defineContract({
  method: 'POST',
  path: '/api/pos/sales',
  summary:
    'POS: a sale at the counter (an order with channel pos, paid and handed over); the same client_id again answers the same sale (another body 422); payments short of the total 422; 409 without an open shift or when the stock is short (an offline sale is recorded anyway, with a stock discrepancy)',
  body: SaleInput,
  response: SaleAnswer,
  status: 201,
})

/** What the counter's cart comes to, priced by the server as a sale would be: the coupon's part included. */
export const SalePreviewInput = z.object({
  lines: SaleInput.shape.lines,
  discount: SaleInput.shape.discount,
  coupon_code: SaleInput.shape.coupon_code,
  customer_phone: SaleInput.shape.customer_phone,
})
export type SalePreviewInput = z.infer<typeof SalePreviewInput>

export const SalePreview = z.object({
  /** Σ price × quantity */
  items_total: z.number(),
  /** the cashier's line and bill discounts */
  discount: z.number(),
  coupon: z.nullable(z.object({ code: z.string(), discount: z.number() })),
  /** what the payments must cover */
  total: z.number(),
})
export type SalePreview = z.infer<typeof SalePreview>

export const previewSale = defineContract({
  method: 'POST',
  path: '/api/pos/sales/preview',
  summary:
    'POS: what the cart comes to with its discounts and the website’s coupon, priced as POST /api/pos/sales would (nothing is kept; the stock is checked by the sale); coupon problems 422/409 on coupon_code',
  body: SalePreviewInput,
  response: SalePreview,
})

export const ReturnInput = z.object({
  order_number: text('Receipt number', [z.trim(), z.minLength(1, 'Please enter the receipt number'), z.maxLength(40, 'Receipt number is too long')]),
  /** left out: everything not returned yet */
  lines: z.optional(z.array(z.object({ pack_id: Id('pack_id'), quantity: Count('Quantity') })).check(z.minLength(1, 'Choose what comes back'))),
  /** `cash` from the drawer, or `original`: back the way it was paid (UPI and card refunds are recorded to be made) */
  refund_method: z.enum(['cash', 'original'], { error: 'refund_method must be cash or original' }),
  register_id: RegisterChoice,
})
export type ReturnInput = z.infer<typeof ReturnInput>

export const ReturnAnswer = z.object({
  return_id: int(),
  order_number: z.string(),
  refund_total: z.number(),
  refunds: z.array(z.object({ method: z.enum(POS_PAYMENT_METHODS), amount: z.number() })),
  lines: z.array(z.object({ pack_id: int(), quantity: int(), refund: z.number() })),
})
export type ReturnAnswer = z.infer<typeof ReturnAnswer>

export const ReturnPreview = z.omit(ReturnAnswer, { return_id: true })
export type ReturnPreview = z.infer<typeof ReturnPreview>

export const previewReturn = defineContract({
  method: 'POST',
  path: '/api/pos/returns/preview',
  summary: 'POS: what a return would take back and refund, by method, computed as POST /api/pos/returns would (nothing is kept), to confirm first',
  body: ReturnInput,
  response: ReturnPreview,
})

export const createReturn = defineContract({
  method: 'POST',
  path: '/api/pos/returns',
  summary:
    'POS: goods brought back against a receipt (a counter sale), whole or some lines; never more than sold less already returned (422); stock goes back to the register’s warehouse',
  body: ReturnInput,
  response: ReturnAnswer,
  status: 201,
})

export const StockDiscrepancy = z.object({
  id: int(),
  order_number: z.string(),
  pack_id: int(),
  product: z.string(),
  pack: z.string(),
  warehouse_id: int(),
  sold: int(),
  short_by: int(),
  sold_at: z.string(),
  created_at: z.string(),
})

export const listDiscrepancies = defineContract({
  method: 'GET',
  path: '/api/pos/discrepancies',
  summary: 'POS: offline sales that sold more than the shelf had when they arrived, newest first (the last 200)',
  response: z.object({ data: z.array(StockDiscrepancy) }),
})

/** One line of a receipt: rupees; `savings` is what the MRP would have cost more (MRP − price) × quantity. */
export const ReceiptLine = z.object({
  pack_id: int(),
  product: z.string(),
  pack: z.string(),
  quantity: int(),
  price: z.number(),
  mrp: z.number(),
  /** price × quantity */
  amount: z.number(),
  /** this line's discount and its share of the order discount and coupon */
  discount: z.number(),
  /** what the line came to */
  net: z.number(),
  savings: z.number(),
  /** units brought back since */
  returned: int(),
})

/** What a counter receipt prints (docs/decisions/0024-point-of-sale.md, 0027). */
export const Receipt = z.object({
  order_number: z.string(),
  sold_at: z.string(),
  offline: z.boolean(),
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  register: z.string(),
  cashier: z.string(),
  customer: z.nullable(z.object({ name: z.string(), phone: z.string() })),
  lines: z.array(ReceiptLine),
  items_count: int(),
  /** Σ price × quantity */
  items_total: z.number(),
  /** Σ MRP × quantity */
  mrp_total: z.number(),
  /** MRP savings: mrp_total − items_total */
  mrp_savings: z.number(),
  /** line and order discounts (without the coupon) */
  discount: z.number(),
  coupon: z.nullable(z.object({ code: z.string(), discount: z.number() })),
  total: z.number(),
  /** MRP savings + discounts + coupon */
  total_savings: z.number(),
  payments: z.array(
    z.object({
      method: z.enum(POS_PAYMENT_METHODS),
      /** what the sale kept (cash net of change) */
      amount: z.number(),
      tendered: z.number(),
      change: z.number(),
      reference: z.nullable(z.string()),
    }),
  ),
  change_due: z.number(),
  /** refunds given for returns against this receipt */
  refunded: z.number(),
  status: z.enum(['paid', 'partly_returned', 'refunded']),
  /** the sale's GST tax invoice; null while the website has no GST registration saved */
  tax: z.nullable(ReceiptTax),
})
export type Receipt = z.infer<typeof Receipt>

export const ReceiptParams = z.object({
  order_number: text('Receipt number', [z.trim(), z.minLength(1, 'Please enter the receipt number'), z.maxLength(40, 'Receipt number is too long')]),
})

export const getReceipt = defineContract({
  method: 'GET',
  path: '/api/pos/sales/:order_number',
  summary:
    'POS: what the receipt of a counter sale prints (shop details, lines with MRP savings, discounts, payments with change, cashier, register); 404 for a web order or another website’s',
  params: ReceiptParams,
  response: Receipt,
})

export const UPI_QR_STATUSES = ['pending', 'paid', 'expired'] as const

export const StartUpiQrInput = z.object({
  /** what is left to pay of the open sale, rupees (at least ₹1) */
  amount: Rupees('Amount').check(z.gte(1, 'A UPI QR is for ₹1 or more')),
  register_id: RegisterChoice,
})
export type StartUpiQrInput = z.infer<typeof StartUpiQrInput>

export const UpiQrAnswer = z.object({
  qr_id: z.string(),
  /** the QR image the provider hosts */
  image_url: z.string(),
  amount: z.number(),
  expires_at: z.string(),
  status: z.enum(UPI_QR_STATUSES),
  /** the provider's payment, once paid (the sale's UPI reference) */
  payment_id: z.nullable(z.string()),
  /** the sale it paid, once used */
  order_number: z.nullable(z.string()),
})
export type UpiQrAnswer = z.infer<typeof UpiQrAnswer>

export const startUpiQr = defineContract({
  method: 'POST',
  path: '/api/pos/upi-qr',
  summary:
    'POS: a dynamic UPI QR for an amount (Razorpay QR Codes API: single use, fixed amount, closes in 15 minutes), paid when its webhook arrives; 409 without an open shift or when Razorpay is not available',
  body: StartUpiQrInput,
  response: UpiQrAnswer,
  status: 201,
})

export const getUpiQr = defineContract({
  method: 'GET',
  path: '/api/pos/upi-qr/:id',
  summary: 'POS: a UPI QR’s state for the screen to poll: pending, paid (with the payment) or expired',
  params: z.object({ id: QrId }),
  response: UpiQrAnswer,
})

/** Where the receipt goes: a mobile number (SMS) or an email address, one of them. */
export const SendReceiptInput = z
  .object({
    phone: z.optional(text('Mobile number', [z.trim(), z.regex(/^[6-9]\d{9}$/, 'Please enter a valid 10-digit mobile number')])),
    email: z.optional(
      text('Email', [z.trim(), z.toLowerCase(), z.maxLength(254, 'Email is too long'), z.regex(EMAIL_PATTERN, 'Please enter a valid email address')]),
    ),
  })
  .check(z.refine((v) => (v.phone ? 1 : 0) + (v.email ? 1 : 0) === 1, { message: 'Give a mobile number or an email address', path: ['phone'] }))
export type SendReceiptInput = z.infer<typeof SendReceiptInput>

export const sendReceipt = defineContract({
  method: 'POST',
  path: '/api/pos/sales/:order_number/send',
  summary:
    'POS: sends the receipt by SMS or email through the outbox (201: queued, delivered in the background and retried); 404 for a web order or another website’s',
  params: ReceiptParams,
  body: SendReceiptInput,
  response: z.object({ queued: z.boolean(), channel: z.enum(['sms', 'email']), to: z.string() }),
  status: 201,
})
