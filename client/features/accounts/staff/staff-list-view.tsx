import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AddStaffInput, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, StaffQuery } from '../../../../common/contracts/admin-staff'
import { errorText } from '../../../lib/error-text'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { Button, buttonClasses } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { toast } from '../../../ui/toast'
import { useInit } from '../../../lib/init'
import { useAddStaff, useStaff, useUpdateStaff } from './staff-api'
import { FilterSelect } from '../../../staff/table/filter-select'
import { chosenRole, RolePicker, RoleSelect } from './staff-role-picker'
import { Link } from '../../../lib/router'

/** The flags still switched in place; the staff role is a choice of its own (RoleSelect). */
type Role = 'is_sales_agent' | 'superadmin'
const ROLE_NAMES: Record<Role, string> = { is_sales_agent: 'sales agent', superadmin: 'superadmin' }
const h = staffColumns<StaffMember>()
const lastRole = (m: StaffMember, role: Role) => m.role === null && (['is_sales_agent', 'superadmin'] as const).every((r) => r === role || !m[r])

function RoleSwitch({ member, role, disabled, title }: { member: StaffMember; role: Role; disabled?: boolean; title?: string }) {
  const update = useUpdateStaff()
  const on = member[role]
  const change = async () => {
    if (on) {
      const sure = await confirm({
        title: `Take away ${ROLE_NAMES[role]}?`,
        message:
          role === 'is_sales_agent'
            ? `${member.name} will no longer be a sales agent of this website, from their next click.`
            : `${member.name} will lose ${ROLE_NAMES[role]} to this website from their next click.`,
        confirmText: 'Take it away',
        ...(lastRole(member, role)
          ? {
              message: `${member.name} will lose ${ROLE_NAMES[role]} from their next click. It is their only role here, so they leave the staff list (add them again to give one back).`,
            }
          : {}),
        danger: true,
      })
      if (!sure) return
    }
    update.mutate(
      { id: member.user_id, body: { [role]: !on } },
      {
        onSuccess: () => toast.success(`${member.name}: ${ROLE_NAMES[role]} ${on ? 'taken away' : 'given'}`),
        onError: (err) => toast.error(errorText(err)),
      },
    )
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`${STAFF_ROLE_LABELS[role === 'is_sales_agent' ? 'agent' : 'superadmin']} for ${member.name}`}
      title={title}
      disabled={disabled || update.isPending}
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation()
        void change()
      }}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-primary' : 'bg-border'}`}
    >
      <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  )
}

