import * as z from 'zod/mini'

/**
 * The payment variables (PAYMENTS.md D.5). server/config.ts parses them with the rest of the environment and
 * runs the guards below; nothing here reads process.env. They are the process's settings (read by config.ts, app.ts and
 * the payments feature), so they live in the platform and config.ts imports no feature.
 */
export const PAYMENTS_MODES = ['simulator', 'sandbox', 'live'] as const
export type PaymentsMode = (typeof PAYMENTS_MODES)[number]

const text = () => z.optional(z.string().check(z.minLength(1)))
const millis = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.gt(0)), fallback)

export const PaymentsEnv = {
  PAYMENTS_MODE: z.optional(z.enum(PAYMENTS_MODES)),
  ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD: z.optional(z.enum(['0', '1'])),
  RAZORPAY_KEY_ID: text(),
  RAZORPAY_KEY_SECRET: text(),
  RAZORPAY_WEBHOOK_SECRET: text(),
  /** still accepted on webhooks while a rotation settles (Razorpay retries old events with the old secret) */
  RAZORPAY_WEBHOOK_SECRET_PREVIOUS: text(),
  CASHFREE_CLIENT_ID: text(),
  CASHFREE_CLIENT_SECRET: text(),
  CASHFREE_CLIENT_SECRET_PREVIOUS: text(),
  CASHFREE_API_VERSION: z._default(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), '2025-01-01'),
  /** simulator only: where the SDKs send their calls (default: this app, which mounts the simulator) */
  RAZORPAY_API_BASE: z.optional(z.url()),
  CASHFREE_API_BASE: z.optional(z.url()),
  /** the browser scripts; simulator: this app's /sim/… files, otherwise the providers' official URLs */
  RAZORPAY_CHECKOUT_JS_URL: text(),
  CASHFREE_JS_URL: text(),
  PAYMENT_HTTP_TIMEOUT_MS: millis(8000),
  PAYMENT_WEBHOOK_TOLERANCE_MS: millis(300_000),
  /** simulator only: where it posts signed webhooks (default: this app's /s/api/payments/webhooks/{provider}) */
  PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL: z.optional(z.url()),
  PAYMENTS_SIM_CASHFREE_WEBHOOK_URL: z.optional(z.url()),
}

const PaymentsEnvObject = z.object(PaymentsEnv)
type PaymentsEnvValues = z.infer<typeof PaymentsEnvObject>
type PaymentsConfig = Omit<PaymentsEnvValues, 'PAYMENTS_MODE'> & { PAYMENTS_MODE: PaymentsMode; NODE_ENV: string; PORT: number }

const SIM_ONLY = ['RAZORPAY_API_BASE', 'CASHFREE_API_BASE', 'PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL', 'PAYMENTS_SIM_CASHFREE_WEBHOOK_URL'] as const
const SCRIPT_URLS = ['RAZORPAY_CHECKOUT_JS_URL', 'CASHFREE_JS_URL'] as const

/** The simulator's demo credentials: fine to publish, refused outside simulator mode like any test key. */
export const SIMULATOR_DEFAULTS = {
  RAZORPAY_KEY_ID: 'rzp_test_SimulatorDemo1',
  RAZORPAY_KEY_SECRET: 'sim_razorpay_key_secret_demo',
  RAZORPAY_WEBHOOK_SECRET: 'sim_razorpay_webhook_secret_demo',
  CASHFREE_CLIENT_ID: 'TEST_SIM_CLIENT_ID',
  CASHFREE_CLIENT_SECRET: 'cfsk_ma_test_sim_client_secret_demo',
  RAZORPAY_CHECKOUT_JS_URL: '/sim/razorpay/checkout.js',
  CASHFREE_JS_URL: '/sim/cashfree/cashfree.js',
}

export const OFFICIAL_SCRIPTS = {
  RAZORPAY_CHECKOUT_JS_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  CASHFREE_JS_URL: 'https://sdk.cashfree.com/js/v3/cashfree.js',
}

export const isRazorpayTestKey = (keyId: string) => keyId.startsWith('rzp_test_')
export const isRazorpayLiveKey = (keyId: string) => keyId.startsWith('rzp_live_')
export const isCashfreeTestCredential = (id = '', secret = '') => id.startsWith('TEST') || secret.startsWith('cfsk_ma_test_')
export const isCashfreeLiveCredential = (secret = '') => secret.startsWith('cfsk_ma_prod_')

/** 127.0.0.0/8 or [::1]; a host name (even localhost) is refused, since DNS could point it elsewhere. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname
    return host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  } catch {
    return false
  }
}

/** Problems that stop a production start; reported together with the app's other production checks. */
export function paymentProductionProblems(c: PaymentsConfig): string[] {
  const problems: string[] = []
  if (c.PAYMENTS_MODE !== 'live') return [`PAYMENTS_MODE=${c.PAYMENTS_MODE} is not allowed in production`]
  for (const name of [...SIM_ONLY, ...SCRIPT_URLS]) if (c[name]) problems.push(`${name} must not be set in production`)
  if (c.RAZORPAY_KEY_ID && isRazorpayTestKey(c.RAZORPAY_KEY_ID)) problems.push('RAZORPAY_KEY_ID is a test key (rzp_test_…)')
  if (isCashfreeTestCredential(c.CASHFREE_CLIENT_ID, c.CASHFREE_CLIENT_SECRET)) problems.push('CASHFREE_CLIENT_ID/SECRET are test credentials')
  return problems
}

