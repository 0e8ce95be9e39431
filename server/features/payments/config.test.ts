import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { PRODUCTION } from '../../test/app'
import { describePayments, SIMULATOR_DEFAULTS } from '../../platform/payments-config'
import { createPaymentProviders, providerSettings } from './providers/registry'

const LIVE = {
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEfGhIjKlMn',
  RAZORPAY_KEY_SECRET: 'live-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
  CASHFREE_CLIENT_ID: 'CF12345LIVE',
  CASHFREE_CLIENT_SECRET: 'cfsk_ma_prod_0123456789abcdef',
}
const SANDBOX = {
  RAZORPAY_KEY_ID: 'rzp_test_AbCdEfGhIjKlMn',
  RAZORPAY_KEY_SECRET: 'test-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret',
  CASHFREE_CLIENT_ID: 'TEST1234567',
  CASHFREE_CLIENT_SECRET: 'cfsk_ma_test_0123456789abcdef',
}
const prod = (env: Record<string, string>) => () => loadConfig({ ...PRODUCTION, ...env })

describe('payment settings (PAYMENTS.md D.5)', () => {
  it('works with no configuration at all: the simulator, its demo keys, this app as the provider', () => {
    const config = loadConfig({ PORT: '4100' })
    expect(config).toMatchObject({
      PAYMENTS_MODE: 'simulator',
      ...SIMULATOR_DEFAULTS,
      RAZORPAY_API_BASE: 'http://127.0.0.1:4100',
      CASHFREE_API_BASE: 'http://127.0.0.1:4100/pg',
      CASHFREE_API_VERSION: '2025-01-01',
      PAYMENT_HTTP_TIMEOUT_MS: 8000,
      PAYMENT_WEBHOOK_TOLERANCE_MS: 300_000,
    })
    const providers = createPaymentProviders(config)
    expect(providers.enabled).toEqual(['razorpay', 'cashfree'])
    expect(providerSettings(config).cashfree).toMatchObject({ environment: 'sandbox', apiBase: 'http://127.0.0.1:4100/pg', jsUrl: '/sim/cashfree/cashfree.js' })
  })

  it('refuses the simulator, sandbox mode and simulator-only settings in production', () => {
    expect(prod({ PAYMENTS_MODE: 'simulator' })).toThrow(/PAYMENTS_MODE=simulator is not allowed in production/)
    expect(prod({ PAYMENTS_MODE: 'sandbox', ...SANDBOX })).toThrow(/PAYMENTS_MODE=sandbox is not allowed in production/)
    expect(prod({ ...LIVE, RAZORPAY_API_BASE: 'http://127.0.0.1:9999' })).toThrow(/RAZORPAY_API_BASE must not be set in production/)
    expect(prod({ ...LIVE, CASHFREE_JS_URL: '/sim/cashfree/cashfree.js' })).toThrow(/CASHFREE_JS_URL must not be set in production/)
    expect(prod({ ...LIVE, PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL: 'http://127.0.0.1:1/x' })).toThrow(/PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL must not be set/)
  })

  it('refuses test keys in production (BL-18)', () => {
    expect(prod({ ...LIVE, RAZORPAY_KEY_ID: 'rzp_test_AbCdEfGhIjKlMn' })).toThrow(/RAZORPAY_KEY_ID is a test key/)
    expect(prod({ ...LIVE, CASHFREE_CLIENT_SECRET: 'cfsk_ma_test_abc' })).toThrow(/CASHFREE_CLIENT_ID\/SECRET are test credentials/)
    expect(prod({ ...LIVE, CASHFREE_CLIENT_ID: 'TEST999' })).toThrow(/test credentials/)
  })

  it('starts in production with live keys: official scripts, Cashfree production, no base URL override', () => {
    const config = prod(LIVE)()
    expect(config).toMatchObject({
      PAYMENTS_MODE: 'live',
      RAZORPAY_CHECKOUT_JS_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      CASHFREE_JS_URL: 'https://sdk.cashfree.com/js/v3/cashfree.js',
    })
    expect(config.RAZORPAY_API_BASE).toBeUndefined()
    const settings = providerSettings(config)
    expect(settings.razorpay).toMatchObject({ keyId: LIVE.RAZORPAY_KEY_ID, apiBase: undefined, webhookSecrets: ['live-webhook-secret'] })
    expect(settings.cashfree).toMatchObject({ environment: 'production', apiBase: undefined })
    // production without any provider keys is allowed: cash on delivery only
    expect(createPaymentProviders(prod({})()).enabled).toEqual([])
  })

  it('live mode outside production needs ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD=1, and live keys', () => {
    expect(() => loadConfig({ PAYMENTS_MODE: 'live', ...LIVE })).toThrow(/ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD=1/)
    expect(loadConfig({ PAYMENTS_MODE: 'live', ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD: '1', ...LIVE }).PAYMENTS_MODE).toBe('live')
    expect(() => loadConfig({ PAYMENTS_MODE: 'live', ALLOW_LIVE_PAYMENTS_OUTSIDE_PROD: '1', ...SANDBOX })).toThrow(
      /test payment keys are refused with PAYMENTS_MODE=live/,
    )
  })

  it('the simulator only talks to loopback addresses and refuses live keys', () => {
    for (const base of ['http://10.0.0.5:3000', 'http://localhost:3000', 'https://api.razorpay.com', 'http://127.0.0.1.evil.test:3000']) {
      expect(() => loadConfig({ RAZORPAY_API_BASE: base })).toThrow(/RAZORPAY_API_BASE must be a loopback URL/)
    }
    expect(() => loadConfig({ CASHFREE_API_BASE: 'https://sandbox.cashfree.com/pg' })).toThrow(/CASHFREE_API_BASE must be a loopback URL/)
    expect(() => loadConfig({ PAYMENTS_SIM_CASHFREE_WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(
      /PAYMENTS_SIM_CASHFREE_WEBHOOK_URL must be a loopback URL/,
    )
    expect(() => loadConfig({ RAZORPAY_CHECKOUT_JS_URL: 'https://checkout.razorpay.com/v1/checkout.js' })).toThrow(
      /RAZORPAY_CHECKOUT_JS_URL must be a path on this app/,
    )
    expect(loadConfig({ RAZORPAY_API_BASE: 'http://127.0.0.2:4000', CASHFREE_API_BASE: 'http://[::1]:4000/pg' })).toMatchObject({
      RAZORPAY_API_BASE: 'http://127.0.0.2:4000',
      CASHFREE_API_BASE: 'http://[::1]:4000/pg',
    })
    expect(() => loadConfig({ ...LIVE })).toThrow(/live payment keys are refused with PAYMENTS_MODE=simulator/)
  })

  it('sandbox mode: test keys against the real sandboxes, never a base URL override or live keys', () => {
    const config = loadConfig({ PAYMENTS_MODE: 'sandbox', ...SANDBOX })
    expect(providerSettings(config).cashfree).toMatchObject({ environment: 'sandbox', apiBase: undefined, jsUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js' })
    expect(() => loadConfig({ PAYMENTS_MODE: 'sandbox', ...SANDBOX, CASHFREE_API_BASE: 'http://127.0.0.1:1/pg' })).toThrow(
      /CASHFREE_API_BASE is only honoured with PAYMENTS_MODE=simulator/,
    )
    expect(() => loadConfig({ PAYMENTS_MODE: 'sandbox', ...SANDBOX, RAZORPAY_KEY_ID: LIVE.RAZORPAY_KEY_ID })).toThrow(
      /live payment keys are refused with PAYMENTS_MODE=sandbox/,
    )
    expect(createPaymentProviders(loadConfig({ PAYMENTS_MODE: 'sandbox' })).enabled).toEqual([])
  })

  it("needs each provider's keys together", () => {
    expect(() => loadConfig({ PAYMENTS_MODE: 'sandbox', RAZORPAY_KEY_ID: SANDBOX.RAZORPAY_KEY_ID })).toThrow(
      /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together/,
    )
    expect(() => loadConfig({ CASHFREE_CLIENT_SECRET: 'cfsk_ma_test_x' })).toThrow(/CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET together/)
    expect(() => loadConfig({ PAYMENT_HTTP_TIMEOUT_MS: '0' })).toThrow(/PAYMENT_HTTP_TIMEOUT_MS/)
    expect(() => loadConfig({ CASHFREE_API_VERSION: 'latest' })).toThrow(/CASHFREE_API_VERSION/)
  })

  it('names a provider that has no keys, and logs the mode with key-id tails only', () => {
    const providers = createPaymentProviders(
      loadConfig({ PAYMENTS_MODE: 'sandbox', CASHFREE_CLIENT_ID: SANDBOX.CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: SANDBOX.CASHFREE_CLIENT_SECRET }),
    )
    expect(providers.enabled).toEqual(['cashfree'])
    expect(() => providers.providerFor('razorpay')).toThrow(/razorpay: rejected \(NOT_CONFIGURED\)/)
    expect(providers.providerFor('cashfree')).toBe(providers.providerFor('cashfree'))
    const line = describePayments(loadConfig({ PAYMENTS_MODE: 'sandbox', ...SANDBOX }))
    expect(line).toBe('payments: mode=sandbox razorpay=rzp_test_…KlMn cashfree=TEST…4567')
    for (const secret of Object.values(SANDBOX).slice(1, 3)) expect(line).not.toContain(secret)
    expect(describePayments(loadConfig({}))).toBe('payments: mode=simulator razorpay=rzp_test_…emo1 cashfree=TEST_…T_ID')
  })
})