function columns(me: { id: number; superadmin: boolean }): StaffColumns<StaffMember> {
  const lockedFor = (m: StaffMember, role: Role | 'role'): string | undefined => {
    if (role === 'superadmin' && !me.superadmin) return 'Only a superadmin can change this'
    if (m.superadmin && !me.superadmin) return 'Only a superadmin can change a superadmin’s roles'
    if (m.superadmin && role === 'role') return 'A superadmin is always an admin'
    if (m.user_id === me.id && role !== 'is_sales_agent') return 'You cannot take away your own admin roles'
    return undefined
  }
  const roleColumn = (role: Role, header: string) =>
    h.accessor(role, {
      header,
      meta: { className: 'w-px whitespace-nowrap text-center' },
      cell: ({ row: { original: m } }) => {
        const locked = lockedFor(m, role)
        return (
          <div className="flex justify-center">
            <RoleSwitch member={m} role={role} disabled={Boolean(locked)} title={locked} />
          </div>
        )
      },
    })
  return h.columns([
    h.accessor('name', {
      header: 'Name',
      enableSorting: true,
      meta: { className: 'min-w-48' },
      cell: ({ row: { original: m } }) => (
        <div>
          <span className="font-medium">{m.name}</span>
          {m.user_id === me.id && <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">You</span>}
          <p className="text-xs text-muted">{[m.phone, m.email].filter(Boolean).join(' · ') || '—'}</p>
        </div>
      ),
    }),
    h.accessor('role', {
      header: 'Role',
      meta: { className: 'w-px whitespace-nowrap' },
      cell: ({ row: { original: m } }) => {
        const locked = lockedFor(m, 'role')
        return <RoleSelect member={m} disabled={Boolean(locked)} title={locked} />
      },
    }),
    roleColumn('is_sales_agent', 'Sales agent'),
    roleColumn('superadmin', 'Superadmin'),
  ])
}

interface AddValues {
  username: string
  name: string
  /** '' until one is chosen: adding a person ticks nothing (issue 29) */
  role: string
  is_sales_agent: boolean
}
const ADD_FIELDS = ['username', 'name', 'role', 'is_sales_agent']
const addResolver = contractResolver(AddStaffInput, {
  toInput: (v: AddValues) => ({
    username: v.username,
    name: v.name.trim() || undefined,
    ...(chosenRole(v.role) ?? {}),
    is_sales_agent: v.is_sales_agent,
  }),
  required: { username: 'Mobile number or email' },
})

function AddPersonDialog({ onClose }: { onClose: () => void }) {
  const add = useAddStaff()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<AddValues>({
    resolver: addResolver as never,
    defaultValues: { username: '', name: '', role: '', is_sales_agent: false },
  })
  const submit = form.handleSubmit((body) => {
    setFormError(null)
    add.mutate(body as unknown as AddStaffInput, {
      onSuccess: (m) => {
        toast.success(`${m.name} added: they sign in with a one-time code sent to ${m.phone ?? m.email}`)
        onClose()
      },
      onError: (err) => setFormError(showServerErrors(err, form.setError, ADD_FIELDS)),
    })
  })
  const errors = form.formState.errors
  return (
    <Modal
      open
      onClose={onClose}
      title="Add a person"
      width={640}
      description="By mobile number or email. Someone without an account gets one; they sign in with a one-time code, no password."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-staff" loading={add.isPending}>
            Add person
          </Button>
        </>
      }
    >
      <form id="add-staff" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        <TextField label="Mobile number or email" required autoComplete="off" error={errors.username?.message} {...form.register('username')} />
        <TextField label="Name" hint="Needed only when they have no account yet" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <RolePicker field={form.register('role')} chosen={form.watch('role')} error={errors.role?.message} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('is_sales_agent')} /> Also a sales agent (places orders for their customers)
        </label>
      </form>
    </Modal>
  )
}

/** The people with a role on this website, each one's role (changed in place; a revoke asks first), and adding a person. */
export function StaffListView() {
  const { user } = useInit()
  const { query, setQuery } = useTableQuery(StaffQuery)
  const list = useStaff(query)
  const [adding, setAdding] = useState(false)
  const myId = user?.id ?? 0
  const iAmSuperadmin = user?.superadmin ?? false
  const cols = useMemo(() => columns({ id: myId, superadmin: iAmSuperadmin }), [myId, iAmSuperadmin])
  const filtered = Boolean(query.q || query.role)
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can run this website. A change counts from the person’s next click; each one is in the audit log."
        actions={
          <>
            <Link to="/bos/admin/staff/roles" className={buttonClasses({ variant: 'outline' })}>
              Roles
            </Link>
            <Button onClick={() => setAdding(true)}>
              <PlusIcon /> Add person
            </Button>
          </>
        }
      />
      <DataTable<StaffMember, StaffQuery>
        label="Staff"
        columns={cols}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(m) => String(m.user_id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search staff"
              placeholder="Name, mobile or email"
            />
            <FilterSelect aria-label="Role" value={query.role ?? ''} onChange={(e) => setQuery({ role: (e.target.value || undefined) as StaffQuery['role'] })}>
              <option value="">All roles</option>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_LABELS[r]}
                </option>
              ))}
            </FilterSelect>
            {filtered && (
              <Button variant="ghost" size="sm" onClick={() => setQuery({ q: undefined, role: undefined })}>
                Clear
              </Button>
            )}
          </>
        }
        empty={
          <TableEmpty
            title={filtered ? 'Nobody matches' : 'No staff yet'}
            message={filtered ? 'Try another name or role.' : 'Add a person to give them a role.'}
          />
        }
      />
      {adding && <AddPersonDialog onClose={() => setAdding(false)} />}
    </>
  )
}
