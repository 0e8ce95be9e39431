import type { Config } from '../../../config'
import type { PaymentsMode } from '../../../platform/payments-config'
import { type CashfreeSettings, createCashfreeProvider } from './cashfree'
import { createRazorpayProvider, type RazorpaySettings } from './razorpay'
import { PaymentProviderError, type PaymentProvider, type ProviderName } from './types'

export interface ProviderSettings {
  razorpay?: RazorpaySettings
  cashfree?: CashfreeSettings
}

type Unkeyed<T> = Omit<T, 'keyId' | 'keySecret' | 'webhookSecrets' | 'clientId' | 'clientSecrets'>

/** What every set of keys shares in this process: mode, addresses, scripts, timeouts. */
function unkeyed(config: Config): { razorpay: Unkeyed<RazorpaySettings>; cashfree: Unkeyed<CashfreeSettings> } {
  const sim = config.PAYMENTS_MODE === 'simulator'
  return {
    razorpay: {
      apiBase: sim ? config.RAZORPAY_API_BASE : undefined,
      checkoutJsUrl: config.RAZORPAY_CHECKOUT_JS_URL ?? '',
      timeoutMs: config.PAYMENT_HTTP_TIMEOUT_MS,
    },
    cashfree: {
      apiVersion: config.CASHFREE_API_VERSION,
      environment: config.PAYMENTS_MODE === 'live' ? 'production' : 'sandbox',
      apiBase: sim ? config.CASHFREE_API_BASE : undefined,
      jsUrl: config.CASHFREE_JS_URL ?? '',
      timeoutMs: config.PAYMENT_HTTP_TIMEOUT_MS,
      webhookToleranceMs: config.PAYMENT_WEBHOOK_TOLERANCE_MS,
    },
  }
}

/** Each provider whose keys are configured (in simulator mode the demo keys always are); base URLs only in simulator mode. */
export function providerSettings(config: Config): ProviderSettings {
  const base = unkeyed(config)
  const settings: ProviderSettings = {}
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    settings.razorpay = {
      ...base.razorpay,
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecrets: [config.RAZORPAY_WEBHOOK_SECRET, config.RAZORPAY_WEBHOOK_SECRET_PREVIOUS].filter((s) => s !== undefined),
    }
  }
  if (config.CASHFREE_CLIENT_ID && config.CASHFREE_CLIENT_SECRET) {
    settings.cashfree = {
      ...base.cashfree,
      clientId: config.CASHFREE_CLIENT_ID,
      clientSecrets: [config.CASHFREE_CLIENT_SECRET, config.CASHFREE_CLIENT_SECRET_PREVIOUS].filter((s) => s !== undefined),
    }
  }
  return settings
}

/** A website's own keys (decrypted just before use); a provider left out keeps the process's keys. */
export interface OwnKeys {
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string }
  cashfree?: { clientId: string; clientSecret: string }
}

export interface PaymentProviders {
  mode: PaymentsMode
  /** the providers a website may offer; per-website keys will narrow or replace these */
  enabled: ProviderName[]
  providerFor(name: ProviderName): PaymentProvider
  /** the same providers (mode, addresses, timeouts) signed in with a website's own keys */
  withKeys(keys: OwnKeys): PaymentProviders
  /** the key id (Razorpay) or client id (Cashfree) these providers use, null when none */
  accountOf(name: ProviderName): string | null
}

type Overrides = { razorpay?: Partial<RazorpaySettings>; cashfree?: Partial<CashfreeSettings> }

/**
 * The providers for this process, made on first use. `overrides` lets tests point the simulator base URLs at an app
 * listening on a port chosen at run time.
 */
export function createPaymentProviders(config: Config, overrides: Overrides = {}): PaymentProviders {
  return fromSettings(config.PAYMENTS_MODE, unkeyed(config), providerSettings(config), overrides, new Map())
}

const KEPT = 200

function fromSettings(
  mode: PaymentsMode,
  base: ReturnType<typeof unkeyed>,
  settings: ProviderSettings,
  overrides: Overrides,
  siblings: Map<string, PaymentProviders>,
): PaymentProviders {
  const made = new Map<ProviderName, PaymentProvider>()
  const build: Record<ProviderName, () => PaymentProvider | undefined> = {
    razorpay: () => settings.razorpay && createRazorpayProvider({ ...settings.razorpay, ...overrides.razorpay }),
    cashfree: () => settings.cashfree && createCashfreeProvider({ ...settings.cashfree, ...overrides.cashfree }),
  }
  return {
    mode,
    enabled: (['razorpay', 'cashfree'] as const).filter((name) => settings[name] !== undefined),
    providerFor(name) {
      const known = made.get(name) ?? build[name]()
      if (!known) throw new PaymentProviderError(name, 'rejected', 'NOT_CONFIGURED', undefined, 'no keys are configured for this provider')
      made.set(name, known)
      return known
    },
    accountOf: (name) => (name === 'razorpay' ? (settings.razorpay?.keyId ?? null) : (settings.cashfree?.clientId ?? null)),
    withKeys(keys) {
      // One set of SDK clients per set of keys, shared by every call that uses them (a few websites, a few key changes).
      const id = JSON.stringify([keys.razorpay ?? null, keys.cashfree ?? null])
      const known = siblings.get(id)
      if (known) return known
      const next: ProviderSettings = { ...settings }
      if (keys.razorpay) {
        const { keyId, keySecret, webhookSecret } = keys.razorpay
        next.razorpay = { ...base.razorpay, keyId, keySecret, webhookSecrets: [webhookSecret] }
      }
      if (keys.cashfree) {
        const { clientId, clientSecret } = keys.cashfree
        next.cashfree = { ...base.cashfree, clientId, clientSecrets: [clientSecret] }
      }
      const sibling = fromSettings(mode, base, next, overrides, siblings)
      if (siblings.size >= KEPT) siblings.delete(siblings.keys().next().value ?? '')
      siblings.set(id, sibling)
      return sibling
    },
  }
}
