import { useState } from 'react'
import type { CustomRole, CustomRoleInput } from '../../../../common/contracts/admin-staff'
import { type Access, AREA_LABELS, AREAS, type Area, type Permissions } from '../../../../common/rules/staff-roles'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Link } from '../../../lib/router'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { toast } from '../../../ui/toast'
import { useCustomRoles, useDeleteCustomRole, useSaveCustomRole } from './staff-api'
import { areasText } from './staff-role-picker'

const ACCESS_LABELS: Record<Access, string> = { write: 'See and change', read: 'See only' }

/** Making or editing a role: its name and a checkbox per area, nothing ticked for a new one (issue 29). */
function RoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const save = useSaveCustomRole()
  const [name, setName] = useState(role?.name ?? '')
  const [areas, setAreas] = useState<Permissions>(role?.permissions ?? {})
  const errors = fieldErrors(save.error)
  const tick = (area: Area, on: boolean) =>
    setAreas((now) => {
      const { [area]: _, ...rest } = now
      return on ? { ...rest, [area]: 'write' } : rest
    })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const body: CustomRoleInput = { name, permissions: areas }
    save.mutate(
      { id: role?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success(role ? `${saved.name} saved: its people have the new areas from their next click` : `Role ${saved.name} made`)
          onClose()
        },
      },
    )
  }
  const formError = save.error && !errors.name && !errors.permissions ? errorText(save.error) : null
  return (
    <Modal
      open
      onClose={onClose}
      title={role ? `Edit ${role.name}` : 'New role'}
      width={640}
      description="Tick what this role may use. “See only” shows an area without changing anything in it."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="custom-role" loading={save.isPending}>
            {role ? 'Save role' : 'Make role'}
          </Button>
        </>
      }
    >
      <form id="custom-role" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        <TextField label="Role name" required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Areas</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {AREAS.map((area) => (
              <li key={area} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" checked={Boolean(areas[area])} onChange={(e) => tick(area, e.target.checked)} />
                  {AREA_LABELS[area]}
                </label>
                {areas[area] && (
                  <select
                    aria-label={`${AREA_LABELS[area]}: access`}
                    value={areas[area]}
                    onChange={(e) => setAreas((now) => ({ ...now, [area]: e.target.value as Access }))}
                    className="h-8 rounded-md border border-border bg-surface px-1 text-xs"
                  >
                    {(['write', 'read'] as const).map((a) => (
                      <option key={a} value={a}>
                        {ACCESS_LABELS[a]}
                      </option>
                    ))}
                  </select>
                )}
              </li>
            ))}
          </ul>
          {errors.permissions && (
            <p role="alert" className="mt-1 text-sm text-danger">
              {errors.permissions}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  )
}

/** /bos/admin/staff/roles: this website's own roles made from the areas; a role someone holds cannot be deleted. */
export function CustomRolesView() {
  const roles = useCustomRoles()
  const remove = useDeleteCustomRole()
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null)
  // a role someone holds is refused (422): said on the page, with who holds it
  const [refused, setRefused] = useState<string | null>(null)
  const askDelete = async (role: CustomRole) => {
    const sure = await confirm({
      title: `Delete the role ${role.name}?`,
      message: 'It can no longer be given to anyone. This is in the audit log.',
      confirmText: 'Delete role',
      danger: true,
    })
    if (!sure) return
    setRefused(null)
    remove.mutate(role.id, {
      onSuccess: () => toast.success(`Role ${role.name} deleted`),
      onError: (err) => setRefused(fieldErrors(err).role ?? errorText(err)),
    })
  }
  const list = roles.data?.data
  return (
    <>
      <PageHeader
        title="Roles"
        back={{ to: '/bos/admin/staff', label: 'Staff' }}
        description="Your own roles, made from the areas, for people the built-in roles do not fit. A change counts from each holder’s next click."
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon /> New role
          </Button>
        }
      />
      <FormAlert message={roles.error ? errorText(roles.error) : refused} />
      {list && list.length === 0 && (
        <p className="rounded-lg border border-border bg-surface p-6 text-center text-sm text-muted">
          No roles of your own yet. The built-in roles are on the <Link to="/bos/admin/staff">Staff</Link> screen’s Add person.
        </p>
      )}
      {list && list.length > 0 && (
        <ul aria-label="Custom roles" className="flex flex-col gap-2">
          {list.map((role) => (
            <li key={role.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface p-4">
              <div className="min-w-0">
                <p className="font-medium">{role.name}</p>
                <p className="text-sm text-muted">{areasText(role.permissions)}</p>
                <p className="text-xs text-muted">{role.members === 1 ? '1 person holds it' : `${role.members} people hold it`}</p>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" aria-label={`Edit ${role.name}`} onClick={() => setEditing(role)}>
                  Edit
                </Button>
                <Button variant="outline" size="sm" aria-label={`Delete ${role.name}`} onClick={() => void askDelete(role)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  )
}
