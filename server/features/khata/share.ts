import { createHash, randomBytes } from 'node:crypto'
import type { KhataShareLink, SharedQr, SharedStatement } from '../../../common/contracts/khata-online'
import { toPaise, toRupees } from '../../../common/money'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { unguessableReference } from '../payments/providers/inputs'
import type { PaymentProviders } from '../payments/providers/registry'
import { PaymentProviderError, type ProviderName } from '../payments/providers/types'
import { providersFor } from '../payments/service'
import * as accounts from '../accounts/service'
import { khataAnswer } from './khata'
import { checkAmount, postOnline } from './online'
import * as q from './queries/khata'
import * as o from './queries/online'
import { requeryGate } from './requery-gate'

/**
 * The statement's share link (docs/decisions/0047-khata.md "Shared statements"): 32 random bytes, of which only the
 * SHA-256 is stored; it opens one khata's statement on the website that made it, until it expires, and pays it by a
 * dynamic UPI QR (the counter's path: Razorpay QR Codes, single use, fixed amount).
 */

export const SHARE_DAYS = 7
const QR_MINUTES = 15
export const GONE = 'This statement link is not valid: it may have expired. Ask the shop for a new one'
const NO_QR = 'UPI payments are not available online right now: please pay at the shop'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createShareLink(ctx: StaffWriteCtx, userId: number, origin: string): Promise<Result<KhataShareLink>> {
  const customer = await accounts.customerOfWebsite(ctx.db, ctx.site.id, userId)
  if (!customer) return fail('not_found', 'No customer with this id on this website')
  const account = await q.findAccount(ctx.db, ctx.site.id, userId)
  if (!account) return fail('invalid', `${customer.name || 'This customer'} has no khata: set a credit limit first`, { khata: 'No khata' })
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SHARE_DAYS * 86_400_000)
  return ok(
    await staffWrite(ctx, { action: 'khata.share', entity: 'khata' }, async (tx) => {
      const link = await o.insertShare(tx, { websiteId: ctx.site.id, khataId: account.id, tokenHash: hashOf(token), expiresAt, createdBy: ctx.user.id })
      return {
        result: { url: `${origin}/khata/${token}`, expires_at: expiresAt.toISOString() },
        id: account.id,
        before: null,
        after: { share_link_id: link.id, user_id: userId, expires_at: expiresAt },
      }
    }),
  )
}

export async function linkOf(ctx: RequestCtx, token: string) {
  const found = await o.findShare(ctx.db, ctx.site.id, hashOf(token), new Date())
  if (!found) return null
  const account = await q.findAccount(ctx.db, ctx.site.id, found.userId)
  const customer = await accounts.customerOfWebsite(ctx.db, ctx.site.id, found.userId)
  return account && customer ? { ...found, account, customer } : null
}

/** The website's provider that makes payment links (the one asked for, else the first enabled), or null. */
export async function linkProviderOf(ctx: RequestCtx, base: PaymentProviders, wanted?: ProviderName) {
  const providers = await providersFor(ctx.db, ctx.config, base, ctx.site.id)
  const name = (wanted ? [wanted] : providers.enabled).find((n) => providers.enabled.includes(n) && providers.providerFor(n).createPaymentLink)
  return name ? { providers, name, provider: providers.providerFor(name) } : null
}

async function razorpayOf(ctx: RequestCtx, base: PaymentProviders) {
  const providers = await providersFor(ctx.db, ctx.config, base, ctx.site.id)
  const razorpay = providers.enabled.includes('razorpay') ? providers.providerFor('razorpay') : null
  return razorpay?.createUpiQr && razorpay.fetchUpiQrPayments ? { providers, razorpay } : null
}

/** The statement a link shows: the customer's name, balance, ageing and ledger; who wrote each entry stays with the shop. */
export async function sharedStatement(ctx: RequestCtx, base: PaymentProviders, token: string): Promise<Result<SharedStatement>> {
  const link = await linkOf(ctx, token)
  if (!link) return fail('not_found', GONE)
  const khata = await khataAnswer(ctx.db, link.account, { userId: link.userId, name: link.customer.name || 'Customer', phone: null })
  return ok({
    shop: ctx.site.name,
    name: khata.name,
    balance: khata.balance,
    ageing: khata.ageing,
    entries: khata.entries.map(({ by: _by, ...e }) => e),
    expires_at: link.link.expiresAt.toISOString(),
    can_pay: (await razorpayOf(ctx, base)) !== null,
    can_pay_link: Boolean(link.customer.phone) && (await linkProviderOf(ctx, base)) !== null,
  })
}

