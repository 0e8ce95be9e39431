import * as z from 'zod/mini'
import { staleBody, Version } from './admin'
import { defineContract } from './http'
import { text } from './text'

/**
 * Staff calls of a website's payment methods (docs/decisions/0022-payment-methods.md): cash on delivery on or off
 * with a maximum order value (rupees), and the website's own Razorpay and Cashfree keys. Secrets go in, never
 * out: answers say only whether one is saved.
 */

const int = () => z.number().check(z.int())

/** where the keys in force come from: the website's own, the shop's (process) keys, or none at all */
export const KEY_SOURCES = ['own', 'shop', 'none'] as const

export const PaymentMethodsAnswer = z.object({
  mode: z.enum(['simulator', 'sandbox', 'live']),
  cod: z.object({ enabled: z.boolean(), max_order_value: z.nullable(z.number()) }),
  razorpay: z.object({
    enabled: z.boolean(),
    key_id: z.nullable(z.string()),
    key_secret_set: z.boolean(),
    webhook_secret_set: z.boolean(),
    keys: z.enum(KEY_SOURCES),
    /** where to point this website's webhooks in the provider's dashboard */
    webhook_url: z.string(),
  }),
  cashfree: z.object({
    enabled: z.boolean(),
    client_id: z.nullable(z.string()),
    client_secret_set: z.boolean(),
    keys: z.enum(KEY_SOURCES),
    webhook_url: z.string(),
  }),
  /**
   * Online payments through the platform's own account (issue 29): a new website takes cash on delivery only until
   * it saves its own keys, unless a superadmin allows this (`can_change`: the signed-in person may switch it).
   */
  platform_account: z.object({ allowed: z.boolean(), can_change: z.boolean() }),
  version: int(),
})
export type PaymentMethodsAnswer = z.infer<typeof PaymentMethodsAnswer>

/** A secret as typed: empty (or absent) keeps the saved one. */
const Secret = (label: string) =>
  z.optional(
    text(label, [
      z.trim(),
      z.maxLength(200, `${label} is at most 200 characters`),
      z.refine((v) => v === '' || (v.length >= 8 && /^\S+$/.test(v)), `${label} looks wrong: at least 8 characters, no spaces`),
    ]),
  )
/** Empty removes the website's own keys (the shop's keys are used again). */
const KeyId = (label: string, pattern: RegExp, hint: string) =>
  text(label, [z.trim(), z.maxLength(100, `${label} is at most 100 characters`), z.refine((v) => v === '' || pattern.test(v), hint)])

export const RAZORPAY_KEY_ID = /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/
export const CASHFREE_CLIENT_ID = /^[A-Za-z0-9_-]{4,100}$/

const MaxOrderValue = z.nullable(
  z.number({ error: 'Maximum order value must be a number' }).check(
    z.gte(1, 'Maximum order value must be at least ₹1'),
    z.lte(10_000_000, 'Maximum order value is too large'),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Maximum order value may have at most two decimals'),
  ),
)

export const PaymentMethodsInput = z.strictObject({
  version: Version,
  cod: z.strictObject({ enabled: z.boolean(), max_order_value: MaxOrderValue }),
  razorpay: z.strictObject({
    enabled: z.boolean(),
    key_id: KeyId('Key id', RAZORPAY_KEY_ID, 'A Razorpay key id looks like rzp_test_… or rzp_live_…'),
    key_secret: Secret('Key secret'),
    webhook_secret: Secret('Webhook secret'),
  }),
  cashfree: z.strictObject({
    enabled: z.boolean(),
    client_id: KeyId('Client id', CASHFREE_CLIENT_ID, 'A Cashfree client id has letters, digits, - and _ only'),
    client_secret: Secret('Client secret'),
  }),
  /** superadmins only: let this website take online payments through the platform's account (absent: unchanged) */
  platform_account: z.optional(z.boolean({ error: 'Platform account must be true or false' })),
})
export type PaymentMethodsInput = z.infer<typeof PaymentMethodsInput>

export const getPaymentMethods = defineContract({
  method: 'GET',
  path: '/api/admin/payment-methods',
  summary: 'Admin: how this website takes payment (cash on delivery and its limit, Razorpay, Cashfree); secrets are never answered, only whether one is saved',
  response: PaymentMethodsAnswer,
})

export const updatePaymentMethods = defineContract({
  method: 'PUT',
  path: '/api/admin/payment-methods',
  summary:
    'Admin: saves the payment methods (send `version`; 409 `stale` when someone saved in between). An empty secret keeps the saved one; an empty key id removes the website’s own keys.',
  body: PaymentMethodsInput,
  response: PaymentMethodsAnswer,
  stale: staleBody(PaymentMethodsAnswer),
})

export const TestConnectionInput = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('razorpay'),
    key_id: z.optional(KeyId('Key id', RAZORPAY_KEY_ID, 'A Razorpay key id looks like rzp_test_… or rzp_live_…')),
    key_secret: Secret('Key secret'),
  }),
  z.strictObject({
    provider: z.literal('cashfree'),
    client_id: z.optional(KeyId('Client id', CASHFREE_CLIENT_ID, 'A Cashfree client id has letters, digits, - and _ only')),
    client_secret: Secret('Client secret'),
  }),
])
export type TestConnectionInput = z.infer<typeof TestConnectionInput>

export const testPaymentConnection = defineContract({
  method: 'POST',
  path: '/api/admin/payment-methods/test',
  summary:
    'Admin: signs in to the provider with the keys typed (empty fields: the saved ones, else the shop’s) and answers whether it accepted them, with the provider’s reason when not',
  body: TestConnectionInput,
  response: z.object({ ok: z.boolean(), message: z.string(), key_id: z.string() }),
})
