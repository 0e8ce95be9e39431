import type { MessageTemplateName } from '../../../common/rules/message-templates'
import type { Db, Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import { AppError } from '../../platform/errors'
import { requireUser } from '../../platform/guards'
import * as q from './queries/messages'

/** The signed-in shopper's own number: the one their account signs in with. */
function ownMobile(ctx: RequestCtx) {
  const phone = requireUser(ctx).phone
  if (!phone) throw new AppError('not_found', 'Your account has no mobile number: add one to choose how messages reach you')
  return phone
}

export async function preferences(ctx: RequestCtx) {
  const mobile = ownMobile(ctx)
  const row = await q.findPreference(ctx.db, ctx.site.id, mobile)
  // no row: never asked, so no updates until the shopper opts in (WhatsApp's rule; docs/decisions/0052)
  return { mobile, channel: (row?.channel ?? 'whatsapp') as 'whatsapp' | 'sms', updates: row?.updates ?? false }
}

export async function savePreferences(ctx: RequestCtx, input: { channel: 'whatsapp' | 'sms'; updates: boolean }) {
  const mobile = ownMobile(ctx)
  const row = await q.savePreference(ctx.db, ctx.site.id, mobile, input.channel, input.updates, 'account')
  return { mobile, channel: row.channel as 'whatsapp' | 'sms', updates: row.updates }
}

/** The shopper ticked "Send me order updates" at checkout: the number the order's updates go to is opted in. */
export const optInAtCheckout = (db: Db | Tx, websiteId: number, mobile: string) => q.optIn(db, websiteId, mobile, 'checkout')

/**
 * May an order update go to this number? Only after an opt-in (checkout's tick or the account screen). When not, the
 * skip is logged (`opted_out`, the template named) so the staff see why nothing went.
 */
export async function mayUpdate(db: Db, websiteId: number, mobile: string, template: MessageTemplateName | undefined) {
  if ((await q.findPreference(db, websiteId, mobile))?.updates) return true
  if (template)
    await q.insertMessage(db, { websiteId, toMobile: mobile, template, channel: 'none', provider: 'none', providerTemplate: '', status: 'opted_out' })
  return false
}

/** The staff's log: who, template, channel, status, cost units; never the text or the variables. */
export async function messageLog(ctx: Pick<RequestCtx, 'db' | 'site'>, filters: q.LogFilters = {}) {
  const rows = await q.listMessages(ctx.db, ctx.site.id, 100, filters)
  return {
    data: rows.map((r) => ({
      id: r.id,
      to: r.toMobile,
      template: r.template,
      channel: r.channel,
      provider_template: r.providerTemplate,
      status: r.status,
      error_code: r.errorCode,
      fallback_of: r.fallbackOf,
      cost_units: r.costUnits,
      created_at: r.createdAt.toISOString(),
      status_at: r.statusAt.toISOString(),
    })),
  }
}
