import type { PaymentMethodsAnswer, PaymentMethodsInput, TestConnectionInput } from '../../../common/contracts/admin-payments'
import { toPaise, toRupees } from '../../../common/money'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import * as siteSettings from '../site-settings/service'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import { isCashfreeLiveCredential, isCashfreeTestCredential, isRazorpayLiveKey, isRazorpayTestKey } from '../../platform/payments-config'
import { offeredBy, ownCashfree, ownRazorpay, type SealedColumn, sealContext, secretBox, shopKeys } from './methods'
import type { PaymentProviders } from './providers/registry'
import { PaymentProviderError, type ProviderName } from './providers/types'
import { findSettings, insertSettings, type SettingsRow, updateSettings } from './queries'

/**
 * Staff calls of a website's payment methods (docs/decisions/0022-payment-methods.md). Secrets are sealed before
 * they reach the database and are never answered or audited: the audit row keeps "set" or "not set", the last
 * four characters of a key id, and which secrets a save changed.
 */

const ENTITY = { entity: 'payment_settings', label: 'Payment methods' }
const WEBHOOK_PATH = '/s/api/payments/webhooks'

const tail = (v: string | null | undefined) => (v ? `…${v.slice(-4)}` : null)
const isSet = (v: string | null | undefined) => (v ? 'set' : 'not set')

/** The record as the audit log keeps it: nothing secret, nothing a key could be rebuilt from. */
const auditRecord = (r: SettingsRow, platformAccount: boolean) => ({
  platform_account: platformAccount,
  cod_enabled: r.codEnabled,
  cod_max_order_value: r.codMaxPaise === null ? null : toRupees(r.codMaxPaise),
  razorpay_enabled: r.razorpayEnabled,
  razorpay_key_id: tail(r.razorpayKeyId),
  razorpay_key_secret: isSet(r.razorpayKeySecret),
  razorpay_webhook_secret: isSet(r.razorpayWebhookSecret),
  cashfree_enabled: r.cashfreeEnabled,
  cashfree_client_id: tail(r.cashfreeClientId),
  cashfree_client_secret: isSet(r.cashfreeClientSecret),
  version: r.version,
})

/** No row yet: what the website offers now (its settings' list, else everything), as an unsaved row. */
function implied(ctx: StaffCtx): SettingsRow {
  const offered = offeredBy(null, ctx.site.settings.paymentMethods, ctx.config, ctx.site.platformPayments).methods
  return {
    websiteId: ctx.site.id,
    codEnabled: offered.includes('cod'),
    codMaxPaise: null,
    razorpayEnabled: offered.includes('razorpay'),
    razorpayKeyId: null,
    razorpayKeySecret: null,
    razorpayWebhookSecret: null,
    cashfreeEnabled: offered.includes('cashfree'),
    cashfreeClientId: null,
    cashfreeClientSecret: null,
    version: 1,
    updatedAt: new Date(0),
  }
}

function answer(ctx: StaffCtx, r: SettingsRow, origin: string, platformAccount = ctx.site.platformPayments): PaymentMethodsAnswer {
  const shop = shopKeys(ctx.config, platformAccount)
  const source = (own: boolean, shopHas: boolean) => (own ? 'own' : shopHas ? 'shop' : 'none') as 'own' | 'shop' | 'none'
  return {
    mode: ctx.config.PAYMENTS_MODE,
    cod: { enabled: r.codEnabled, max_order_value: r.codMaxPaise === null ? null : toRupees(r.codMaxPaise) },
    razorpay: {
      enabled: r.razorpayEnabled,
      key_id: r.razorpayKeyId,
      key_secret_set: Boolean(r.razorpayKeySecret),
      webhook_secret_set: Boolean(r.razorpayWebhookSecret),
      keys: source(ownRazorpay(r), shop.razorpay),
      webhook_url: `${origin}${WEBHOOK_PATH}/razorpay/${ctx.site.id}`,
    },
    cashfree: {
      enabled: r.cashfreeEnabled,
      client_id: r.cashfreeClientId,
      client_secret_set: Boolean(r.cashfreeClientSecret),
      keys: source(ownCashfree(r), shop.cashfree),
      webhook_url: `${origin}${WEBHOOK_PATH}/cashfree/${ctx.site.id}`,
    },
    platform_account: { allowed: platformAccount, can_change: ctx.user.superadmin },
    version: r.version,
  }
}

