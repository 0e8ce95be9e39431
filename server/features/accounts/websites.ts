import { createHash, randomBytes } from 'node:crypto'
import type { ManagedWebsite } from '../../../common/contracts/accounts'
import { AppError, notFound } from '../../platform/errors'
import { requireSuperadmin } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import * as pages from '../pages/service'
import * as siteSettings from '../site-settings/service'
import * as q from './queries'
import { type SignedIn, startSession } from './service'
import { newWebsiteSettings } from './website-defaults'

/**
 * Superadmin tools (spec §1, §2 /auth/bos/*). Sessions belong to one website, so switching hands the sign-in
 * over with a one-time token: docs/decisions/0006-sign-in-and-website-switching.md.
 */
export const SWITCH_TOKEN_TTL_MS = 60_000
/** The page at the target website that redeems the token; the token travels in the #fragment, so no server or proxy logs it. */
export const SWITCH_PATH = '/auth/bos/switch'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * The origin to send a browser to. Outside production a *.localhost or localhost origin answers on any port
 * (CONTRACT), so it keeps the port this request came in on: the demo works on whatever port it runs.
 */
function reachableOrigin(ctx: RequestCtx, origins: string[], here: string): string {
  const origin = origins[0]
  if (ctx.config.NODE_ENV === 'production') return origin
  const target = new URL(origin)
  const current = new URL(here)
  if (target.hostname === 'localhost' || target.hostname.endsWith('.localhost')) target.port = current.port
  return target.origin
}

async function managed(ctx: RequestCtx, here: string): Promise<ManagedWebsite[]> {
  const user = requireSuperadmin(ctx)
  const ids = (await q.listSuperadminWebsiteIds(ctx.db, user.id)).map((r) => r.websiteId)
  const sites = await siteSettings.websitesWithOrigins(ctx.db, ids)
  return sites.map((s) => ({ id: s.id, name: s.name, origin: reachableOrigin(ctx, s.origins, here), current: s.id === ctx.site.id }))
}

export async function listWebsites(ctx: RequestCtx, here: string) {
  return { websites: await managed(ctx, here) }
}

/** Only to a website where the same user is a superadmin too; the token is stored hashed, lives 60 s, works once. */
export async function startSwitch(ctx: RequestCtx, websiteId: number, here: string) {
  const user = requireSuperadmin(ctx)
  const target = (await managed(ctx, here)).find((w) => w.id === websiteId)
  if (!target) throw notFound('No such website among the ones you manage')
  const token = randomBytes(32).toString('base64url')
  await q.deleteExpiredSwitchTokens(ctx.db)
  await q.insertSwitchToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    fromWebsiteId: ctx.site.id,
    toWebsiteId: target.id,
    expiresAt: new Date(Date.now() + SWITCH_TOKEN_TTL_MS),
  })
  await q.insertAudit(ctx.db, {
    websiteId: ctx.site.id,
    userId: user.id,
    action: 'website.switch',
    entity: 'website',
    entityId: String(target.id),
    data: { to: target.origin },
  })
  return { url: `${target.origin}${SWITCH_PATH}#token=${token}`, origin: target.origin, name: target.name }
}

/**
 * At the target website: the token becomes a fresh session there (like any sign-in), if it was made for this
 * website, is unused and unexpired, and the user is still a superadmin here (roles are read now).
 */
export async function redeemSwitch(ctx: RequestCtx, token: string): Promise<SignedIn> {
  const row = await q.takeSwitchToken(ctx.db, hashToken(token), ctx.site.id)
  const user = row ? await q.findUserForSite(ctx.db, row.userId, ctx.site.id) : null
  if (!row || !user?.superadmin) throw new AppError('forbidden', 'This switch link has expired or was already used. Please switch again.')
  const signedIn = await startSession(ctx, user.id)
  await q.insertAudit(ctx.db, {
    websiteId: ctx.site.id,
    userId: user.id,
    action: 'website.switch.arrive',
    entity: 'website',
    entityId: String(row.fromWebsiteId),
    data: {},
  })
  return signedIn
}

/** The origin a website is to answer at: https:// in production (its certificate is made when first asked for). */
export function websiteAddress(ctx: RequestCtx, address: string): string {
  const origin = new URL(address).origin
  if (ctx.config.NODE_ENV === 'production' && !origin.startsWith('https://')) {
    throw new AppError('invalid', 'A website needs an https:// address', { origin: 'A website needs an https:// address' })
  }
  return origin
}

export interface NewWebsite {
  name: string
  origin: string
  theme: 'light' | 'dark'
  primary_color: string
  description: string
}

/** A website with default settings, no catalogue, a home page, and its creator as superadmin; audited on both sites. */
export async function createWebsite(ctx: RequestCtx, input: NewWebsite, here: string) {
  const user = requireSuperadmin(ctx)
  const origin = websiteAddress(ctx, input.origin)
  if (await siteSettings.originExists(ctx.db, origin)) {
    throw new AppError('conflict', 'Another website already answers at this address', { origin: 'Another website already answers at this address' })
  }
  const site = await ctx.db.transaction(async (tx) => {
    const created = await siteSettings.createWebsite(tx, {
      name: input.name,
      description: input.description,
      theme: input.theme,
      settings: newWebsiteSettings(input.name, input.description, input.primary_color),
      origin,
    })
    await pages.createStarterPages(tx, created.id, created.name)
    await q.addMember(tx, { websiteId: created.id, userId: user.id, superadmin: true, hasAdminAccess: true, isSalesAgent: false })
    await q.shareAccount(tx, created.id, user.id) // its creator runs it with their own account (decision 0034)
    const data = { name: created.name, origin, by: user.id }
    await q.insertAudit(tx, { websiteId: created.id, userId: user.id, action: 'website.create', entity: 'website', entityId: String(created.id), data })
    await q.insertAudit(tx, { websiteId: ctx.site.id, userId: user.id, action: 'website.create', entity: 'website', entityId: String(created.id), data })
    return created
  })
  await ctx.caches.invalidateWebsite(site.id) // answered at its address at once, by every app process
  return { website: { id: site.id, name: site.name, origin: reachableOrigin(ctx, [origin], here), current: false } }
}
