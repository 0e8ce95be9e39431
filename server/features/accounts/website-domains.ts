import type { WebsiteDomains } from '../../../common/contracts/accounts'
import { AppError, notFound } from '../../platform/errors'
import { requireSuperadmin } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import * as siteSettings from '../site-settings/service'
import * as q from './queries'
import { websiteAddress } from './websites'

/**
 * A website's own domains (docs/decisions/0043-tls-and-shop-domains.md): the origins it answers on, added and removed
 * by its superadmins. The TLS proxy in front gets a certificate for a domain only once one of them names it.
 */

/** A website the signed-in superadmin manages (404 otherwise: another website's id says nothing about it). */
async function managed(ctx: RequestCtx, websiteId: number) {
  const user = requireSuperadmin(ctx)
  const ids = (await q.listSuperadminWebsiteIds(ctx.db, user.id)).map((r) => r.websiteId)
  if (!ids.includes(websiteId)) throw notFound('No such website among the ones you manage')
  return user
}

const answer = async (ctx: RequestCtx, websiteId: number): Promise<WebsiteDomains> => ({
  website_id: websiteId,
  origins: await siteSettings.originsOf(ctx.db, websiteId),
})

export async function listDomains(ctx: RequestCtx, websiteId: number) {
  await managed(ctx, websiteId)
  return answer(ctx, websiteId)
}

export async function addDomain(ctx: RequestCtx, websiteId: number, address: string) {
  const user = await managed(ctx, websiteId)
  const origin = websiteAddress(ctx, address)
  const added = await ctx.db.transaction(async (tx) => {
    if (!(await siteSettings.addOrigin(tx, websiteId, origin))) return false
    await q.insertAudit(tx, { websiteId, userId: user.id, action: 'website.domain.add', entity: 'website', entityId: String(websiteId), data: { origin } })
    return true
  })
  if (!added) throw new AppError('conflict', 'A website already answers at this address', { origin: 'A website already answers at this address' })
  await ctx.caches.invalidateWebsite(websiteId) // every process drops its "no website here" answer for the address
  return answer(ctx, websiteId)
}

export async function removeDomain(ctx: RequestCtx, websiteId: number, address: string) {
  const user = await managed(ctx, websiteId)
  const origin = new URL(address).origin
  const origins = await siteSettings.originsOf(ctx.db, websiteId)
  if (!origins.includes(origin)) throw notFound('The website does not answer at this address')
  if (origins.length === 1) throw new AppError('conflict', 'This is the website’s only address: add another one first')
  await ctx.db.transaction(async (tx) => {
    await siteSettings.removeOrigin(tx, websiteId, origin)
    await q.insertAudit(tx, { websiteId, userId: user.id, action: 'website.domain.remove', entity: 'website', entityId: String(websiteId), data: { origin } })
  })
  await ctx.caches.invalidateWebsite(websiteId)
  return answer(ctx, websiteId)
}
