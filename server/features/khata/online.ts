import type { KhataPayAnswer, KhataPayConfirm, KhataPayInput } from '../../../common/contracts/khata-online'
import { formatINR, toPaise } from '../../../common/money'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { unguessableReference } from '../payments/providers/inputs'
import type { PaymentProviders } from '../payments/providers/registry'
import { PaymentProviderError, type ProviderName, type WebhookEvent, type WebhookSite } from '../payments/providers/types'
import * as accounts from '../accounts/service'
import { NO_ADVANCE } from './khata'
import * as q from './queries/khata'
import * as o from './queries/online'

/**
 * Paying the khata online (docs/decisions/0047-khata.md "Paid online"): the shopper at /account through the provider's
 * checkout, or anyone holding a shared statement by a dynamic UPI QR. Never more than the balance when it starts; posted
 * to the ledger once, when the provider says it is paid (webhook, return callback or re-query, whichever comes first),
 * under the payment row's lock. If the balance fell in between (paid at the counter meanwhile), only what is still owed
 * goes on the ledger: the khata keeps no advance, and the row keeps both figures for the shop to refund the rest.
 */

const UNAVAILABLE = 'Paying online is not available right now: please try again in a moment or pay at the shop'

export interface Credit {
  providerPaymentId: string
  amountPaise: number
  currency: string
}

/** The one rule: the payment row locked, then the khata; paid once, of the amount asked, in INR. */
export async function postOnline(tx: Tx, id: number, credit: Credit): Promise<string> {
  const row = await o.lockOnline(tx, id)
  if (row.status === 'paid') return 'khata payment already posted'
  if (credit.currency !== 'INR' || credit.amountPaise !== row.amountPaise) return 'khata payment amount mismatch'
  const account = await q.lockAccountById(tx, row.khataId)
  const posted = Math.min(credit.amountPaise, account.balancePaise)
  const over = credit.amountPaise - posted
  const entry =
    posted > 0
      ? await q.appendEntry(tx, account, {
          kind: 'payment',
          amountPaise: -posted,
          method: row.way === 'upi_qr' ? 'upi' : 'online',
          reference: credit.providerPaymentId,
          reason: over > 0 ? `Paid ${formatINR(credit.amountPaise)}: ${formatINR(over)} more than was owed, to be refunded` : null,
          userId: null,
          device:
            row.way === 'upi_qr'
              ? 'shared statement: UPI QR'
              : row.way === 'link'
                ? `shared statement: payment link (${row.provider})`
                : `online: ${row.provider}`,
        })
      : null
  await o.markOnlinePaid(tx, row.id, {
    providerPaymentId: credit.providerPaymentId,
    paidPaise: credit.amountPaise,
    postedPaise: posted,
    entryId: entry?.id ?? null,
  })
  return 'khata payment posted'
}

function checkAmount(account: q.AccountRow | null, paise: number): Result<true> {
  if (!account || account.balancePaise <= 0) return fail('invalid', 'Nothing is owed on this khata', { amount: 'Nothing is owed' })
  if (paise > account.balancePaise) {
    const message = `${formatINR(paise)} ${NO_ADVANCE} (${formatINR(account.balancePaise)})`
    return fail('invalid', message, { amount: message })
  }
  return ok(true)
}

/** The shopper's payment of their own khata at the provider's checkout; the page opens it and then confirms. */
export async function startAccountPayment(
  ctx: RequestCtx & { user: { id: number; email?: string | null } },
  providers: PaymentProviders,
  input: KhataPayInput,
  origin: string,
): Promise<Result<KhataPayAnswer>> {
  const account = await q.findAccount(ctx.db, ctx.site.id, ctx.user.id)
  if (!account) return fail('not_found', 'You have no khata with this shop')
  const paise = toPaise(input.amount)
  const allowed = checkAmount(account, paise)
  if (!allowed.ok) return allowed
  const name = (input.provider ?? providers.enabled[0]) as ProviderName | undefined
  if (!name || !providers.enabled.includes(name)) return fail('invalid', 'This shop does not take that payment method online', { provider: 'Not offered' })
  const provider = providers.providerFor(name)
  const reference = unguessableReference(`w${ctx.site.id}-K${account.id}`)
  const row = await o.insertOnline(ctx.db, {
    websiteId: ctx.site.id,
    khataId: account.id,
    way: 'checkout',
    provider: name,
    account: providers.accountOf(name),
    reference,
    amountPaise: paise,
  })
  const customer = await accounts.customerOfWebsite(ctx.db, ctx.site.id, ctx.user.id)
  const phone = customer?.phone ?? ''
  try {
    const made = await provider.createOrder(
      {
        websiteId: ctx.site.id,
        orderNumber: `KHATA-${account.id}`,
        attempt: row.id,
        reference,
        amountPaise: paise,
        customer: { id: String(ctx.user.id), phone, ...(customer?.name ? { name: customer.name } : {}), ...(ctx.user.email ? { email: ctx.user.email } : {}) },
        returnUrl: `${origin}/account?khata_payment=${row.id}`,
        notes: { khata: String(account.id) },
      },
      { idempotencyKey: reference },
    )
    if (made.amountPaise !== paise) return fail('conflict', UNAVAILABLE)
    await o.setProviderOrder(ctx.db, row.id, made.providerOrderId)
    const c = made.checkout
    const base = {
      payment_id: row.id,
      provider: name,
      script_url: c.scriptUrl,
      provider_order_id: made.providerOrderId,
      amount: paise,
      currency: made.currency,
    }
    return ok('keyId' in c ? { ...base, key_id: c.keyId } : { ...base, payment_session_id: c.paymentSessionId, mode: c.mode })
  } catch (err) {
    if (err instanceof PaymentProviderError) return fail('conflict', UNAVAILABLE)
    throw err
  }
}

