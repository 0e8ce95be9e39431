import { useMemo, useState } from 'react'
import { type StockRow, StockQuery, type StockState } from '../../../../common/contracts/admin-stock'
import { cn } from '../../../lib/cn'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button, buttonClasses } from '../../../ui/button'
import { Image } from '../../../ui/image'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { HistoryIcon } from '../../../staff/ui/staff-icons'
import { useAdminStock, useWarehouses } from './api'
import { StockEditor } from './stock-editor'
import { StockHistoryDrawer } from './stock-history-drawer'
import { FilterSelect } from '../../../staff/table/filter-select'

const STATE_LABELS: Record<StockState, string> = { in_stock: 'In stock', low: 'Low', out_of_stock: 'Out of stock' }
const STATE_TONE: Record<StockState, string> = {
  in_stock: 'bg-success/10 text-success',
  low: 'bg-accent/25 text-text',
  out_of_stock: 'bg-danger/10 text-danger',
}
const VIEWS: { state: StockState | undefined; label: string }[] = [
  { state: undefined, label: 'All' },
  { state: 'low', label: 'Low stock' },
  { state: 'out_of_stock', label: 'Out of stock' },
  { state: 'in_stock', label: 'In stock' },
]
const rowKey = (r: Pick<StockRow, 'pack_id' | 'warehouse_id'>) => `${r.pack_id}:${r.warehouse_id}`
const h = staffColumns<StockRow>()

export function StockStateBadge({ state }: { state: StockState }) {
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', STATE_TONE[state])}>{STATE_LABELS[state]}</span>
}

interface Handlers {
  editing: string | null
  edit: (row: StockRow | null) => void
  history: (row: StockRow) => void
}

/** Sortable columns are named after the call's sorts (product, on_hand, reserved, available). */
function stockColumns({ editing, edit, history }: Handlers): StaffColumns<StockRow> {
  return h.columns([
    h.accessor('product_name', {
      id: 'product',
      header: 'Product',
      enableSorting: true,
      meta: { className: 'min-w-40 max-w-56' },
      cell: ({ row: { original: r } }) => (
        <div className="flex items-center gap-3">
          <Image src={r.image} size="thumb" width={40} height={40} className="size-10 shrink-0 rounded-md border border-border object-cover" />
          <div className="min-w-0">
            <Link
              to={staffPath('/bos/admin/products/:id', { id: r.product_id })}
              tabIndex={-1}
              className="block truncate font-medium text-text hover:text-primary hover:underline"
            >
              {r.product_name}
            </Link>
            <p className="truncate text-xs text-muted">
              {r.pack_name}
              {r.sku && ` · SKU ${r.sku}`}
            </p>
          </div>
        </div>
      ),
    }),
    h.accessor('warehouse_name', { header: 'Warehouse', meta: { className: 'min-w-32' } }),
    h.accessor('on_hand', {
      header: 'On hand',
      enableSorting: true,
      meta: { className: 'text-right' },
      cell: ({ row: { original: r } }) =>
        editing === rowKey(r) ? (
          <div
            role="group"
            aria-label="Change stock"
            className="flex justify-end py-1 text-left"
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <StockEditor row={r} onDone={() => edit(null)} />
          </div>
        ) : (
          <button
            type="button"
            className="rounded px-2 py-1 font-medium tabular-nums hover:bg-background hover:underline"
            tabIndex={-1}
            aria-label={`Change stock of ${r.product_name} ${r.pack_name} at ${r.warehouse_name} (${r.on_hand} on hand)`}
            onClick={(e) => {
              e.stopPropagation()
              edit(r)
            }}
          >
            {r.on_hand}
          </button>
        ),
    }),
    h.accessor('reserved', {
      header: 'Reserved',
      enableSorting: true,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ getValue }) => getValue() || <span className="text-muted">0</span>,
    }),
    h.accessor('available', {
      header: 'Available',
      enableSorting: true,
      meta: { className: 'text-right' },
      cell: ({ row: { original: r } }) => (
        <div className="flex items-center justify-end gap-2">
          <StockStateBadge state={r.state} />
          <span className="w-12 font-semibold tabular-nums">{r.available}</span>
        </div>
      ),
    }),
    h.accessor('low_stock_threshold', { header: 'Low at', meta: { className: 'hidden text-right tabular-nums text-muted 2xl:table-cell' } }),
    h.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px' },
      cell: ({ row: { original: r } }) => (
        <div className="flex justify-end gap-1 whitespace-nowrap">
          {editing !== rowKey(r) && (
            <Button
              size="sm"
              variant="outline"
              tabIndex={-1}
              onClick={(e) => {
                e.stopPropagation()
                edit(r)
              }}
            >
              Change
            </Button>
          )}
          <button
            type="button"
            className="flex size-8 items-center justify-center rounded-md text-muted hover:bg-background hover:text-text"
            tabIndex={-1}
            title="History"
            aria-label={`History of ${r.product_name} ${r.pack_name}`}
            onClick={(e) => {
              e.stopPropagation()
              history(r)
            }}
          >
            <HistoryIcon className="size-4" />
          </button>
        </div>
      ),
    }),
  ])
}

/** Stock per pack per warehouse: the low-stock view, inline set / add / remove with a reason, each pack's history. */
export function StockListView() {
  const { query, setQuery } = useTableQuery(StockQuery)
  const list = useAdminStock(query)
  const warehouses = useWarehouses().data?.data ?? []
  const [editing, setEditing] = useState<string | null>(null)
  const [history, setHistory] = useState<StockRow | null>(null)
  const columns = useMemo(() => stockColumns({ editing, edit: (r) => setEditing(r ? rowKey(r) : null), history: setHistory }), [editing])
  const filtered = Boolean(query.q || query.warehouse_id || query.state || query.product_id)
  const clear = () => setQuery({ q: undefined, warehouse_id: undefined, state: undefined, product_id: undefined })

  return (
    <>
      <PageHeader
        title="Stock"
        description="On hand, held by open orders, and available, for every pack at every warehouse. Every change is kept in the pack's history."
        actions={
          <Link to={staffPath('/bos/admin/warehouses')} className={buttonClasses({ variant: 'outline' })}>
            Warehouses
          </Link>
        }
      />
      <nav aria-label="Stock views" className="mb-3 flex gap-1 border-b border-border">
        {VIEWS.map((v) => {
          const current = query.state === v.state
          return (
            <button
              key={v.label}
              type="button"
              aria-current={current ? 'page' : undefined}
              onClick={() => setQuery({ state: v.state })}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                current ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
              )}
            >
              {v.label}
            </button>
          )
        })}
      </nav>
      <DataTable<StockRow, StockQuery>
        label="Stock"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={rowKey}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(r) => setEditing(rowKey(r))}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search stock"
              placeholder="Product, pack, SKU or barcode"
            />
            <FilterSelect
              aria-label="Warehouse"
              value={query.warehouse_id ?? ''}
              onChange={(e) => setQuery({ warehouse_id: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">All warehouses</option>
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
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
              title={query.state === 'low' ? 'Nothing is running low' : 'No stock matches'}
              message="Try other words, another warehouse or view."
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <TableEmpty
              title="No packs yet"
              message="Add products with their packs; their stock shows here."
              action={
                <Link to={staffPath('/bos/admin/products/new')} className={buttonClasses()}>
                  Add product
                </Link>
              }
            />
          )
        }
      />
      {history && <StockHistoryDrawer row={history} onClose={() => setHistory(null)} />}
    </>
  )
}
