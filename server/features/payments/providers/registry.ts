import type { Config } from '../../../config'
import type { PaymentsMode } from '../config'
import { type CashfreeSettings, createCashfreeProvider } from './cashfree'
import { createRazorpayProvider, type RazorpaySettings } from './razorpay'
import { PaymentProviderError, type PaymentProvider, type ProviderName } from './types'

export interface ProviderSettings {
  razorpay?: RazorpaySettings
  cashfree?: CashfreeSettings
}

/** Each provider whose keys are configured (in simulator mode the demo keys always are); base URLs only in simulator mode. */
export function providerSettings(config: Config): ProviderSettings {
  const sim = config.PAYMENTS_MODE === 'simulator'
  const settings: ProviderSettings = {}
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    settings.razorpay = {
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecrets: [config.RAZORPAY_WEBHOOK_SECRET, config.RAZORPAY_WEBHOOK_SECRET_PREVIOUS].filter((s) => s !== undefined),
      apiBase: sim ? config.RAZORPAY_API_BASE : undefined,
      checkoutJsUrl: config.RAZORPAY_CHECKOUT_JS_URL ?? '',
      timeoutMs: config.PAYMENT_HTTP_TIMEOUT_MS,
    }
  }
  if (config.CASHFREE_CLIENT_ID && config.CASHFREE_CLIENT_SECRET) {
    settings.cashfree = {
      clientId: config.CASHFREE_CLIENT_ID,
      clientSecrets: [config.CASHFREE_CLIENT_SECRET, config.CASHFREE_CLIENT_SECRET_PREVIOUS].filter((s) => s !== undefined),
      apiVersion: config.CASHFREE_API_VERSION,
      environment: config.PAYMENTS_MODE === 'live' ? 'production' : 'sandbox',
      apiBase: sim ? config.CASHFREE_API_BASE : undefined,
      jsUrl: config.CASHFREE_JS_URL ?? '',
      timeoutMs: config.PAYMENT_HTTP_TIMEOUT_MS,
      webhookToleranceMs: config.PAYMENT_WEBHOOK_TOLERANCE_MS,
    }
  }
  return settings
}

export interface PaymentProviders {
  mode: PaymentsMode
  /** the providers a website may offer; per-website keys will narrow or replace these */
  enabled: ProviderName[]
  providerFor(name: ProviderName): PaymentProvider
}

/**
 * The providers for this process, made on first use. `overrides` lets tests point the simulator base URLs at an app
 * listening on a port chosen at run time.
 */
export function createPaymentProviders(
  config: Config,
  overrides: { razorpay?: Partial<RazorpaySettings>; cashfree?: Partial<CashfreeSettings> } = {},
): PaymentProviders {
  const settings = providerSettings(config)
  const made = new Map<ProviderName, PaymentProvider>()
  const build: Record<ProviderName, () => PaymentProvider | undefined> = {
    razorpay: () => settings.razorpay && createRazorpayProvider({ ...settings.razorpay, ...overrides.razorpay }),
    cashfree: () => settings.cashfree && createCashfreeProvider({ ...settings.cashfree, ...overrides.cashfree }),
  }
  return {
    mode: config.PAYMENTS_MODE,
    enabled: (['razorpay', 'cashfree'] as const).filter((name) => settings[name] !== undefined),
    providerFor(name) {
      const known = made.get(name) ?? build[name]()
      if (!known) throw new PaymentProviderError(name, 'rejected', 'NOT_CONFIGURED', undefined, 'no keys are configured for this provider')
      made.set(name, known)
      return known
    },
  }
}
