import type { UseFormRegisterReturn } from 'react-hook-form'
import type { CustomRole, StaffMember } from '../../../../common/contracts/admin-staff'
import {
  AREA_LABELS,
  AREAS,
  BUILT_IN_ROLES,
  type BuiltInRole,
  customRoleKey,
  isBuiltInRole,
  type Permissions,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLE_SUMMARIES,
} from '../../../../common/rules/staff-roles'
import { errorText } from '../../../lib/error-text'
import { confirm } from '../../../ui/confirm-dialog'
import { radioCard } from '../../../ui/radio-card'
import { toast } from '../../../ui/toast'
import { useCustomRoles, useUpdateStaff } from './staff-api'

/** "Orders and fulfilment, Stock (see only)": a custom role's areas in a line. */
export const areasText = (p: Permissions) =>
  AREAS.filter((a) => p[a])
    .map((a) => (p[a] === 'read' ? `${AREA_LABELS[a]} (see only)` : AREA_LABELS[a]))
    .join(', ')

/** A picker's value for a role: the built-in role's name, or `custom:<id>` for one of the website's own. */
export function chosenRole(value: string): { role: BuiltInRole } | { custom_role_id: number } | null {
  if (isBuiltInRole(value)) return { role: value }
  const id = /^custom:(\d+)$/.exec(value)?.[1]
  return id ? { custom_role_id: Number(id) } : null
}

/** What a role may do, area by area (issue 29): shown under the chosen role, so the admin sees what they give. */
export function RoleReach({ role }: { role: BuiltInRole }) {
  const permissions = ROLE_PERMISSIONS[role]
  const held = AREAS.filter((a) => permissions[a])
  return (
    <div className="rounded-lg border border-border bg-background p-3 text-sm" aria-live="polite">
      <p className="font-medium">What a {ROLE_LABELS[role].toLowerCase()} can do</p>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {held.map((area) => (
          <li key={area} className="flex items-center justify-between gap-2">
            <span>{AREA_LABELS[area]}</span>
            <span className={permissions[area] === 'write' ? 'text-xs font-semibold text-success' : 'text-xs text-muted'}>
              {permissions[area] === 'write' ? 'See and change' : 'See only'}
            </span>
          </li>
        ))}
      </ul>
      {held.length < AREAS.length && (
        <p className="mt-2 text-xs text-muted">
          Not:{' '}
          {AREAS.filter((a) => !permissions[a])
            .map((a) => AREA_LABELS[a])
            .join(', ')}
          .
        </p>
      )}
    </div>
  )
}

/** The built-in roles, then the website's own, as radio cards; nothing is chosen until the admin picks one (issue 29). */
export function RolePicker({ field, chosen, error }: { field: UseFormRegisterReturn<'role'>; chosen: string; error?: string }) {
  const custom = useCustomRoles().data?.data ?? []
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Role on this website</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {BUILT_IN_ROLES.map((role) => (
          <label key={role} className={radioCard(chosen === role)}>
            <input type="radio" value={role} className="mt-1 size-4" {...field} />
            <span>
              <span className="block font-medium">{ROLE_LABELS[role]}</span>
              <span className="block text-xs text-muted">{ROLE_SUMMARIES[role]}</span>
            </span>
          </label>
        ))}
        {custom.map((role) => (
          <label key={role.id} className={radioCard(chosen === customRoleKey(role.id))}>
            <input type="radio" value={customRoleKey(role.id)} className="mt-1 size-4" {...field} />
            <span>
              <span className="block font-medium">{role.name}</span>
              <span className="block text-xs text-muted">Your role: {areasText(role.permissions)}.</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {isBuiltInRole(chosen) && (
        <div className="mt-3">
          <RoleReach role={chosen} />
        </div>
      )}
    </fieldset>
  )
}

/** A person's role in the staff list, changed in place (taking admin away asks first). */
export function RoleSelect({ member, disabled, title }: { member: StaffMember; disabled?: boolean; title?: string }) {
  const update = useUpdateStaff()
  const custom: CustomRole[] = useCustomRoles().data?.data ?? []
  const change = async (value: string) => {
    const wanted = chosenRole(value)
    const role = wanted && 'role' in wanted ? wanted.role : null
    const target = wanted && 'custom_role_id' in wanted ? custom.find((r) => r.id === wanted.custom_role_id) : undefined
    const label = role ? ROLE_LABELS[role] : target ? target.name : null
    const gives = role ? ROLE_SUMMARIES[role] : target ? `${areasText(target.permissions)}.` : ''
    if (member.role === 'admin' || wanted === null || member.custom_role) {
      const sure = await confirm({
        title: label === null ? 'Take away their staff role?' : `Change ${member.name}’s role to ${label}?`,
        message:
          label === null
            ? `${member.name} will no longer be staff of this website from their next click${member.is_sales_agent ? ' (they stay a sales agent)' : ''}.`
            : member.custom_role
              ? `${member.name} no longer holds ${member.custom_role.name} from their next click: ${gives}`
              : `${member.name} loses admin access from their next click: ${gives}`,
        confirmText: 'Change role',
        danger: true,
      })
      if (!sure) return
    }
    update.mutate(
      { id: member.user_id, body: wanted ?? { role: null, custom_role_id: null } },
      {
        onSuccess: () => toast.success(`${member.name}: ${label ?? 'no staff role'}`),
        onError: (err) => toast.error(errorText(err)),
      },
    )
  }
  const held = member.custom_role
  return (
    <select
      aria-label={`Role of ${member.name}`}
      title={title ?? (member.role ? ROLE_SUMMARIES[member.role] : undefined)}
      value={member.role ?? (held ? customRoleKey(held.id) : '')}
      disabled={disabled || update.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => void change(e.target.value)}
      className="h-9 rounded-md border border-border bg-surface px-2 text-sm disabled:cursor-not-allowed disabled:opacity-60"
    >
      <option value="">No staff role</option>
      {BUILT_IN_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
      {held && !custom.some((r) => r.id === held.id) && <option value={customRoleKey(held.id)}>{held.name} (custom role)</option>}
      {custom.map((r) => (
        <option key={r.id} value={customRoleKey(r.id)}>
          {r.name} (custom role)
        </option>
      ))}
    </select>
  )
}
