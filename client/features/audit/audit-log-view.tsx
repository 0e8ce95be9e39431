import { useMemo } from 'react'
import { AUDIT_KINDS } from '../../../common/audit-words'
import { formatIndiaDateTime } from '../../../common/dates'
import { type AuditEntry, AuditQuery } from '../../../common/contracts/admin'
import { DataTable } from '../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../staff/table/table-features'
import { TableEmpty } from '../../staff/table/table-parts'
import { TableSearch } from '../../staff/table/table-search'
import { useTableQuery } from '../../staff/table/use-table-query'
import { PageHeader } from '../../staff/ui/page-header'
import { Button } from '../../ui/button'
import { useAudit } from './api'
import { FilterSelect } from '../../staff/table/filter-select'

const KINDS = Object.entries(AUDIT_KINDS).sort(([, a], [, b]) => a.localeCompare(b))
const inputClasses = 'h-10 rounded-md border border-border bg-surface px-3 text-sm'
const MAX_CHANGES = 6
const h = staffColumns<AuditEntry>()

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = entry.changes
  if (changes.length === 0)
    return <span className="text-muted">{entry.before === null ? 'Created' : entry.after === null ? 'Deleted' : 'No field changed'}</span>
  return (
    <details className="group" open={changes.length <= MAX_CHANGES}>
      <summary className="cursor-pointer text-xs text-muted group-open:mb-1">
        {entry.before === null ? 'Created' : entry.after === null ? 'Deleted' : `${changes.length} field${changes.length === 1 ? '' : 's'} changed`}
      </summary>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
        {changes.slice(0, MAX_CHANGES * 4).map((c) => (
          <div key={c.field} className="contents">
            <dt className="font-medium">{c.field}</dt>
            <dd className="min-w-0 break-words">
              {entry.before !== null && (
                <>
                  <del className="text-danger">{c.before}</del> →{' '}
                </>
              )}
              <ins className="text-primary no-underline">{c.after}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

function columns(): StaffColumns<AuditEntry> {
  return h.columns([
    h.accessor('at', {
      header: 'When',
      enableSorting: true,
      meta: { className: 'w-px whitespace-nowrap align-top' },
      cell: ({ getValue }) => <span className="tabular-nums">{formatIndiaDateTime(getValue())}</span>,
    }),
    h.accessor('user', { header: 'Who', meta: { className: 'whitespace-nowrap align-top' }, cell: ({ getValue }) => getValue()?.name ?? 'System' }),
    h.accessor('action', {
      header: 'What',
      meta: { className: 'align-top' },
      cell: ({ row: { original: e } }) => (
        <div>
          <p className="font-medium">{e.what}</p>
          <p className="text-xs text-muted">{e.record}</p>
        </div>
      ),
    }),
    h.display({
      id: 'changes',
      header: 'Before → after',
      meta: { className: 'min-w-72 align-top' },
      cell: ({ row: { original: e } }) => <Changes entry={e} />,
    }),
  ])
}

/** Every staff change of this website: who, when, what, before and after (GET /s/api/admin/audit); `people` to filter by. */
export function AuditLogView({ people }: { people: { user_id: number; name: string }[] }) {
  const { query, setQuery } = useTableQuery(AuditQuery)
  const list = useAudit(query)
  const cols = useMemo(() => columns(), [])
  const filtered = Boolean(query.q || query.entity || query.entity_id || query.user_id || query.action || query.from || query.to)
  return (
    <>
      <PageHeader title="Audit log" description="Every change staff made to this website, newest first. Times are India time." />
      <DataTable<AuditEntry, AuditQuery>
        label="Audit log"
        columns={cols}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(e) => String(e.id)}
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
              label="Search actions"
              placeholder="Search actions, e.g. refund"
            />
            <FilterSelect
              aria-label="Record"
              value={query.entity ?? ''}
              onChange={(e) => setQuery({ entity: e.target.value || undefined, entity_id: undefined })}
            >
              <option value="">All records</option>
              {KINDS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              aria-label="Who"
              value={query.user_id ?? ''}
              onChange={(e) => setQuery({ user_id: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">Anyone</option>
              {people.map((p) => (
                <option key={p.user_id} value={p.user_id}>
                  {p.name}
                </option>
              ))}
            </FilterSelect>
            <label className="flex items-center gap-2 text-sm text-muted">
              From
              <input
                type="date"
                className={inputClasses}
                value={query.from ?? ''}
                max={query.to}
                onChange={(e) => setQuery({ from: e.target.value || undefined })}
              />
            </label>
            <label className="flex items-center gap-2 text-sm text-muted">
              To
              <input
                type="date"
                className={inputClasses}
                value={query.to ?? ''}
                min={query.from}
                onChange={(e) => setQuery({ to: e.target.value || undefined })}
              />
            </label>
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  setQuery({ q: undefined, entity: undefined, entity_id: undefined, user_id: undefined, action: undefined, from: undefined, to: undefined })
                }
              >
                Clear
              </Button>
            )}
          </>
        }
        empty={
          <TableEmpty
            title={filtered ? 'Nothing matches' : 'No changes yet'}
            message={filtered ? 'Try other filters or dates.' : 'Staff changes show here as they are made.'}
          />
        }
      />
    </>
  )
}
