import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { createWebsite, UsernameInput } from '../../../common/contracts/accounts'
import { text } from '../../../common/contracts/text'
import { parseUsername } from '../../../common/rules/username'
import type { Db } from '../../db/client'
import { AppError } from '../../platform/errors'
import * as pages from '../pages/service'
import * as siteSettings from '../site-settings/service'
import * as q from './queries'
import { newWebsiteSettings } from './website-defaults'

/** What an operator gives `npm run setup` (and `node dist/app/setup.js`) for the first website of an empty database. */
export const FirstWebsite = z.extend(createWebsite.body, {
  owner: UsernameInput,
  owner_name: text('Owner name', [z.trim(), z.minLength(1, 'Owner name is required'), z.maxLength(80, 'Owner name is too long')]),
})

/** Any number, the same in every process: two setups started at once make one website. */
const SETUP_LOCK = 7_316_002

/**
 * The first website of a database started without the demo stores (SEED=never): its default settings and home page
 * like one a superadmin creates, and its owner — a mobile number or email the operator vouches for, so it signs in
 * with a one-time code at once — as superadmin with admin access. Every later website is created in the product.
 */
export async function createFirstWebsite(db: Db, raw: unknown, { production }: { production: boolean }) {
  const parsed = z.safeParse(FirstWebsite, raw)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'input')] ??= issue.message
    throw new AppError('invalid', Object.values(errors)[0], errors)
  }
  const input = parsed.data
  const origin = new URL(input.origin).origin
  if (production && !origin.startsWith('https://')) {
    throw new AppError('invalid', 'A website needs an https:// address', { origin: 'A website needs an https:// address' })
  }
  const owner = parseUsername(input.owner)!
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`)
    if (await siteSettings.anyWebsite(tx)) {
      throw new AppError('conflict', 'This database already has a website: its superadmin creates more under Websites, in the product')
    }
    const verifiedAt = new Date()
    const user =
      (await q.findUserByIdentifier(tx, owner)) ??
      (await q.insertUser(tx, {
        name: input.owner_name,
        ...(owner.kind === 'mobile' ? { phone: owner.value, phoneVerifiedAt: verifiedAt } : { email: owner.value, emailVerifiedAt: verifiedAt }),
      }))
    const site = await siteSettings.createWebsite(tx, {
      name: input.name,
      description: input.description,
      theme: input.theme,
      settings: newWebsiteSettings(input.name, input.description, input.primary_color),
      origin,
    })
    await pages.createStarterPages(tx, site.id, site.name)
    await q.addMember(tx, { websiteId: site.id, userId: user.id, superadmin: true, hasAdminAccess: true, isSalesAgent: false })
    await q.shareAccount(tx, site.id, user.id) // the owner runs it with their own account (decision 0034)
    const data = { name: site.name, origin, by: user.id, via: 'setup' }
    await q.insertAudit(tx, { websiteId: site.id, userId: user.id, action: 'website.create', entity: 'website', entityId: String(site.id), data })
    return { website: { id: site.id, name: site.name, origin }, owner: { id: user.id, username: owner.value } }
  })
}
