import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomRole, StaffMember } from '../../../common/contracts/admin-staff'
import { User } from '../../../common/contracts/user'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { fixtureKit, freshPhone } from '../../test/fixture-kit'
import { signIn, type SignedIn } from '../../test/shopper'
import { auditOf, roleHolder, staffCall } from '../../test/staff'

/** Custom roles made from the areas (issue 29; docs/decisions/0049): held, enforced and edited like built-in roles. */
describe.each(drivers)('custom roles (%s)', (driver) => {
  let t: TestApp
  let owner: SignedIn
  /** the same superadmin, signed in at the other demo website (a session belongs to its website) */
  let ownerThere: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver)
    owner = await signIn(t, '9876500001')
    ownerThere = await signIn(t, '9876500001', SHOP2)
  })
  afterAll(() => t.close())

  const ROLES = '/s/api/admin/staff-roles'
  const make = (body: object) => staffCall(t, owner, 'POST', ROLES, body)
  const list = async (origin = MAIN) => (await staffCall(t, origin === MAIN ? owner : ownerThere, 'GET', ROLES, undefined, origin)).json().data as CustomRole[]
  const init = async (who: SignedIn) => User.parse((await t.call({ method: 'GET', url: '/s/api/init', session: who })).json().user)

  it('makes a role from ticked areas (none ticked is refused), names unique on the website, audited', async () => {
    const none = await make({ name: 'Nobody', permissions: {} })
    expect(none.statusCode).toBe(422)
    expect(none.json().errors).toEqual({ permissions: 'Tick at least one area this role may see or change' })
    expect((await make({ name: 'cashier', permissions: { stock: 'write' } })).json().errors).toEqual({
      name: 'cashier is a built-in role: give this one another name',
    })
    expect((await make({ name: 'X', permissions: { stock: 'all' } })).statusCode).toBe(422)

    const made = await make({ name: 'Night shift', permissions: { stock: 'write', orders: 'read' } })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ name: 'Night shift', permissions: { stock: 'write', orders: 'read' }, members: 0 })
    expect((await auditOf(t, made))[0]).toMatchObject({ action: 'staff_role.create', entity: 'staff_role', before: null })
    const again = await make({ name: 'night SHIFT', permissions: { stock: 'read' } })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors).toEqual({ name: 'This website already has a role called night SHIFT' })
  })

  it('is held like a built-in role, enforced by the seam, and an edit counts from the next request', async () => {
    const role = (await make({ name: `Stock keeper ${Date.now()}`, permissions: { stock: 'write', orders: 'read' } })).json() as CustomRole
    const phone = freshPhone()
    const added = await staffCall(t, owner, 'POST', '/s/api/admin/staff', { username: phone, name: 'Ravi Stock', custom_role_id: role.id })
    expect(added.statusCode, added.body).toBe(201)
    // the contract's `role` stays a built-in role or null; the custom role is named beside it
    expect(added.json() as StaffMember).toMatchObject({ role: null, custom_role: { id: role.id, name: role.name }, has_admin_access: false })
    const ravi = await signIn(t, phone)
    expect(await init(ravi)).toMatchObject({ role: `custom:${role.id}`, role_name: role.name, permissions: { stock: 'write', orders: 'read' } })

    const kit = fixtureKit(t, owner)
    const order = await kit.order()
    expect((await staffCall(t, ravi, 'GET', '/s/api/admin/stock')).statusCode).toBe(200)
    expect((await staffCall(t, ravi, 'GET', '/s/api/admin/orders')).statusCode).toBe(200)
    const move = await staffCall(t, ravi, 'POST', `/s/api/admin/orders/${order.id}/status`, { status: 'packed' })
    expect(move.statusCode).toBe(403)
    expect(move.json().message).toBe('Your role on this website can see Orders and fulfilment but not change it')
    const coupons = await staffCall(t, ravi, 'GET', '/s/api/admin/coupons')
    expect(coupons.statusCode).toBe(403)
    expect(coupons.json().message).toBe('Your role on this website does not include Coupons')
    expect((await staffCall(t, ravi, 'GET', ROLES)).statusCode, 'the staff area is not theirs').toBe(403)

    // the owner gives the role orders (write) and coupons (read): the next request has them
    const edited = await staffCall(t, owner, 'PUT', `${ROLES}/${role.id}`, {
      name: role.name,
      permissions: { stock: 'write', orders: 'write', coupons: 'read' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ members: 1 })
    expect((await staffCall(t, ravi, 'GET', '/s/api/admin/coupons')).statusCode).toBe(200)
    const packed = await staffCall(t, ravi, 'POST', `/s/api/admin/orders/${order.id}/status`, { status: 'packed' })
    expect(packed.statusCode, packed.body).toBe(200)
    // taking an area away counts at once too
    await staffCall(t, owner, 'PUT', `${ROLES}/${role.id}`, { name: role.name, permissions: { orders: 'read' } })
    expect((await staffCall(t, ravi, 'GET', '/s/api/admin/stock')).statusCode).toBe(403)

    // in use: not deleted (422) until the person holds another role
    const refused = await staffCall(t, owner, 'DELETE', `${ROLES}/${role.id}`)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(`1 person holds the role ${role.name}: give them another role first`)
    const moved = await staffCall(t, owner, 'PATCH', `/s/api/admin/staff/${ravi.userId}`, { role: 'packer' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ role: 'packer', custom_role: null })
    const deleted = await staffCall(t, owner, 'DELETE', `${ROLES}/${role.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await auditOf(t, deleted))[0]).toMatchObject({ action: 'staff_role.delete', after: null })
    expect((await list()).some((r) => r.id === role.id)).toBe(false)
  })

  it('belongs to its website: not listed, held, edited or deleted through another website', async () => {
    const role = (await make({ name: `Main only ${Date.now()}`, permissions: { catalogue: 'write' } })).json() as CustomRole
    expect((await list(SHOP2)).some((r) => r.id === role.id)).toBe(false)
    const held = await staffCall(t, ownerThere, 'POST', '/s/api/admin/staff', { username: freshPhone(), name: 'Asha', custom_role_id: role.id }, SHOP2)
    expect(held.statusCode).toBe(422)
    expect(held.json().errors).toEqual({ custom_role_id: 'No such role on this website: choose one from the list' })
    const body = { name: 'Taken over', permissions: { staff: 'write' } }
    expect((await staffCall(t, ownerThere, 'PUT', `${ROLES}/${role.id}`, body, SHOP2)).statusCode).toBe(404)
    expect((await staffCall(t, ownerThere, 'DELETE', `${ROLES}/${role.id}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await list()).find((r) => r.id === role.id)).toMatchObject({ name: role.name, permissions: { catalogue: 'write' } })
  })

  it('is made and changed by a full admin only', async () => {
    const manager = await roleHolder(t, 'manager')
    expect((await staffCall(t, manager, 'GET', ROLES)).statusCode).toBe(403)
    expect((await staffCall(t, manager, 'POST', ROLES, { name: 'Sneaky', permissions: { staff: 'write' } })).statusCode).toBe(403)
    // a custom role with the staff area may see staff, but not make roles
    const role = (await make({ name: `Staff reader ${Date.now()}`, permissions: { staff: 'write' } })).json() as CustomRole
    const phone = freshPhone()
    await staffCall(t, owner, 'POST', '/s/api/admin/staff', { username: phone, name: 'Lata', custom_role_id: role.id })
    const lata = await signIn(t, phone)
    expect((await staffCall(t, lata, 'GET', ROLES)).statusCode).toBe(200)
    const grant = await staffCall(t, lata, 'POST', ROLES, { name: 'Everything', permissions: { tax: 'write' } })
    expect(grant.statusCode).toBe(403)
  })
})
