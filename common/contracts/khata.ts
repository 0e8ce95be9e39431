import * as z from 'zod/mini'
import { IdParams } from './admin'
import { defineContract } from './http'
import { text } from './text'

/**
 * The khata, a customer's credit book on one website (CONTRACT "Staff calls added for roles, the khata, …";
 * docs/decisions/0047-khata.md). Rupees at the edge; `balance` > 0 means the customer owes the shop.
 */

const int = () => z.number().check(z.int())

const Rupees = (label: string, max = 10_000_000) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(max, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )

export const KHATA_ENTRY_KINDS = ['sale', 'payment', 'adjustment', 'return'] as const
export const KHATA_METHODS = ['cash', 'upi', 'card'] as const

export const KhataEntry = z.object({
  id: int(),
  kind: z.enum(KHATA_ENTRY_KINDS),
  /** rupees, never negative: what the entry says (a sale of ₹120, a payment of ₹50) */
  amount: z.number(),
  /** rupees, signed: what it did to the balance (+ the customer owes more) */
  change: z.number(),
  balance_after: z.number(),
  created_at: z.string(),
  order_number: z.optional(z.string()),
  method: z.optional(z.string()),
  reference: z.optional(z.string()),
  reason: z.optional(z.string()),
  by: z.optional(z.string()),
})
export type KhataEntry = z.infer<typeof KhataEntry>

/** Outstanding by age of the credit sales not yet paid off (the oldest are paid first). */
export const KhataAgeing = z.object({ d0_30: z.number(), d31_60: z.number(), d61_90: z.number(), d90_plus: z.number() })
export type KhataAgeing = z.infer<typeof KhataAgeing>

export const Khata = z.object({
  user_id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  balance: z.number(),
  credit_limit: z.number(),
  /** what may still be bought on credit: limit − balance (never below 0) */
  available: z.number(),
  ageing: KhataAgeing,
  last_payment_at: z.nullable(z.string()),
  /** oldest first */
  entries: z.array(KhataEntry),
})
export type Khata = z.infer<typeof Khata>

export const getCustomerKhata = defineContract({
  method: 'GET',
  path: '/api/admin/customers/:id/khata',
  summary:
    'Admin: a customer’s khata on this website: balance (> 0: owes the shop), credit limit, ageing and the ledger, oldest first, rupees; a customer without one has balance 0 and limit 0; 404 for someone with no relationship with this website',
  params: IdParams,
  response: Khata,
})

export const KhataLimitInput = z.object({ credit_limit: Rupees('Credit limit') })
export type KhataLimitInput = z.infer<typeof KhataLimitInput>

export const setKhataLimit = defineContract({
  method: 'PUT',
  path: '/api/admin/customers/:id/khata',
  summary: 'Admin: sets the customer’s credit limit (rupees, 0 = no credit; the khata is opened when it has none); the khata',
  params: IdParams,
  body: KhataLimitInput,
  response: Khata,
})

export const KhataPaymentInput = z.object({
  // in paise at least 1: 1e-9 passes 'more than zero' and 'two decimals' yet is no money at all
  amount: Rupees('Amount').check(z.refine((v) => Math.round(v * 100) >= 1, 'Amount must be at least ₹0.01')),
  method: z.enum(KHATA_METHODS, { error: `method must be one of: ${KHATA_METHODS.join(', ')}` }),
  reference: z.optional(text('Reference', [z.trim(), z.maxLength(100, 'Reference is limited to 100 characters')])),
})
export type KhataPaymentInput = z.infer<typeof KhataPaymentInput>

export const recordKhataPayment = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/khata/payments',
  summary: 'Admin: a payment received against the khata (cash, UPI or card); more than the balance is refused (422: no advances are kept); 201, the khata',
  params: IdParams,
  body: KhataPaymentInput,
  response: Khata,
  status: 201,
})

export const KhataAdjustmentInput = z.object({
  /** rupees, signed: + the customer owes more, − less (never below zero) */
  change: z.number({ error: 'Change must be a number' }).check(
    z.refine((v) => Math.round(v * 100) !== 0, 'Change must not be zero'),
    z.gte(-10_000_000, 'Change is too large'),
    z.lte(10_000_000, 'Change is too large'),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Change may have at most two decimals'),
  ),
  reason: text('Reason', [z.trim(), z.minLength(3, 'Say why, in a few words'), z.maxLength(200, 'Reason is limited to 200 characters')]),
})
export type KhataAdjustmentInput = z.infer<typeof KhataAdjustmentInput>

export const adjustKhata = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/khata/adjustments',
  summary: 'Admin: a correction to the khata as a new entry with its reason (the ledger is never changed); never below zero (422); 201, the khata',
  params: IdParams,
  body: KhataAdjustmentInput,
  response: Khata,
  status: 201,
})

export const KhataReminder = z.object({ queued: z.boolean(), channel: z.literal('sms'), to: z.string(), text: z.string() })
export type KhataReminder = z.infer<typeof KhataReminder>

export const remindKhata = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/khata/reminders',
  summary:
    'Admin: an SMS to the customer of what they owe, through the outbox (the messaging sign-in codes and receipts use); at most one a day per customer (429); 422 when nothing is owed or there is no mobile',
  params: IdParams,
  body: z.object({}),
  response: KhataReminder,
  status: 201,
})

/** The khata statement sent to the customer's phone (issue #32's `khata_statement` template): balance on a date. */
export const sendKhataStatement = defineContract({
  method: 'POST',
  path: '/api/admin/customers/:id/khata/statement-messages',
  summary:
    'Admin: the khata statement (balance on today’s date) to the customer’s phone on its registered template (WhatsApp, else DLT SMS), through the outbox; 422 without a khata or a mobile',
  params: IdParams,
  body: z.object({}),
  response: KhataReminder,
  status: 201,
})

export const KHATA_SORTS = ['balance', '-balance', 'name', '-name', 'oldest', '-oldest', 'last_payment_at', '-last_payment_at'] as const
export const KhataListQuery = z.object({
  q: z.optional(text('Search text', [z.trim(), z.maxLength(100, 'Search text is limited to 100 characters')])),
  sort: z._default(z.enum(KHATA_SORTS, { error: `sort must be one of: ${KHATA_SORTS.join(', ')}` }), '-balance'),
})
export type KhataListQuery = z.output<typeof KhataListQuery>

export const KhataRow = z.object({
  user_id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  balance: z.number(),
  credit_limit: z.number(),
  ageing: KhataAgeing,
  last_payment_at: z.nullable(z.string()),
  last_payment: z.nullable(z.number()),
})
export type KhataRow = z.infer<typeof KhataRow>

export const listKhatas = defineContract({
  method: 'GET',
  path: '/api/admin/khata',
  summary:
    'Admin: every khata of this website (at most 1,000) with balance, limit, ageing (0–30, 31–60, 61–90, 90+ days) and the last payment; search by name or mobile; sort by balance, name, oldest dues or last payment; totals',
  query: KhataListQuery,
  response: z.object({ data: z.array(KhataRow), totals: z.object({ balance: z.number(), ageing: KhataAgeing, customers: int() }) }),
})

export const getMyKhata = defineContract({
  method: 'GET',
  path: '/api/account/khata',
  summary: 'The signed-in shopper’s own khata on this website: balance, limit and statement; 404 when they have none',
  response: Khata,
})
