import { useMemo, useState } from 'react'
import { type Supplier, SupplierQuery } from '../../../../common/contracts/admin-purchases'
import { formatINR } from '../../../../common/money'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { Button } from '../../../ui/button'
import { useSuppliers } from './api'
import { SupplierDrawer, type SupplierEditing } from './supplier-form'
import { SupplierKhataDialog } from './supplier-khata-dialog'

const h = staffColumns<Supplier>()

function columns(edit: (s: Supplier) => void, openKhata: (s: Supplier) => void): StaffColumns<Supplier> {
  return h.columns([
    h.accessor('name', { id: 'name', header: 'Supplier', enableSorting: true, cell: ({ getValue }) => <span className="font-medium">{getValue()}</span> }),
    h.accessor('gstin', { header: 'GSTIN', cell: ({ getValue }) => getValue() ?? <span className="text-muted">Unregistered</span> }),
    h.accessor('state', { header: 'State', cell: ({ getValue }) => getValue() ?? '—' }),
    h.accessor('phone', { header: 'Phone', cell: ({ getValue }) => getValue() ?? '—' }),
    h.accessor('bills', { header: 'Bills', meta: { className: 'text-right tabular-nums' } }),
    h.accessor('purchases_total', {
      header: 'Bought',
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => formatINR(Math.round(getValue() * 100)),
    }),
    h.accessor('balance_due', {
      header: 'Due',
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => formatINR(Math.round(getValue() * 100)),
    }),
    h.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px' },
      cell: ({ row: { original: s } }) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            tabIndex={-1}
            aria-label={`Khata of ${s.name}`}
            onClick={(e) => {
              e.stopPropagation()
              openKhata(s)
            }}
          >
            Khata
          </Button>
          <Button
            size="sm"
            variant="outline"
            tabIndex={-1}
            aria-label={`Edit ${s.name}`}
            onClick={(e) => {
              e.stopPropagation()
              edit(s)
            }}
          >
            Edit
          </Button>
        </div>
      ),
    }),
  ])
}

/** Who the shop buys from: search, add and edit in a drawer; a new purchase bill from here. */
export function SupplierListView() {
  const { query, setQuery } = useTableQuery(SupplierQuery)
  const list = useSuppliers(query)
  const [editing, setEditing] = useState<SupplierEditing | null>(null)
  const [khata, setKhata] = useState<Supplier | null>(null)
  const cols = useMemo(
    () =>
      columns(
        (supplier) => setEditing({ mode: 'edit', supplier }),
        (supplier) => setKhata(supplier),
      ),
    [],
  )
  const add = () => setEditing({ mode: 'create' })
  return (
    <>
      <PageHeader
        title="Suppliers"
        description="Who you buy from, with their GSTIN and state (it decides CGST + SGST or IGST on their bills)."
        actions={
          <div className="flex gap-2">
            <Link
              to={staffPath('/bos/admin/purchases')}
              className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-surface-2"
            >
              New purchase bill
            </Link>
            <Button onClick={add}>
              <PlusIcon /> Add supplier
            </Button>
          </div>
        }
      />
      <DataTable<Supplier, SupplierQuery>
        label="Suppliers"
        columns={cols}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(s) => String(s.id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(supplier) => setEditing({ mode: 'edit', supplier })}
        toolbar={
          <TableSearch
            value={query.q ?? ''}
            onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
            label="Search suppliers"
            placeholder="Name, GSTIN or phone"
          />
        }
        empty={
          <TableEmpty
            title="No suppliers yet"
            message="Add the first one to receive its bills into stock."
            action={<Button onClick={add}>Add supplier</Button>}
          />
        }
      />
      <SupplierDrawer editing={editing} onClose={() => setEditing(null)} />
      <SupplierKhataDialog supplier={khata} onClose={() => setKhata(null)} />
    </>
  )
}
