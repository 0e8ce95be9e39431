import type { ConfirmKhataConsentBody, KhataConsentBody, KhataCustomer } from '../../../common/contracts/pos-khata'
import type { ConsentRequested } from '../../../common/contracts/agents'
import type { Db, Tx } from '../../db/client'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffCtx, type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import type { OtpDelivery } from '../accounts/otp-delivery/index'
import * as accounts from '../accounts/service'
import { customerAccount } from './queries/sales'

/**
 * "On khata" for a number that is not a customer of this website yet: the customer agrees with a consent code, the
 * way a sales agent's new customer does (docs/decisions/0034, 0047) — the same codes (`agent_consent`: 6 digits,
 * 5 minutes, 5 tries, bound to the website, the number and the cashier's session, sign-in's limits counted apart),
 * with the counter's words. Until then the sale's khata part is refused (`khataConsentNeeded`).
 */

const CONSENT_MINUTES = 5

async function customerHere(db: Db | Tx, websiteId: number, mobile: string): Promise<KhataCustomer | null> {
  const here = await accounts.customerHereByPhone(db, websiteId, mobile)
  return here ? { id: here.userId, name: here.name || 'Customer', phone: mobile } : null
}

export async function findKhataCustomer(ctx: StaffCtx, mobile: string) {
  return { customer: await customerHere(ctx.db, ctx.site.id, mobile) }
}

/**
 * A customer here already: nothing is sent. Anyone else (an account elsewhere, or none): a consent code goes to the
 * number. It records nothing of the person (only the code, counted with sign-in's limits), so it is a staff read: no
 * transaction is held while the message goes out.
 */
export async function askConsent(
  ctx: StaffCtx,
  delivery: OtpDelivery,
  ip: string,
  input: KhataConsentBody,
): Promise<Result<{ customer: KhataCustomer } | ConsentRequested> | accounts.Refusal> {
  const here = await customerHere(ctx.db, ctx.site.id, input.mobile)
  if (here) return ok({ customer: here })
  const sent = await accounts.sendConsentCode(ctx, delivery, input.mobile, ip, ctx.user.name || 'the shop', true)
  if (!sent.ok) return sent
  return ok({ consent: 'code_sent' as const, mobile: input.mobile, name: input.name?.trim() || 'Customer', minutes: CONSENT_MINUTES })
}

/**
 * The code the customer read out: they agree, and become this website's customer with the name typed (else
 * "Customer") and the number, nothing of what they gave other websites. A refused code is answered, not thrown, and
 * audited, so the call commits and the wrong try counts towards the code's five.
 */
export async function confirmConsent(ctx: StaffWriteCtx, input: ConfirmKhataConsentBody): Promise<Result<{ customer: KhataCustomer }> | accounts.Refusal> {
  const checked = await accounts.checkConsentCode(ctx, input.mobile, input.code)
  if (!checked.ok) {
    const refused = checked.fieldErrors?.otp ? { ...checked, fieldErrors: { code: checked.fieldErrors.otp } } : checked
    await staffWrite(ctx, { action: 'khata.consent.refused', entity: 'khata_consent' }, async () => ({
      result: null,
      id: input.mobile,
      before: null,
      after: { mobile: input.mobile, refused: refused.message },
    }))
    return refused
  }
  const name = input.name?.trim() || 'Customer'
  const customer = await staffWrite(ctx, { action: 'khata.consent.confirm', entity: 'customer' }, async (tx) => {
    const id = await customerAccount(tx, input.mobile)
    await accounts.recordGivenHere(tx, ctx.site.id, id, { name, phone: input.mobile })
    const c = (await customerHere(tx, ctx.site.id, input.mobile)) ?? { id, name, phone: input.mobile }
    return { result: c, id, before: null, after: { consent: 'khata', phone: input.mobile } }
  })
  return ok({ customer })
}

/**
 * A sale's khata part for a number that is not a customer here is refused (422), naming the consent step; a
 * customer here (by the number this website was given) goes on.
 */
export async function khataConsentNeeded(db: Db | Tx, websiteId: number, mobile: string): Promise<Result<null>> {
  if (await accounts.customerHereByPhone(db, websiteId, mobile)) return ok(null)
  const message = `${mobile} is not a customer of this shop yet: a khata needs their consent. Send them a consent code (On khata → Send consent code) and enter the code they read out, then sell again`
  return fail('invalid', message, { customer_phone: message })
}