const qrAnswer = (row: o.OnlineRow, balancePaise: number, now = Date.now()): SharedQr => ({
  qr_id: row.providerQrId!,
  image_url: row.imageUrl!,
  amount: toRupees(row.amountPaise),
  expires_at: row.closeBy!.toISOString(),
  status: row.status === 'paid' ? 'paid' : row.status === 'expired' || row.closeBy!.getTime() <= now ? 'expired' : 'pending',
  balance: toRupees(balancePaise),
})

/** "Pay ₹X": a QR for the balance (or the part asked), never more than is owed. */
export async function startSharedQr(ctx: RequestCtx, base: PaymentProviders, token: string, amount: number | undefined): Promise<Result<SharedQr>> {
  const link = await linkOf(ctx, token)
  if (!link) return fail('not_found', GONE)
  const paise = amount === undefined ? link.account.balancePaise : toPaise(amount)
  const allowed = checkAmount(link.account, paise)
  if (!allowed.ok) return allowed
  const pay = await razorpayOf(ctx, base)
  if (!pay) return fail('conflict', NO_QR)
  const closeBy = new Date(Date.now() + QR_MINUTES * 60_000)
  const reference = unguessableReference(`w${ctx.site.id}-K${link.account.id}`)
  let qr: Awaited<ReturnType<NonNullable<typeof pay.razorpay.createUpiQr>>>
  try {
    qr = await pay.razorpay.createUpiQr!({ websiteId: ctx.site.id, reference, amountPaise: paise, closeBy, name: ctx.site.name })
  } catch (err) {
    if (err instanceof PaymentProviderError) return fail('conflict', NO_QR)
    throw err
  }
  if (qr.amountPaise !== paise) return fail('conflict', NO_QR)
  const row = await o.insertOnline(ctx.db, {
    websiteId: ctx.site.id,
    khataId: link.account.id,
    way: 'upi_qr',
    provider: 'razorpay',
    account: pay.providers.accountOf('razorpay'),
    reference,
    providerQrId: qr.providerQrId,
    imageUrl: qr.imageUrl,
    closeBy: qr.closeBy ?? closeBy,
    shareLinkId: link.link.id,
    amountPaise: paise,
  })
  return ok(qrAnswer(row, link.account.balancePaise))
}

/** A pending QR is asked about at Razorpay once it is this old, and then at most this often (per process). */
export const REQUERY_AFTER_MS = 8_000
const REQUERY_EVERY_MS = 6_000
const qrRequeryDue = requeryGate(REQUERY_AFTER_MS, REQUERY_EVERY_MS)

/**
 * The QR's state for the page to poll. Still pending after a few seconds, it is asked about at Razorpay: a lost
 * `qr_code.credited` webhook then still posts the payment, by the same rule and lock as the webhook (`postOnline`).
 */
export async function getSharedQr(ctx: RequestCtx, base: PaymentProviders, token: string, qrId: string, now = Date.now()): Promise<Result<SharedQr>> {
  const link = await linkOf(ctx, token)
  const row = link ? await o.findOnlineByQr(ctx.db, ctx.site.id, qrId) : null
  if (!link || !row || row.khataId !== link.account.id) return fail('not_found', 'No such UPI QR')
  if (!qrRequeryDue(row, now)) return ok(qrAnswer(row, link.account.balancePaise))
  const pay = await razorpayOf(ctx, base)
  try {
    const payments = pay ? await pay.razorpay.fetchUpiQrPayments!(row.providerQrId!) : []
    const found = payments.find((p) => p.status === 'captured' && p.amountPaise === row.amountPaise && p.currency === 'INR')
    if (found)
      await ctx.db.transaction((tx) =>
        postOnline(tx, row.id, { providerPaymentId: found.providerPaymentId, amountPaise: found.amountPaise, currency: found.currency }),
      )
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err
  }
  const fresh = (await o.findOnlineByQr(ctx.db, ctx.site.id, qrId))!
  const account = (await q.findAccount(ctx.db, ctx.site.id, link.userId))!
  return ok(qrAnswer(fresh, account.balancePaise))
}