export async function getPaymentMethods(ctx: StaffCtx, origin: string): Promise<PaymentMethodsAnswer> {
  return answer(ctx, (await findSettings(ctx.db, ctx.site.id)) ?? implied(ctx), origin)
}

const PROVIDER_LABEL: Record<ProviderName, string> = { razorpay: 'Razorpay', cashfree: 'Cashfree' }

/** Keys that do not fit the mode: live keys outside live mode, test keys in it (as config refuses them for the process). */
function modeProblem(mode: string, provider: ProviderName, id: string, secret: string | null): string | null {
  const live = provider === 'razorpay' ? isRazorpayLiveKey(id) : isCashfreeLiveCredential(secret ?? '')
  const test = provider === 'razorpay' ? isRazorpayTestKey(id) : isCashfreeTestCredential(id, secret ?? '')
  if (mode === 'live' && test) return `These are ${PROVIDER_LABEL[provider]} test keys: this shop takes real payments, so enter live keys`
  if (mode !== 'live' && live) return `These are ${PROVIDER_LABEL[provider]} live keys: this shop runs in ${mode} mode, so enter test keys`
  return null
}

export async function updatePaymentMethods(ctx: StaffWriteCtx, input: PaymentMethodsInput, origin: string): Promise<Result<PaymentMethodsAnswer>> {
  const websiteId = ctx.site.id
  const existing = await findSettings(ctx.db, websiteId, true)
  const before = existing ?? implied(ctx)
  await expectVersion(
    ctx,
    { entity: ENTITY.entity, id: websiteId, label: ENTITY.label },
    input.version,
    {
      version: before.version,
      record: auditRecord(before, ctx.site.platformPayments),
    },
    answer(ctx, before, origin),
  )

  const box = secretBox(ctx.config)
  const seal = (column: SealedColumn, plain: string) => box.seal(plain, sealContext(websiteId, column))
  const errors: Record<string, string> = {}
  const changedSecrets: string[] = []
  const platformAccount = input.platform_account ?? ctx.site.platformPayments
  if (platformAccount !== ctx.site.platformPayments && !ctx.user.superadmin) {
    return fail('forbidden', 'Only a superadmin can let this website take payments through the platform’s account')
  }
  const shop = shopKeys(ctx.config, platformAccount)
  const mode = ctx.config.PAYMENTS_MODE

  // Razorpay: an empty key id removes the website's keys; a new key id needs its own secret.
  const rzp = input.razorpay
  let razorpay = { keyId: null as string | null, keySecret: null as string | null, webhookSecret: null as string | null }
  if (rzp.key_id) {
    const sameKey = rzp.key_id === before.razorpayKeyId
    const keySecret = rzp.key_secret ? seal('razorpayKeySecret', rzp.key_secret) : sameKey ? before.razorpayKeySecret : null
    const webhookSecret = rzp.webhook_secret ? seal('razorpayWebhookSecret', rzp.webhook_secret) : before.razorpayWebhookSecret
    if (!keySecret) errors['razorpay.key_secret'] = sameKey ? 'Enter the key secret' : 'Enter the key secret of this key id'
    if (!webhookSecret) errors['razorpay.webhook_secret'] = 'Enter the webhook secret set for this shop’s webhook in the Razorpay dashboard'
    const problem = modeProblem(mode, 'razorpay', rzp.key_id, null)
    if (problem) errors['razorpay.key_id'] = problem
    if (rzp.key_secret && keySecret !== before.razorpayKeySecret) changedSecrets.push('razorpay key secret changed')
    if (rzp.webhook_secret) changedSecrets.push('razorpay webhook secret changed')
    razorpay = { keyId: rzp.key_id, keySecret, webhookSecret }
  } else if (rzp.enabled && !shop.razorpay) errors['razorpay.key_id'] = 'Enter the key id and secrets to turn Razorpay on'
  if (before.razorpayKeyId && !rzp.key_id) changedSecrets.push('razorpay keys removed')

  const cf = input.cashfree
  let cashfree = { clientId: null as string | null, clientSecret: null as string | null }
  if (cf.client_id) {
    const sameId = cf.client_id === before.cashfreeClientId
    const clientSecret = cf.client_secret ? seal('cashfreeClientSecret', cf.client_secret) : sameId ? before.cashfreeClientSecret : null
    if (!clientSecret) errors['cashfree.client_secret'] = sameId ? 'Enter the client secret' : 'Enter the client secret of this client id'
    const problem = modeProblem(mode, 'cashfree', cf.client_id, cf.client_secret || null)
    if (problem) errors['cashfree.client_id'] = problem
    if (cf.client_secret) changedSecrets.push('cashfree client secret changed')
    cashfree = { clientId: cf.client_id, clientSecret }
  } else if (cf.enabled && !shop.cashfree) errors['cashfree.client_id'] = 'Enter the client id and secret to turn Cashfree on'
  if (before.cashfreeClientId && !cf.client_id) changedSecrets.push('cashfree keys removed')

  if (!input.cod.enabled && !rzp.enabled && !cf.enabled) errors['cod.enabled'] = 'Keep at least one payment method on, or shoppers cannot order'
  if (Object.keys(errors).length) return invalidFields(errors)

  const values = {
    codEnabled: input.cod.enabled,
    codMaxPaise: input.cod.max_order_value === null ? null : toPaise(input.cod.max_order_value),
    razorpayEnabled: rzp.enabled,
    razorpayKeyId: razorpay.keyId,
    razorpayKeySecret: razorpay.keySecret,
    razorpayWebhookSecret: razorpay.webhookSecret,
    cashfreeEnabled: cf.enabled,
    cashfreeClientId: cashfree.clientId,
    cashfreeClientSecret: cashfree.clientSecret,
    updatedAt: new Date(),
  }
  const saved = await staffWrite(
    ctx,
    { action: 'payment_settings.update', entity: ENTITY.entity, data: { secrets: changedSecrets }, changesStorefront: true },
    async (tx) => {
      const row = existing ? await updateSettings(tx, websiteId, values) : await insertSettings(tx, websiteId, values)
      if (platformAccount !== ctx.site.platformPayments) await siteSettings.setPlatformPayments(tx, websiteId, platformAccount)
      const before = existing ? auditRecord(existing, ctx.site.platformPayments) : null
      return { result: row, id: websiteId, before, after: auditRecord(row, platformAccount) }
    },
  )
  return ok(answer(ctx, saved, origin, platformAccount))
}

