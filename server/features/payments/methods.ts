import { PAYMENT_METHODS } from '../../../common/contracts/site-settings'
import { formatINR } from '../../../common/money'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { createSecretBox, type SecretBox, settingsKey } from '../../platform/secret-box'
import type { OwnKeys, PaymentProviders } from './providers/registry'
import { findSettings, type SettingsRow } from './queries'

/**
 * A website's payment methods (docs/decisions/0022-payment-methods.md): which are offered, the cash-on-delivery
 * limit, and the keys its online payments are made with: its own when saved (sealed in payment_settings), else the
 * process's. No row: what the website offered before this existed (its settings' list, else all three).
 */
export type SealedColumn = 'razorpayKeySecret' | 'razorpayWebhookSecret' | 'cashfreeClientSecret'

const boxes = new WeakMap<Config, SecretBox>()
/** the box of this process's key, made on first use (development keeps a generated key in the data directory) */
export function secretBox(config: Config): SecretBox {
  let box = boxes.get(config)
  if (!box) {
    box = createSecretBox(settingsKey(config))
    boxes.set(config, box)
  }
  return box
}

/** What a sealed value is bound to: the same bytes in another website's row or another column do not open. */
export const sealContext = (websiteId: number, column: SealedColumn) => `payment_settings:${websiteId}:${column}`

/**
 * Whether this website may use the process's (platform's) keys for each provider: only when a superadmin let it
 * (websites.platform_payments, issue 29) and the process has them (the demo keys in simulator mode).
 */
export const shopKeys = (config: Config, platformAllowed: boolean) => ({
  razorpay: platformAllowed && Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET),
  cashfree: platformAllowed && Boolean(config.CASHFREE_CLIENT_ID && config.CASHFREE_CLIENT_SECRET),
})

export const ownRazorpay = (row: SettingsRow | null) => Boolean(row?.razorpayKeyId && row.razorpayKeySecret && row.razorpayWebhookSecret)
export const ownCashfree = (row: SettingsRow | null) => Boolean(row?.cashfreeClientId && row.cashfreeClientSecret)

export interface Offered {
  methods: string[]
  /** cash on delivery only up to this order total (paise); null: no limit */
  codMaxPaise: number | null
  /** online payment is off because the shop saved no keys of its own and may not use the platform's (issue 29) */
  awaitingKeys: boolean
}

/**
 * What a website offers. Online payment needs the shop's own keys, or a superadmin's leave to use the platform's
 * (`platformAllowed`); until then a new website offers cash on delivery only.
 */
export function offeredBy(row: SettingsRow | null, fallback: string[] | undefined, config: Config, platformAllowed: boolean): Offered {
  if (!row) {
    const listed = fallback ?? [...PAYMENT_METHODS]
    return platformAllowed ? { methods: listed, codMaxPaise: null, awaitingKeys: false } : { methods: ['cod'], codMaxPaise: null, awaitingKeys: true }
  }
  const shop = shopKeys(config, platformAllowed)
  const on = {
    cod: row.codEnabled,
    razorpay: row.razorpayEnabled && (ownRazorpay(row) || shop.razorpay),
    cashfree: row.cashfreeEnabled && (ownCashfree(row) || shop.cashfree),
  }
  const awaitingKeys = !on.razorpay && !on.cashfree && !ownRazorpay(row) && !ownCashfree(row) && !platformAllowed
  return { methods: PAYMENT_METHODS.filter((m) => on[m]), codMaxPaise: row.codEnabled ? row.codMaxPaise : null, awaitingKeys }
}

export const AWAITING_KEYS_MESSAGE = 'This shop takes cash on delivery only until it saves its own payment keys: please choose cash on delivery'

export const codLimitMessage = (maxPaise: number) => `Cash on delivery is available for orders up to ${formatINR(maxPaise)}. Please pay online.`

/** The website's own keys, opened; a provider without a complete set is left out (the process's keys apply). */
export function ownKeys(row: SettingsRow | null, box: SecretBox): OwnKeys {
  const keys: OwnKeys = {}
  if (!row) return keys
  const open = (column: SealedColumn) => box.open(row[column]!, sealContext(row.websiteId, column))
  if (ownRazorpay(row)) keys.razorpay = { keyId: row.razorpayKeyId!, keySecret: open('razorpayKeySecret'), webhookSecret: open('razorpayWebhookSecret') }
  if (ownCashfree(row)) keys.cashfree = { clientId: row.cashfreeClientId!, clientSecret: open('cashfreeClientSecret') }
  return keys
}

/**
 * The providers a website's payments go through: its own keys where saved, the process's for the rest. With `made`
 * (a provider order made before), the keys it was made with: the shop's when it was made with them (or before
 * that was recorded), so that a website that saved its own keys since still confirms and refunds it.
 */
export async function providersFor(
  db: Db | Tx,
  config: Config,
  base: PaymentProviders,
  websiteId: number,
  made?: { provider: string; account: string | null },
): Promise<PaymentProviders> {
  const keys = ownKeys(await findSettings(db, websiteId), secretBox(config))
  if (made && (made.provider === 'razorpay' || made.provider === 'cashfree')) {
    const own = made.provider === 'razorpay' ? keys.razorpay?.keyId : keys.cashfree?.clientId
    if (made.account === null || (made.account !== own && made.account === base.accountOf(made.provider))) return base
  }
  return keys.razorpay || keys.cashfree ? base.withKeys(keys) : base
}
