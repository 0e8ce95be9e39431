import { useMemo } from 'react'
import { CUSTOMER_STATES, CustomerQuery, type CustomerRow, type CustomerState } from '../../../../common/contracts/admin-customers'
import { formatINR } from '../../../../common/money'
import { staffPath } from '../../../staff/staff-paths'
import { Link, useNavigate } from '../../../lib/router'
import { Button } from '../../../ui/button'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { useCustomers } from './customers-api'
import { orderWhen } from '../../../staff/ui/order-status'
import { FilterSelect } from '../../../staff/table/filter-select'

const STATE_LABELS: Record<CustomerState, string> = { blocked: 'Blocked', ordered: 'Has ordered', never_ordered: 'Never ordered' }
const h = staffColumns<CustomerRow>()

export function BlockedBadge() {
  return <span className="inline-flex whitespace-nowrap rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">Blocked</span>
}

function customerColumns(): StaffColumns<CustomerRow> {
  return h.columns([
    h.accessor('name', {
      header: 'Name',
      enableSorting: true,
      meta: { className: 'min-w-44' },
      cell: ({ row: { original: c } }) => (
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={staffPath('/bos/admin/customers/:id', { id: c.user_id })}
            tabIndex={-1}
            className="font-medium text-text hover:text-primary hover:underline"
          >
            {c.name || 'No name'}
          </Link>
          {c.blocked && <BlockedBadge />}
          {/* on a phone the contact columns are hidden: they show under the name */}
          <p className="w-full text-xs text-muted md:hidden">{[c.phone, c.email].filter(Boolean).join(' · ')}</p>
        </div>
      ),
    }),
    h.accessor('phone', { header: 'Phone', meta: { className: 'hidden whitespace-nowrap md:table-cell' }, cell: ({ getValue }) => getValue() ?? '—' }),
    h.accessor('email', {
      header: 'Email',
      meta: { className: 'hidden max-w-56 truncate lg:table-cell' },
      cell: ({ getValue }) => getValue() ?? '—',
    }),
    h.accessor('orders_count', { header: 'Orders', meta: { className: 'text-right tabular-nums' } }),
    h.accessor('total_spent', {
      header: 'Total spent',
      enableSorting: true,
      meta: { className: 'text-right' },
      cell: ({ getValue }) => <span className="font-semibold tabular-nums">{formatINR(getValue())}</span>,
    }),
    h.accessor('last_order_at', {
      header: 'Last order',
      enableSorting: true,
      meta: { className: 'hidden whitespace-nowrap sm:table-cell' },
      cell: ({ getValue }) => {
        const at = getValue()
        return <span className="text-muted">{at ? orderWhen(at) : 'Never'}</span>
      },
    }),
  ])
}

/** The people who shop on this website: search, quick filters and sort in the address; a row opens the person. */
export function CustomerListView() {
  const { query, setQuery } = useTableQuery(CustomerQuery)
  const list = useCustomers(query)
  const navigate = useNavigate()
  const columns = useMemo(customerColumns, [])
  const filtered = Boolean(query.q || query.state)
  const clear = () => setQuery({ q: undefined, state: undefined })
  return (
    <>
      <PageHeader
        title="Customers"
        description="Everyone who signed in, ordered or saved an address on this website. Open a person to see their orders, block them or answer a privacy request."
      />
      <DataTable<CustomerRow, CustomerQuery>
        label="Customers"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(c) => String(c.user_id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(c) => navigate(staffPath('/bos/admin/customers/:id', { id: c.user_id }))}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search customers"
              placeholder="Name, phone or email"
            />
            <FilterSelect
              aria-label="Show"
              value={query.state ?? ''}
              onChange={(e) => setQuery({ state: (e.target.value || undefined) as CustomerState | undefined })}
            >
              <option value="">All customers</option>
              {CUSTOMER_STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </FilterSelect>
            {filtered && (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </>
        }
        empty={
          filtered ? (
            <TableEmpty
              title="No customers match"
              message={query.state === 'blocked' && !query.q ? 'Nobody is blocked from ordering.' : 'Try another name, phone or email.'}
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <TableEmpty title="No customers yet" message="People show here once they sign in or order on the storefront." />
          )
        }
      />
    </>
  )
}
