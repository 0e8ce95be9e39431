import { eq } from 'drizzle-orm'
import { users } from '../db/schema/accounts'
import { broughtAccount } from '../features/accounts/service'
import * as sessionService from '../features/session/service'
import type { WebsiteRow } from '../features/site-settings/queries'
import { MAIN, type TestApp, type TestSession } from './app'

export interface SignedIn extends TestSession {
  userId: number
  websiteId: number
  phone: string
}

/** The website an origin names, as the app resolves it. */
export async function websiteOf(t: TestApp, origin = MAIN): Promise<WebsiteRow> {
  const res = await t.call({ method: 'GET', url: '/s/api/init', origin })
  const id = (res.json() as { web: { id: number } }).web.id
  const site = await t.app.deps.db.query.websites.findFirst({ where: (w, { eq: is }) => is(w.id, id) })
  if (!site) throw new Error(`no website ${id}`)
  return site
}

/**
 * A session signed in as a demo account (default: the shopper 9876500003), made the way sign-in makes one (the
 * website now knows the account: docs/decisions/0034), so
 * cart, coupon and wishlist tests don't depend on the one-time-code flow.
 */
export async function signIn(t: TestApp, phone = '9876500003', origin = MAIN): Promise<SignedIn> {
  const { db, config } = t.app.deps
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  if (!user) throw new Error(`no demo account ${phone}`)
  const site = await websiteOf(t, origin)
  await broughtAccount(db, site.id, user.id)
  const { token, row } = await sessionService.create({ db, site }, {}, user.id)
  const xsrf = sessionService.xsrfToken(config.SESSION_SECRET, row)
  return { cookie: `sid=${token}; XSRF-TOKEN=${xsrf}`, xsrf, userId: user.id, websiteId: site.id, phone }
}

/** A new shopper account (no roles), signed in. */
export async function newShopper(t: TestApp, origin = MAIN): Promise<SignedIn> {
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
  await t.app.deps.db.insert(users).values({ name: `Shopper ${phone}`, phone })
  return signIn(t, phone, origin)
}