/**
 * Signs in to the provider with the keys given, else the saved ones, else the shop's, through the same SDK and
 * address as payments (the simulator's APIs in simulator mode, which check keys as the providers do).
 */
export async function testConnection(ctx: StaffCtx, base: PaymentProviders, input: TestConnectionInput) {
  const row = await findSettings(ctx.db, ctx.site.id)
  const box = secretBox(ctx.config)
  const saved = (column: SealedColumn) => (row?.[column] ? box.open(row[column], sealContext(ctx.site.id, column)) : null)
  const c = ctx.config
  let keyId: string
  let providers: PaymentProviders
  if (input.provider === 'razorpay') {
    keyId = input.key_id || row?.razorpayKeyId || c.RAZORPAY_KEY_ID || ''
    const secret =
      input.key_secret || (keyId === row?.razorpayKeyId ? saved('razorpayKeySecret') : null) || (keyId === c.RAZORPAY_KEY_ID ? c.RAZORPAY_KEY_SECRET : null)
    if (!keyId || !secret) return { ok: false, message: 'Enter the key id and key secret to test them', key_id: tail(keyId) ?? '' }
    providers = base.withKeys({ razorpay: { keyId, keySecret: secret, webhookSecret: saved('razorpayWebhookSecret') ?? secret } })
  } else {
    keyId = input.client_id || row?.cashfreeClientId || c.CASHFREE_CLIENT_ID || ''
    const secret =
      input.client_secret ||
      (keyId === row?.cashfreeClientId ? saved('cashfreeClientSecret') : null) ||
      (keyId === c.CASHFREE_CLIENT_ID ? c.CASHFREE_CLIENT_SECRET : null)
    if (!keyId || !secret) return { ok: false, message: 'Enter the client id and client secret to test them', key_id: tail(keyId) ?? '' }
    providers = base.withKeys({ cashfree: { clientId: keyId, clientSecret: secret } })
  }
  const name = PROVIDER_LABEL[input.provider]
  try {
    await providers.providerFor(input.provider).checkKeys()
    return { ok: true, message: `${name} accepted the keys (${tail(keyId)})`, key_id: tail(keyId)! }
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err
    const reason = err.detail ?? err.providerCode
    const message =
      err.kind === 'auth'
        ? `${name} refused the keys: ${reason}`
        : err.kind === 'unknown'
          ? `${name} did not answer (${reason}): try again in a moment`
          : `${name} answered: ${reason}`
    return { ok: false, message, key_id: tail(keyId)! }
  }
}
