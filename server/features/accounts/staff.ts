import type { ListMeta } from '../../../common/contracts/admin'
import { parseSort } from '../../../common/contracts/admin'
import type { AddStaffInput, StaffMember, StaffQuery, UpdateStaffInput } from '../../../common/contracts/admin-staff'
import { type BuiltInRole, staffRoleOf } from '../../../common/rules/staff-roles'
import { parseUsername } from '../../../common/rules/username'
import type { Tx } from '../../db/client'
import { fail, invalidFields, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as q from './queries'

/**
 * Staff of a website: who has which role on it (docs/decisions/0020-staff-roles-and-dashboard.md). Roles are read
 * on every request (guards.ts), so a change counts from the person's next request, in every app process.
 */

/** A person's roles here: `role` is the staff role (issue 29), `admin` exactly when hasAdminAccess. */
type Roles = Pick<q.StaffRow, 'superadmin' | 'hasAdminAccess' | 'isSalesAgent' | 'customRoleId'> & { role: BuiltInRole | null }

const shape = (r: q.StaffRow): StaffMember => ({
  user_id: r.userId,
  name: r.name,
  phone: r.phone,
  email: r.email,
  superadmin: r.superadmin,
  has_admin_access: r.hasAdminAccess,
  is_sales_agent: r.isSalesAgent,
  role: staffRoleOf(r),
  custom_role: staffRoleOf(r) === null && r.customRoleId !== null ? { id: r.customRoleId, name: r.customRoleName ?? '' } : null,
})
const rolesOf = (r: q.StaffRow): Roles => ({
  superadmin: r.superadmin,
  hasAdminAccess: r.hasAdminAccess,
  isSalesAgent: r.isSalesAgent,
  role: staffRoleOf(r),
  customRoleId: staffRoleOf(r) === null ? r.customRoleId : null,
})
const hasAnyRole = (r: Pick<q.StaffRow, 'superadmin' | 'hasAdminAccess' | 'isSalesAgent' | 'role' | 'customRoleId'>) =>
  r.superadmin || r.isSalesAgent || staffRoleOf(r) !== null || r.customRoleId !== null
/** The staff role and its admin mark together, so the two never disagree; a built-in role replaces a custom one. */
const withRole = (r: Omit<Roles, 'hasAdminAccess'>): Roles => {
  const role = r.superadmin ? 'admin' : r.role
  return { ...r, role, hasAdminAccess: role === 'admin', customRoleId: role === null ? r.customRoleId : null }
}

const NO_SUCH_ROLE = 'No such role on this website: choose one from the list'
const ONE_ROLE = 'Choose either a built-in role or a custom role'

/** A custom role id must name one of this website's roles (another website's is not found). */
async function checkCustomRole(ctx: StaffWriteCtx, id: number | null | undefined): Promise<Result<null>> {
  if (id === null || id === undefined) return ok(null)
  return (await q.findCustomRole(ctx.db, ctx.site.id, id)) ? ok(null) : invalidFields({ custom_role_id: NO_SUCH_ROLE })
}

export async function listStaff(ctx: StaffCtx, query: StaffQuery): Promise<{ data: StaffMember[]; meta: ListMeta }> {
  const { column, desc } = parseSort(query.sort)
  const { rows, total } = await q.listStaff(ctx.db, ctx.site.id, {
    search: query.q || undefined,
    role: query.role,
    sort: column,
    desc,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  })
  return { data: rows.map(shape), meta: { total, page: query.page, perPage: query.perPage } }
}

/**
 * Role changes of one website take turns (a transaction-scoped lock), and each reads the roles as they are once
 * it has the lock: two admins revoking each other at once cannot both see "another admin is left".
 */
async function lockStaff(tx: Tx, websiteId: number) {
  await q.lockKey(tx, `staff-roles:${websiteId}`)
}

/**
 * The caller's own roles after the lock: someone may have just taken them away. Only full admins hold the staff
 * area among the built-in roles, and only they may hand out roles (so nobody grants more than they have).
 */
async function callerRoles(ctx: StaffWriteCtx): Promise<Result<Roles>> {
  const me = await q.findStaffForUpdate(ctx.db, ctx.site.id, ctx.user.id)
  if (!me || staffRoleOf(me) !== 'admin') return fail('forbidden', 'Your admin access to this website was just taken away')
  return ok(rolesOf(me))
}

const SUPERADMIN_ONLY = 'Only a superadmin can grant or revoke superadmin, or change a superadmin’s roles'

export async function addStaff(ctx: StaffWriteCtx, input: AddStaffInput): Promise<Result<StaffMember>> {
  const superadmin = input.superadmin === true
  const role = input.role ?? (input.has_admin_access === true ? 'admin' : null)
  if (role !== null && input.custom_role_id !== undefined) return invalidFields({ custom_role_id: ONE_ROLE })
  const known = await checkCustomRole(ctx, input.custom_role_id)
  if (!known.ok) return known
  const wanted = withRole({ superadmin, role, isSalesAgent: input.is_sales_agent === true, customRoleId: input.custom_role_id ?? null })
  if (!hasAnyRole(wanted)) return invalidFields({ role: 'Choose a role for this person' })
  const username = parseUsername(input.username)
  if (!username) return invalidFields({ username: 'Enter a 10-digit mobile number or an email address' })
  await lockStaff(ctx.db, ctx.site.id)
  const me = await callerRoles(ctx)
  if (!me.ok) return me
  if (superadmin && !me.value.superadmin) return fail('forbidden', SUPERADMIN_ONLY)

  const holder = await q.findUserByIdentifier(ctx.db, username)
  // An account that only typed this number or email in (never proved it) is not its owner: it loses the identifier
  // and the store makes the account, as registration does (decision 0006, account pre-hijacking).
  const verified = holder && (username.kind === 'mobile' ? holder.phoneVerifiedAt : holder.emailVerifiedAt) !== null
  let userId: number
  let account: 'linked' | 'created'
  if (holder && verified) {
    const current = await q.findStaffForUpdate(ctx.db, ctx.site.id, holder.id)
    if (current && hasAnyRole(current)) {
      const message = `${current.name} already has a role on this website: change it in the staff list`
      return fail('conflict', message, { username: message })
    }
    userId = holder.id
    account = 'linked'
  } else {
    const name = input.name?.trim()
    if (!name) return invalidFields({ name: 'No account has this number or email yet: enter the person’s name' })
    if (holder) await q.releaseUnverifiedIdentifier(ctx.db, username)
    const now = new Date()
    // No secret of any kind: the person signs in with a one-time code sent to this number or email.
    const created = await q.insertUser(ctx.db, {
      name,
      ...(username.kind === 'mobile' ? { phone: username.value, phoneVerifiedAt: now } : { email: username.value, emailVerifiedAt: now }),
    })
    userId = created.id
    account = 'created'
  }
  const member = await staffWrite(ctx, { action: 'staff.add', entity: 'staff', data: { account } }, async (tx) => {
    const before = await q.findStaffForUpdate(tx, ctx.site.id, userId)
    await q.saveRoles(tx, ctx.site.id, userId, wanted)
    // this website's record of them is what the admin typed until they sign in here (decision 0034)
    const typed = username.kind === 'mobile' ? { phone: username.value } : { phone: null, email: username.value }
    await q.recordGiven(tx, ctx.site.id, userId, { name: input.name?.trim() ?? '', ...typed })
    const after = await q.findStaffForUpdate(tx, ctx.site.id, userId)
    if (!after) throw new Error('the staff member just saved is gone')
    return { id: userId, before: before ? shape(before) : null, after: shape(after), result: shape(after) }
  })
  return ok(member)
}

export async function updateStaff(ctx: StaffWriteCtx, userId: number, input: UpdateStaffInput): Promise<Result<StaffMember>> {
  await lockStaff(ctx.db, ctx.site.id)
  const target = await q.findStaffForUpdate(ctx.db, ctx.site.id, userId)
  // Someone with no role here is not staff of this website (and another website's staff are never shown).
  if (!target || !hasAnyRole(target)) return fail('not_found', 'No staff member with this id on this website')
  const me = await callerRoles(ctx)
  if (!me.ok) return me

  const current = rolesOf(target)
  // `role` says it outright; the older flag grants admin, or takes it away (leaving no staff role)
  const flagged = input.has_admin_access === undefined ? current.role : input.has_admin_access ? 'admin' : current.role === 'admin' ? null : current.role
  const roleField = input.role !== undefined ? 'role' : 'has_admin_access'
  if (input.custom_role_id !== undefined && input.custom_role_id !== null && (input.role || input.has_admin_access)) {
    return invalidFields({ custom_role_id: ONE_ROLE })
  }
  const known = await checkCustomRole(ctx, input.custom_role_id)
  if (!known.ok) return known
  const givesCustom = input.custom_role_id !== undefined && input.custom_role_id !== null
  const asked = {
    superadmin: input.superadmin ?? target.superadmin,
    role: givesCustom ? null : input.role !== undefined ? input.role : flagged,
    isSalesAgent: input.is_sales_agent ?? target.isSalesAgent,
    customRoleId: input.custom_role_id !== undefined ? input.custom_role_id : current.customRoleId,
  }
  const touchesSuperadmin = asked.superadmin !== target.superadmin || target.superadmin
  if (touchesSuperadmin && !me.value.superadmin) return fail('forbidden', SUPERADMIN_ONLY)
  if (asked.superadmin && asked.role !== 'admin' && input.superadmin !== true) {
    return invalidFields({ [roleField]: 'A superadmin always has admin access: take superadmin away first' })
  }
  const next = withRole(asked)
  const losesAdmin = current.role === 'admin' && next.role !== 'admin'
  if (losesAdmin && (await q.countAdmins(ctx.db, ctx.site.id)) <= 1) {
    return fail('conflict', `${target.name} is the last admin of this website: give someone else admin access first`)
  }
  if (userId === ctx.user.id && (losesAdmin || (target.superadmin && !next.superadmin))) {
    const message = 'You cannot take away your own admin roles: ask another admin of this website to do it'
    return invalidFields(losesAdmin ? { [roleField]: message } : { superadmin: message })
  }

  const member = await staffWrite(ctx, { action: 'staff.roles', entity: 'staff' }, async (tx) => {
    await q.saveRoles(tx, ctx.site.id, userId, next)
    const after: q.StaffRow = { ...target, ...next, customRoleName: (await q.findStaffForUpdate(tx, ctx.site.id, userId))?.customRoleName ?? null }
    return { id: userId, before: shape(target), after: shape(after), result: shape(after) }
  })
  return ok(member)
}