/**
 * The return from the provider's checkout: the browser's signature is only a hint; what counts is the provider's own
 * status, fetched server to server, and each captured payment goes through `postOnline` (the webhook may be there first).
 */
export async function confirmAccountPayment(
  ctx: RequestCtx & { user: { id: number } },
  providersOf: (made: { provider: string; account: string | null }) => Promise<PaymentProviders>,
  id: number,
  hint: Record<string, string | undefined>,
): Promise<Result<KhataPayConfirm>> {
  const account = await q.findAccount(ctx.db, ctx.site.id, ctx.user.id)
  const row = account ? await o.findOnline(ctx.db, ctx.site.id, account.id, id) : null
  if (!row || row.way !== 'checkout') return fail('not_found', 'No such payment')
  const answer = async (status: KhataPayConfirm['status'], message: string) => {
    const now = (await o.findOnline(ctx.db, ctx.site.id, row.khataId, id))!
    return ok({ status, message, amount: now.amountPaise / 100, posted: (now.postedPaise ?? 0) / 100 })
  }
  if (row.status === 'paid') return answer('paid', 'Payment received')
  if (!row.providerOrderId) return fail('conflict', 'This payment was not started')
  const provider = (await providersOf(row)).providerFor(row.provider as ProviderName)
  try {
    if (Object.values(hint).some(Boolean)) {
      const check = provider.verifyClientReturn(hint, row.providerOrderId)
      if (!check.verified && check.reason !== 'fetch_required') return fail('invalid', 'The payment could not be verified')
    }
    const status = await provider.fetchStatus(row.providerOrderId)
    const captured = status.payments.find((p) => p.status === 'captured')
    if (captured) {
      await ctx.db.transaction((tx) =>
        postOnline(tx, row.id, { providerPaymentId: captured.id, amountPaise: captured.amountPaise, currency: captured.currency }),
      )
      const now = (await o.findOnline(ctx.db, ctx.site.id, row.khataId, id))!
      if (now.status === 'paid') return answer('paid', 'Payment received')
      return answer('failed', 'The amount paid does not match: it will be refunded')
    }
    if (status.state === 'failed') return answer('failed', 'The payment did not go through: you can try again')
  } catch (err) {
    if (err instanceof PaymentProviderError) return answer('pending', UNAVAILABLE)
    throw err
  }
  return answer('pending', 'We have not received the payment yet. If you paid, this will update in a moment.')
}

/** A khata payment a provider order's webhook is about (the checkout's webhook asks this before its own orders). */
export const onlineByProviderOrder = (db: Db, site: WebhookSite, provider: string, providerOrderId: string) =>
  o.findOnlineByOrder(db, site, provider, providerOrderId)

/** A provider order's webhook about a khata payment, in the webhook's transaction after its event was stored once. */
export async function khataOrderWebhook(tx: Tx, id: number, event: WebhookEvent): Promise<string> {
  if (event.kind === 'payment.failed' || event.kind === 'payment.dropped') return 'khata payment failed'
  if (event.kind !== 'payment.captured' && event.kind !== 'order.paid') return 'ignored'
  if (!event.providerPaymentId || event.amountPaise === undefined || !event.currency) return 'incomplete'
  return postOnline(tx, id, { providerPaymentId: event.providerPaymentId, amountPaise: event.amountPaise, currency: event.currency })
}

/** A dynamic QR's webhook about a khata payment (a shared statement's "Pay"); 'unknown qr' when it is not one. */
export async function khataQrWebhook(tx: Tx, event: WebhookEvent, site: WebhookSite): Promise<string> {
  if (!event.providerQrId) return 'incomplete'
  const row = await o.findOnlineByQr(tx, site, event.providerQrId)
  if (!row) return 'unknown qr'
  if (event.kind === 'qr.closed') {
    if (row.status === 'pending') await o.markOnlineExpired(tx, row.id)
    return 'qr closed'
  }
  if (!event.providerPaymentId || event.amountPaise === undefined) return 'incomplete'
  return postOnline(tx, row.id, { providerPaymentId: event.providerPaymentId, amountPaise: event.amountPaise, currency: event.currency ?? '' })
}

export { checkAmount }
