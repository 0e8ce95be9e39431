import type { SharedPayLink } from '../../../common/contracts/khata-online'
import { toPaise, toRupees } from '../../../common/money'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import { unguessableReference } from '../payments/providers/inputs'
import type { PaymentProviders } from '../payments/providers/registry'
import { providersFor } from '../payments/service'
import { PaymentProviderError, type ProviderName } from '../payments/providers/types'
import { checkAmount } from './online'
import { linkRequeryDue, requeryLink } from './pay-link-requery'
import * as q from './queries/khata'
import * as o from './queries/online'
import { GONE, linkOf, linkProviderOf } from './share'

/**
 * "Pay ₹X" on a shared statement by the provider's hosted payment link (Razorpay or Cashfree Payment Links): card,
 * netbanking or any UPI app, for a customer who cannot scan a QR shown on their own phone. Never more than the balance
 * when it starts (422); the link's id is the row's provider order, so its webhook (`payment_link.paid` / Cashfree's
 * link event, both `order.paid`) posts it through the checkout webhook's khata branch and `postOnline`, once.
 */

/** Razorpay refuses a link that expires in under 15 minutes. */
const LINK_MINUTES = 30
const NO_LINK = 'Paying by payment link is not available right now: pay by UPI QR or at the shop'

const linkAnswer = (row: o.OnlineRow, url: string | null, balancePaise: number, now = Date.now()): SharedPayLink => ({
  payment_id: row.id,
  provider: row.provider as SharedPayLink['provider'],
  ...(url ? { url } : {}),
  amount: toRupees(row.amountPaise),
  expires_at: row.closeBy!.toISOString(),
  status: row.status === 'paid' ? 'paid' : row.status === 'expired' || row.closeBy!.getTime() <= now ? 'expired' : 'pending',
  balance: toRupees(balancePaise),
})

export async function startSharedPayLink(
  ctx: RequestCtx,
  base: PaymentProviders,
  token: string,
  input: { amount?: number; provider?: ProviderName },
  origin: string,
): Promise<Result<SharedPayLink>> {
  const link = await linkOf(ctx, token)
  if (!link) return fail('not_found', GONE)
  const paise = input.amount === undefined ? link.account.balancePaise : toPaise(input.amount)
  const allowed = checkAmount(link.account, paise)
  if (!allowed.ok) return allowed
  const pay = await linkProviderOf(ctx, base, input.provider)
  if (!pay) return fail('conflict', NO_LINK)
  const phone = link.customer.phone
  if (!phone) return fail('conflict', 'This khata has no mobile number for a payment link: pay by UPI QR or at the shop')
  const expireBy = new Date(Date.now() + LINK_MINUTES * 60_000)
  const reference = unguessableReference(`w${ctx.site.id}-K${link.account.id}`)
  const row = await o.insertOnline(ctx.db, {
    websiteId: ctx.site.id,
    khataId: link.account.id,
    way: 'link',
    provider: pay.name,
    account: pay.providers.accountOf(pay.name),
    reference,
    closeBy: expireBy,
    shareLinkId: link.link.id,
    amountPaise: paise,
  })
  try {
    const made = await pay.provider.createPaymentLink!({
      websiteId: ctx.site.id,
      orderNumber: `KHATA-${link.account.id}`,
      attempt: row.id,
      reference,
      amountPaise: paise,
      customer: { name: link.customer.name || 'Customer', phone },
      expireBy,
      description: `${ctx.site.name} khata of ${link.customer.name || 'a customer'}`,
      callbackUrl: `${origin}/khata/${token}?paid=${row.id}`,
    })
    if (made.amountPaise !== paise || made.status !== 'open') return fail('conflict', NO_LINK)
    await o.setProviderOrder(ctx.db, row.id, made.providerLinkId)
    return ok(linkAnswer({ ...row, providerOrderId: made.providerLinkId }, made.url, link.account.balancePaise))
  } catch (err) {
    if (err instanceof PaymentProviderError) return fail('conflict', NO_LINK)
    throw err
  }
}

/**
 * A shared statement's payment link, for the page to poll after the customer comes back from paying. Still pending
 * after half a minute, the provider is asked (at most every few seconds per row): a lost webhook's payment is posted.
 */
export async function getSharedPayLink(ctx: RequestCtx, base: PaymentProviders, token: string, id: number, now = Date.now()): Promise<Result<SharedPayLink>> {
  const link = await linkOf(ctx, token)
  let row = link ? await o.findOnline(ctx.db, ctx.site.id, link.account.id, id) : null
  if (!link || !row || row.way !== 'link' || !row.providerOrderId) return fail('not_found', 'No such payment')
  if (linkRequeryDue(row, now)) {
    try {
      await requeryLink(ctx.db, await providersFor(ctx.db, ctx.config, base, ctx.site.id, row), row)
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err
    }
    row = (await o.findOnline(ctx.db, ctx.site.id, link.account.id, id))!
  }
  const account = (await q.findAccount(ctx.db, ctx.site.id, link.userId))!
  return ok(linkAnswer(row, null, account.balancePaise))
}
