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
  return { mobile, channel: (row?.channel ?? 'whatsapp') as 'whatsapp' | 'sms', updates: row?.updates ?? true }
}

export async function savePreferences(ctx: RequestCtx, input: { channel: 'whatsapp' | 'sms'; updates: boolean }) {
  const mobile = ownMobile(ctx)
  const row = await q.savePreference(ctx.db, ctx.site.id, mobile, input.channel, input.updates)
  return { mobile, channel: row.channel as 'whatsapp' | 'sms', updates: row.updates }
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
