import type { CustomRole, CustomRoleInput } from '../../../common/contracts/admin-staff'
import { AREAS, BUILT_IN_ROLES, type Permissions, ROLE_LABELS } from '../../../common/rules/staff-roles'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as q from './queries'

/**
 * A website's own roles, made by its owner from the permission areas (issue 29; docs/decisions/0049). Only a full
 * admin makes, edits or deletes them (the `staff` area, and the same lock as handing out roles). The people
 * holding a role read its areas on every request, so an edit counts from their next one, in every app process.
 */

const ENTITY = 'staff_role'

const shape = (r: q.CustomRoleRow): CustomRole => ({ id: r.id, name: r.name, permissions: r.permissions, members: r.members })
const record = (r: q.CustomRoleRow) => ({ name: r.name, permissions: r.permissions })

/** Only the areas, in their order; nothing ticked is nothing given. */
const cleanAreas = (given: Permissions): Permissions => Object.fromEntries(AREAS.filter((a) => given[a]).map((a) => [a, given[a]]))

const BUILT_IN_NAMES = new Set([...BUILT_IN_ROLES, ...Object.values(ROLE_LABELS)].map((n) => n.toLowerCase()))

async function checkInput(ctx: StaffWriteCtx, input: CustomRoleInput, exceptId?: number): Promise<Result<Permissions>> {
  const permissions = cleanAreas(input.permissions)
  const errors: Record<string, string> = {}
  if (Object.keys(permissions).length === 0) errors.permissions = 'Tick at least one area this role may see or change'
  if (BUILT_IN_NAMES.has(input.name.toLowerCase())) errors.name = `${input.name} is a built-in role: give this one another name`
  else if (await q.customRoleNameTaken(ctx.db, ctx.site.id, input.name, exceptId)) errors.name = `This website already has a role called ${input.name}`
  return Object.keys(errors).length ? invalidFields(errors) : ok(permissions)
}

/**
 * Role changes of one website take turns with handing out roles (accounts/staff.ts uses the same key); like
 * handing out roles, only a full admin may (so nobody makes a role that grants more than they hold).
 */
async function lockRoles(ctx: StaffWriteCtx): Promise<Result<null>> {
  await q.lockKey(ctx.db, `staff-roles:${ctx.site.id}`)
  return ctx.user.role === 'admin' ? ok(null) : fail('forbidden', 'Only an owner or admin of this website can make or change roles')
}

export async function listCustomRoles(ctx: StaffCtx): Promise<{ data: CustomRole[] }> {
  return { data: (await q.listCustomRoles(ctx.db, ctx.site.id)).map(shape) }
}

export async function createCustomRole(ctx: StaffWriteCtx, input: CustomRoleInput): Promise<Result<CustomRole>> {
  const allowed = await lockRoles(ctx)
  if (!allowed.ok) return allowed
  const checked = await checkInput(ctx, input)
  if (!checked.ok) return checked
  return ok(
    await staffWrite(ctx, { action: 'staff_role.create', entity: ENTITY }, async (tx) => {
      const id = await q.insertCustomRole(tx, ctx.site.id, input.name, checked.value)
      const row = await q.findCustomRole(tx, ctx.site.id, id)
      if (!row) throw new Error('the role just made is gone')
      return { id, before: null, after: record(row), result: shape(row) }
    }),
  )
}

export async function updateCustomRole(ctx: StaffWriteCtx, id: number, input: CustomRoleInput): Promise<Result<CustomRole>> {
  const allowed = await lockRoles(ctx)
  if (!allowed.ok) return allowed
  const before = await q.findCustomRole(ctx.db, ctx.site.id, id, true)
  if (!before) return fail('not_found', 'No such role on this website')
  const checked = await checkInput(ctx, input, id)
  if (!checked.ok) return checked
  return ok(
    await staffWrite(ctx, { action: 'staff_role.update', entity: ENTITY }, async (tx) => {
      await q.updateCustomRole(tx, ctx.site.id, id, input.name, checked.value)
      const after = await q.findCustomRole(tx, ctx.site.id, id)
      if (!after) throw new Error('the role just saved is gone')
      return { id, before: record(before), after: record(after), result: shape(after) }
    }),
  )
}

export async function deleteCustomRole(ctx: StaffWriteCtx, id: number): Promise<Result<{ ok: true }>> {
  const allowed = await lockRoles(ctx)
  if (!allowed.ok) return allowed
  const role = await q.findCustomRole(ctx.db, ctx.site.id, id, true)
  if (!role) return fail('not_found', 'No such role on this website')
  if (role.members > 0) {
    const who = role.members === 1 ? '1 person holds' : `${role.members} people hold`
    const message = `${who} the role ${role.name}: give them another role first`
    return invalidFields({ role: message })
  }
  return ok(
    await staffWrite(ctx, { action: 'staff_role.delete', entity: ENTITY }, async (tx) => {
      await q.deleteCustomRole(tx, ctx.site.id, id)
      return { id, before: record(role), after: null, result: { ok: true as const } }
    }),
  )
}
