import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffMember } from '../../../common/contracts/admin-staff'
import { rowsOf } from '../../db/client'
import { users, websiteMembers } from '../../db/schema/accounts'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { signIn, websiteOf, type SignedIn } from '../../test/shopper'
import { auditOf, shop2OnlyAdmin, staffCall } from '../../test/staff'
import { freshPhone } from '../../test/fixture-kit'

describe.each(drivers)('staff and roles (%s)', (driver) => {
  let t: TestApp
  let superadmin: SignedIn
  let mainId: number
  beforeAll(async () => {
    t = await buildTestApp(driver)
    superadmin = await signIn(t, '9876500001')
    mainId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  const list = async (session: SignedIn, query = '', origin = MAIN) => {
    const res = await staffCall(t, session, 'GET', `/s/api/admin/staff?perPage=100${query}`, undefined, origin)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: StaffMember[]; meta: { total: number } }
  }
  const add = (session: SignedIn, payload: object, origin = MAIN) => staffCall(t, session, 'POST', '/s/api/admin/staff', payload, origin)
  const patch = (session: SignedIn, userId: number, payload: object, origin = MAIN) =>
    staffCall(t, session, 'PATCH', `/s/api/admin/staff/${userId}`, payload, origin)
  /** a new admin (not superadmin) of MAIN, signed in */
  const newAdmin = async () => {
    const phone = freshPhone()
    const res = await add(superadmin, { username: phone, name: 'Kiran Admin', has_admin_access: true })
    expect(res.statusCode, res.body).toBe(201)
    return signIn(t, phone)
  }

  it('lists the people with a role on this website only, with search and a role filter', async () => {
    await shop2OnlyAdmin(t)
    const all = await list(superadmin)
    const phones = all.data.map((m) => m.phone)
    expect(phones).toContain('9876500001')
    expect(phones).toContain('9876500002')
    expect(phones).not.toContain('9876500003') // a shopper has no role
    expect(phones).not.toContain('9876500099') // admin of the other website only
    expect(all.meta.total).toBe(all.data.length)
    expect((await list(superadmin, '&role=agent')).data.map((m) => m.phone)).toEqual(['9876500002'])
    expect((await list(superadmin, '&q=asha')).data).toEqual([
      expect.objectContaining({ phone: '9876500001', superadmin: true, has_admin_access: true, is_sales_agent: false }),
    ])
    const shop2 = await signIn(t, '9876500001', SHOP2)
    expect((await list(shop2, '', SHOP2)).data.map((m) => m.phone)).toContain('9876500099')
    expect((await staffCall(t, superadmin, 'GET', '/s/api/admin/staff?role=owner')).statusCode).toBe(422)
  })

  it('adds a new person by mobile number: an account without any secret, roles at once, audited', async () => {
    const phone = freshPhone()
    const res = await add(superadmin, { username: `+91 ${phone}`, name: 'Meena Packer', has_admin_access: true })
    expect(res.statusCode, res.body).toBe(201)
    const member = res.json() as StaffMember
    expect(member).toMatchObject({ phone, name: 'Meena Packer', superadmin: false, has_admin_access: true, is_sales_agent: false })
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, member.user_id))
    expect(row.phoneVerifiedAt).not.toBeNull() // made by the store: signs in with a one-time code
    const [audit] = await auditOf(t, res)
    expect(audit).toMatchObject({
      websiteId: mainId,
      action: 'staff.add',
      entity: 'staff',
      entityId: String(member.user_id),
      before: null,
      data: { account: 'created' },
    })
    // the next request of the person has the role
    const meena = await signIn(t, phone)
    expect((await staffCall(t, meena, 'GET', '/s/api/admin/staff')).statusCode).toBe(200)
    // again: 409, nothing written
    const again = await add(superadmin, { username: phone, is_sales_agent: true })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors.username).toMatch(/already has a role/)
  })

  it('links an existing account by email, and never one that only claimed the email', async () => {
    const [priya] = await t.app.deps.db.insert(users).values({ name: 'Priya', email: 'priya@kirana.in', emailVerifiedAt: new Date() }).returning()
    const linked = await add(superadmin, { username: 'PRIYA@kirana.in', is_sales_agent: true })
    expect(linked.statusCode, linked.body).toBe(201)
    expect(linked.json()).toMatchObject({ user_id: priya.id, name: 'Priya', is_sales_agent: true, has_admin_access: false })
    expect((await auditOf(t, linked))[0].data).toEqual({ account: 'linked' })

    const [squatter] = await t.app.deps.db.insert(users).values({ name: 'Squatter', phone: freshPhone(), email: 'owner@kirana.in' }).returning()
    const created = await add(superadmin, { username: 'owner@kirana.in', name: 'Real Owner', has_admin_access: true })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().user_id).not.toBe(squatter.id)
    const [after] = await t.app.deps.db.select().from(users).where(eq(users.id, squatter.id))
    expect(after.email).toBeNull()
  })

  it('gives a built-in role with `role` (CONTRACT: 201, the person holds it), changes it, and signs them in with its permissions', async () => {
    const phone = freshPhone()
    const res = await add(superadmin, { username: phone, name: 'Cashier Kumar', role: 'cashier' })
    expect(res.statusCode, res.body).toBe(201)
    const member = res.json() as StaffMember
    expect(member).toMatchObject({ role: 'cashier', has_admin_access: false, superadmin: false, is_sales_agent: false })
    expect((await list(superadmin, '&role=cashier')).data.map((m) => m.phone)).toEqual([phone])
    const me = await signIn(t, phone)
    const init = await t.call({ method: 'GET', url: '/s/api/init', session: me })
    expect(init.json().user).toMatchObject({ role: 'cashier', hasAdminAccess: false, permissions: { counter: 'write' } })

    const moved = await patch(superadmin, member.user_id, { role: 'packer' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ role: 'packer', has_admin_access: false })
    const promoted = await patch(superadmin, member.user_id, { role: 'admin' })
    expect(promoted.json()).toMatchObject({ role: 'admin', has_admin_access: true })
    // the older flag still takes admin away, leaving no staff role
    const demoted = await patch(superadmin, member.user_id, { has_admin_access: false, is_sales_agent: true })
    expect(demoted.json()).toMatchObject({ role: null, has_admin_access: false, is_sales_agent: true })
    expect((await patch(superadmin, member.user_id, { role: 'owner' })).statusCode).toBe(422)
    // nobody takes their own admin role away
    const self = await patch(superadmin, superadmin.userId, { role: 'manager' })
    expect([403, 422]).toContain(self.statusCode)
  })

  it('refuses bad input with per-field messages', async () => {
    const cases: [object, string][] = [
      [{ username: '12345', has_admin_access: true }, 'username'],
      [{ username: freshPhone(), has_admin_access: true }, 'name'],
      [{ username: freshPhone(), name: 'No Role' }, 'role'],
      [{ username: freshPhone(), name: 'Chef', role: 'chef' }, 'role'],
      [{ username: freshPhone(), name: 'X', has_admin_access: 'yes' }, 'has_admin_access'],
    ]
    for (const [payload, field] of cases) {
      const res = await add(superadmin, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(422)
      expect(res.json().errors[field], JSON.stringify(payload)).toBeTruthy()
    }
  })

  it('lets only a superadmin grant, revoke or touch superadmin', async () => {
    const kiran = await newAdmin()
    const phone = freshPhone()
    expect((await add(kiran, { username: phone, name: 'Would Be', superadmin: true })).statusCode).toBe(403)
    const agent = (await add(kiran, { username: phone, name: 'Would Be', is_sales_agent: true })).json() as StaffMember
    const refused = await patch(kiran, agent.user_id, { superadmin: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toMatch(/Only a superadmin/)
    expect((await patch(kiran, superadmin.userId, { has_admin_access: false })).statusCode).toBe(403)
    expect((await patch(kiran, superadmin.userId, { is_sales_agent: true })).statusCode).toBe(403)
    const granted = await patch(superadmin, agent.user_id, { superadmin: true })
    expect(granted.json()).toMatchObject({ superadmin: true, has_admin_access: true, is_sales_agent: true })
    expect((await patch(superadmin, agent.user_id, { has_admin_access: false })).statusCode).toBe(422)
    expect((await patch(superadmin, agent.user_id, { superadmin: false, has_admin_access: false })).json()).toMatchObject({
      superadmin: false,
      has_admin_access: false,
    })
  })

  it('grants and revokes admin and agent, effective from the next request; revoking your own admin access is refused', async () => {
    const kiran = await newAdmin()
    const other = await newAdmin()
    const own = await patch(kiran, kiran.userId, { has_admin_access: false })
    expect(own.statusCode).toBe(422)
    expect(own.json().errors.has_admin_access).toMatch(/your own admin/)
    expect((await patch(superadmin, superadmin.userId, { superadmin: false })).statusCode).toBe(422)

    const revoked = await patch(kiran, other.userId, { has_admin_access: false, is_sales_agent: true })
    expect(revoked.statusCode, revoked.body).toBe(200)
    const [audit] = await auditOf(t, revoked)
    expect(audit).toMatchObject({ action: 'staff.roles', entity: 'staff', entityId: String(other.userId) })
    expect(audit.before).toMatchObject({ has_admin_access: true, is_sales_agent: false })
    expect(audit.after).toMatchObject({ has_admin_access: false, is_sales_agent: true })
    // the same session, its next request: no admin access any more
    expect((await staffCall(t, other, 'GET', '/s/api/admin/staff')).statusCode).toBe(403)
    // all roles gone: no longer staff of this website
    expect((await patch(kiran, other.userId, { is_sales_agent: false })).statusCode).toBe(200)
    expect((await list(kiran)).data.map((m) => m.user_id)).not.toContain(other.userId)
    expect((await patch(kiran, other.userId, { is_sales_agent: true })).statusCode).toBe(404)
  })

  it('never shows or changes another website’s staff (404), and refuses to remove the last admin (409)', async () => {
    const kiran = await newAdmin()
    const shop2Admin = await shop2OnlyAdmin(t, SHOP2)
    expect((await patch(shop2Admin, kiran.userId, { has_admin_access: false }, SHOP2)).statusCode).toBe(404)
    expect((await patch(kiran, shop2Admin.userId, { has_admin_access: false })).statusCode).toBe(404)
    expect((await list(shop2Admin, '', SHOP2)).data.map((m) => m.user_id)).not.toContain(kiran.userId)

    // SHOP2 left with one admin: they cannot remove themselves (the last admin)
    const shop2 = (await websiteOf(t, SHOP2)).id
    await t.app.deps.db
      .update(websiteMembers)
      .set({ superadmin: false, hasAdminAccess: false })
      .where(and(eq(websiteMembers.websiteId, shop2), eq(websiteMembers.userId, superadmin.userId)))
    const last = await patch(shop2Admin, shop2Admin.userId, { has_admin_access: false }, SHOP2)
    expect(last.statusCode).toBe(409)
    expect(last.json().message).toMatch(/last admin of this website/)
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('two admins revoking each other at once (postgres)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('postgres')
  })
  afterAll(() => t.close())

  it('never leaves the website without an admin', { timeout: 60_000 }, async () => {
    const db = t.app.deps.db
    const shop2 = (await websiteOf(t, SHOP2)).id
    const a = await shop2OnlyAdmin(t, SHOP2)
    const phone = freshPhone()
    const [b] = await db.insert(users).values({ name: 'Second Admin', phone, phoneVerifiedAt: new Date() }).returning()
    await db.insert(websiteMembers).values({ websiteId: shop2, userId: b.id, hasAdminAccess: true })
    const bSession = await signIn(t, phone, SHOP2)
    // only a and b are admins of SHOP2
    await db.execute(
      sql`update website_members set has_admin_access = false, superadmin = false where website_id = ${shop2} and user_id not in (${a.userId}, ${b.id})`,
    )
    const admins = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from website_members where website_id = ${shop2} and has_admin_access`))[0].n
    for (let round = 0; round < 10; round++) {
      await db.execute(sql`update website_members set has_admin_access = true where website_id = ${shop2} and user_id in (${a.userId}, ${b.id})`)
      const answers = await Promise.all([
        staffCall(t, a, 'PATCH', `/s/api/admin/staff/${b.id}`, { has_admin_access: false }, SHOP2),
        staffCall(t, bSession, 'PATCH', `/s/api/admin/staff/${a.userId}`, { has_admin_access: false }, SHOP2),
      ])
      const statuses = answers.map((r) => r.statusCode).sort()
      expect(statuses, answers.map((r) => r.body).join(' | ')).toEqual([200, 403])
      expect(await admins()).toBe(1)
    }
  })
})