/** Problems in any environment: a mode that does not fit its keys, addresses or permission. */
export function paymentSetupProblems(c: PaymentsConfig): string[] {
  const problems: string[] = []
  const mode = c.PAYMENTS_MODE
  if (mode === 'live' && c.NODE_ENV !== 'production' && c.ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD !== '1') {
    problems.push('PAYMENTS_MODE=live outside production needs ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD=1 (real money moves)')
  }
  if (mode === 'simulator') {
    for (const name of SIM_ONLY)
      if (c[name] && !isLoopbackUrl(c[name])) problems.push(`${name} must be a loopback URL (127.0.0.1 or [::1]) with PAYMENTS_MODE=simulator`)
    for (const name of SCRIPT_URLS)
      if (c[name] && !c[name].startsWith('/') && !isLoopbackUrl(c[name]))
        problems.push(`${name} must be a path on this app or a loopback URL with PAYMENTS_MODE=simulator`)
  } else {
    for (const name of SIM_ONLY) if (c[name]) problems.push(`${name} is only honoured with PAYMENTS_MODE=simulator`)
  }
  const rzp = [c.RAZORPAY_KEY_ID, c.RAZORPAY_KEY_SECRET, c.RAZORPAY_WEBHOOK_SECRET]
  if (rzp.some(Boolean) && !rzp.every(Boolean)) problems.push('Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together')
  if (Boolean(c.CASHFREE_CLIENT_ID) !== Boolean(c.CASHFREE_CLIENT_SECRET))
    problems.push('Cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET together')
  const rzpKey = c.RAZORPAY_KEY_ID ?? ''
  if (mode !== 'live' && (isRazorpayLiveKey(rzpKey) || isCashfreeLiveCredential(c.CASHFREE_CLIENT_SECRET)))
    problems.push(`live payment keys are refused with PAYMENTS_MODE=${mode}`)
  if (mode === 'live' && (isRazorpayTestKey(rzpKey) || isCashfreeTestCredential(c.CASHFREE_CLIENT_ID, c.CASHFREE_CLIENT_SECRET)))
    problems.push('test payment keys are refused with PAYMENTS_MODE=live')
  return problems
}

/** What the mode implies when a variable is unset: the simulator works with no configuration at all. */
export function paymentDefaults(c: PaymentsConfig): Partial<PaymentsEnvValues> {
  if (c.PAYMENTS_MODE !== 'simulator') {
    return {
      RAZORPAY_CHECKOUT_JS_URL: c.RAZORPAY_CHECKOUT_JS_URL ?? OFFICIAL_SCRIPTS.RAZORPAY_CHECKOUT_JS_URL,
      CASHFREE_JS_URL: c.CASHFREE_JS_URL ?? OFFICIAL_SCRIPTS.CASHFREE_JS_URL,
    }
  }
  const self = `http://127.0.0.1:${c.PORT}`
  const demoRazorpay = !c.RAZORPAY_KEY_ID && !c.RAZORPAY_KEY_SECRET && !c.RAZORPAY_WEBHOOK_SECRET
  const demoCashfree = !c.CASHFREE_CLIENT_ID && !c.CASHFREE_CLIENT_SECRET
  return {
    ...(demoRazorpay
      ? {
          RAZORPAY_KEY_ID: SIMULATOR_DEFAULTS.RAZORPAY_KEY_ID,
          RAZORPAY_KEY_SECRET: SIMULATOR_DEFAULTS.RAZORPAY_KEY_SECRET,
          RAZORPAY_WEBHOOK_SECRET: SIMULATOR_DEFAULTS.RAZORPAY_WEBHOOK_SECRET,
        }
      : {}),
    ...(demoCashfree ? { CASHFREE_CLIENT_ID: SIMULATOR_DEFAULTS.CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: SIMULATOR_DEFAULTS.CASHFREE_CLIENT_SECRET } : {}),
    RAZORPAY_API_BASE: c.RAZORPAY_API_BASE ?? self,
    CASHFREE_API_BASE: c.CASHFREE_API_BASE ?? `${self}/pg`,
    RAZORPAY_CHECKOUT_JS_URL: c.RAZORPAY_CHECKOUT_JS_URL ?? SIMULATOR_DEFAULTS.RAZORPAY_CHECKOUT_JS_URL,
    CASHFREE_JS_URL: c.CASHFREE_JS_URL ?? SIMULATOR_DEFAULTS.CASHFREE_JS_URL,
  }
}

/** One start-up line: the mode and key-id tails, never a secret (D.5). */
export function describePayments(c: PaymentsConfig): string {
  const tail = (v?: string) => (v ? `${v.slice(0, v.indexOf('_', 4) + 1 || 4)}…${v.slice(-4)}` : 'off')
  return `payments: mode=${c.PAYMENTS_MODE} razorpay=${tail(c.RAZORPAY_KEY_ID)} cashfree=${tail(c.CASHFREE_CLIENT_ID)}`
}
