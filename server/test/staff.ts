import { and, desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { users, websiteMembers } from '../db/schema/accounts'
import { auditLog } from '../db/schema/audit'
import { BUILT_IN_ROLES, type BuiltInRole } from '../../common/rules/staff-roles'
import { MAIN, SHOP2, type TestApp, type TestSession } from './app'
import { signIn, websiteOf, type SignedIn } from './shopper'

/** Everyone the staff calls must tell apart (SECURITY AZ-09, AZ-11). */
export interface Cast {
  visitor: TestSession
  shopper: SignedIn
  agent: SignedIn
  /** admin access on SHOP2 only, signed in on MAIN */
  otherAdmin: SignedIn
  /** the demo superadmin (admin on both demo websites), signed in on MAIN */
  admin: SignedIn
  /** the same superadmin signed in on SHOP2 */
  adminShop2: SignedIn
}

/** A person with admin access on SHOP2 and no role on MAIN (made once per test database). */
export async function shop2OnlyAdmin(t: TestApp, origin = MAIN): Promise<SignedIn> {
  const phone = '9876500099'
  const { db } = t.app.deps
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  if (!user) {
    ;[user] = await db.insert(users).values({ name: 'Shop2 Admin', phone, phoneVerifiedAt: new Date() }).returning({ id: users.id })
    const shop2 = await websiteOf(t, SHOP2)
    await db.insert(websiteMembers).values({ websiteId: shop2.id, userId: user.id, hasAdminAccess: true })
  }
  return signIn(t, phone, origin)
}

/** A person holding a built-in role (issue 29) on MAIN, made once per test database, signed in there. */
export async function roleHolder(t: TestApp, role: BuiltInRole): Promise<SignedIn> {
  const phone = `98765011${String(BUILT_IN_ROLES.indexOf(role)).padStart(2, '0')}`
  const { db } = t.app.deps
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  if (!user) {
    ;[user] = await db
      .insert(users)
      .values({ name: `Test ${role}`, phone, phoneVerifiedAt: new Date() })
      .returning({ id: users.id })
    const main = await websiteOf(t, MAIN)
    await db.insert(websiteMembers).values({ websiteId: main.id, userId: user.id, role, hasAdminAccess: role === 'admin' })
  }
  return signIn(t, phone)
}

export async function cast(t: TestApp): Promise<Cast> {
  return {
    visitor: await t.visitor(),
    shopper: await signIn(t, '9876500003'),
    agent: await signIn(t, '9876500002'),
    otherAdmin: await shop2OnlyAdmin(t),
    admin: await signIn(t, '9876500001'),
    adminShop2: await signIn(t, '9876500001', SHOP2),
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

/** A staff call as the admin web client makes it (JSON body, a file's bytes for an upload, or the given type; XSRF header). */
export function staffCall(
  t: TestApp,
  session: TestSession | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  origin = MAIN,
  contentType = Buffer.isBuffer(payload) ? 'application/octet-stream' : 'application/json',
): Promise<LightMyRequestResponse> {
  return t.call({
    method,
    url,
    session,
    origin,
    ...(payload === undefined ? {} : { payload: payload as object, headers: { 'content-type': contentType } }),
  })
}

/** The audit rows a call wrote (found by the x-request-id of its answer). */
export async function auditOf(t: TestApp, res: LightMyRequestResponse) {
  const requestId = res.headers['x-request-id']
  if (typeof requestId !== 'string') throw new Error('the answer has no x-request-id')
  return t.app.deps.db.select().from(auditLog).where(eq(auditLog.requestId, requestId)).orderBy(auditLog.id)
}

/** The newest audit rows of an entity on a website. */
export function auditFor(t: TestApp, websiteId: number, entity: string, entityId: number | string) {
  return t.app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.websiteId, websiteId), eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
}
