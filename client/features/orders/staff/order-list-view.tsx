import { useMemo, useState } from 'react'
import {
  type AdminOrderRow,
  AdminOrderQuery,
  CHANNEL_LABELS,
  ORDER_CHANNELS,
  type OrderChannel,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type StaffMove,
} from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { cn } from '../../../lib/cn'
import { errorText } from '../../../lib/error-text'
import { staffPath } from '../../../staff/staff-paths'
import { Link, useNavigate } from '../../../lib/router'
import { Button, buttonClasses } from '../../../ui/button'
import { toast } from '../../../ui/toast'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { METHOD_LABELS, MOVE_LABELS, OrderStatusBadge, orderWhen, PaymentStatusText, paymentStatusText, statusText } from '../../../staff/ui/order-status'
import { useAdminOrders, useMoveOrder } from './api'
import { FilterSelect } from '../../../staff/table/filter-select'

const TABS: (AdminOrderQuery['status'] | undefined)[] = [undefined, 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled']
/** What a page of selected orders can be moved to together (cancel needs a reason per order: from the order's page). */
const BULK_MOVES: StaffMove[] = ['packed', 'out_for_delivery', 'delivered']
const dateClasses = 'h-10 rounded-md border border-border bg-surface px-2 text-sm'
const h = staffColumns<AdminOrderRow>()

function orderColumns(): StaffColumns<AdminOrderRow> {
  return h.columns([
    h.accessor('order_number', {
      header: 'Order',
      enableSorting: true,
      cell: ({ row: { original: r } }) => (
        <div>
          <Link to={staffPath('/bos/admin/orders/:id', { id: r.id })} className="font-semibold text-text hover:text-primary hover:underline">
            {r.order_number}
          </Link>
          <p className="text-xs text-muted">
            {orderWhen(r.created_at)}
            {r.channel !== 'web' && ` · ${CHANNEL_LABELS[r.channel as OrderChannel] ?? r.channel}`}
          </p>
        </div>
      ),
    }),
    h.accessor('customer', {
      header: 'Customer',
      meta: { className: 'min-w-36' },
      cell: ({ row: { original: r } }) => (
        <div>
          <p className="font-medium">{r.customer}</p>
          <p className="text-xs text-muted">
            {r.phone} · {r.pincode}
          </p>
        </div>
      ),
    }),
    h.accessor('slot', {
      header: 'Slot',
      meta: { className: 'hidden xl:table-cell' },
      cell: ({ getValue }) => <span className="text-muted">{getValue() ?? '—'}</span>,
    }),
    h.accessor('status', { header: 'Status', cell: ({ getValue }) => <OrderStatusBadge status={getValue()} /> }),
    h.accessor('payment_status', {
      header: 'Payment',
      cell: ({ row: { original: r } }) => (
        <div>
          <PaymentStatusText status={r.payment_status} />
          {r.payment_status !== 'cod' && <p className="text-xs text-muted">{METHOD_LABELS[r.payment_method] ?? r.payment_method}</p>}
        </div>
      ),
    }),
    h.accessor('total', {
      header: 'Total',
      enableSorting: true,
      meta: { className: 'text-right' },
      cell: ({ getValue }) => <span className="font-semibold tabular-nums">{formatINR(getValue())}</span>,
    }),
  ])
}

interface Report {
  move: StaffMove
  done: number
  failed: { order: string; reason: string }[]
}

/** The website's orders: tabs per status with counts, filters and search in the address, bulk moves of selected orders. */
export function OrderListView() {
  const { query, setQuery } = useTableQuery(AdminOrderQuery)
  const list = useAdminOrders(query)
  const move = useMoveOrder()
  const navigate = useNavigate()
  const [report, setReport] = useState<Report | null>(null)
  const [busy, setBusy] = useState(false)
  const columns = useMemo(orderColumns, [])
  const counts = list.data?.counts ?? {}
  const all = Object.values(counts).reduce((a, b) => a + b, 0)
  const filtered = Boolean(
    query.q || query.payment_status || query.payment_method || query.from || query.to || query.pincode || query.channel || query.slot_date,
  )
  const clear = () =>
    setQuery({
      q: undefined,
      payment_status: undefined,
      payment_method: undefined,
      from: undefined,
      to: undefined,
      pincode: undefined,
      channel: undefined,
      slot_date: undefined,
      slot: undefined,
    })
  const windows = list.data?.slots ?? []

  /** One call per order, one after another: each is checked against its own lifecycle; what failed is listed. */
  const moveAll = async (rows: AdminOrderRow[], to: StaffMove, clearSelection: () => void) => {
    setBusy(true)
    const failed: Report['failed'] = []
    for (const r of rows) {
      try {
        await move.mutateAsync({ id: r.id, body: { status: to } })
      } catch (err) {
        failed.push({ order: r.order_number, reason: errorText(err) })
      }
    }
    setBusy(false)
    const done = rows.length - failed.length
    setReport({ move: to, done, failed })
    if (failed.length === 0) {
      clearSelection()
      toast.success(`${done === 1 ? '1 order' : `${done} orders`} marked ${statusText(to).toLowerCase()}`)
    } else toast.error(`${failed.length} of ${rows.length} orders could not be moved: see the list above the table`)
  }

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of this website. Open one to see it in full and move it along: packed, out for delivery, delivered."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={staffPath('/bos/admin/orders/pick-list')} className={buttonClasses({ variant: 'outline' })}>
              Pick list and packing slips
            </Link>
            <Link to={staffPath('/bos/admin/orders/cash-handover')} className={buttonClasses({ variant: 'outline' })}>
              Cash handover
            </Link>
          </div>
        }
      />
      <nav aria-label="Order status" className="mb-3 flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map((status) => {
          const current = query.status === status
          const n = status ? (counts[status] ?? 0) : all
          return (
            <button
              key={status ?? 'all'}
              type="button"
              aria-current={current ? 'page' : undefined}
              onClick={() => setQuery({ status })}
              className={cn(
                '-mb-px flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                current ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
              )}
            >
              {status ? statusText(status) : 'All'}
              <span className={cn('rounded-full px-1.5 text-xs tabular-nums', current ? 'bg-primary/10' : 'bg-border/60')}>{n}</span>
            </button>
          )
        })}
      </nav>
      {report && (
        <div
          role="status"
          className={cn('mb-3 rounded-md border p-3 text-sm', report.failed.length ? 'border-danger/40 bg-danger/5' : 'border-success/40 bg-success/5')}
        >
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium">
              {report.done} marked {statusText(report.move).toLowerCase()}
              {report.failed.length > 0 && `, ${report.failed.length} not moved:`}
            </p>
            <button type="button" className="text-muted hover:text-text" onClick={() => setReport(null)}>
              Dismiss
            </button>
          </div>
          {report.failed.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {report.failed.map((f) => (
                <li key={f.order}>
                  <span className="font-medium">{f.order}</span>: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DataTable<AdminOrderRow, AdminOrderQuery>
        label="Orders"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(r) => String(r.id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(r) => navigate(staffPath('/bos/admin/orders/:id', { id: r.id }))}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search orders"
              placeholder="Order number, phone or name"
            />
            <FilterSelect
              aria-label="Payment status"
              value={query.payment_status ?? ''}
              onChange={(e) => setQuery({ payment_status: (e.target.value || undefined) as AdminOrderQuery['payment_status'] })}
            >
              <option value="">Any payment status</option>
              {PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {paymentStatusText(s)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              aria-label="Payment method"
              value={query.payment_method ?? ''}
              onChange={(e) => setQuery({ payment_method: (e.target.value || undefined) as AdminOrderQuery['payment_method'] })}
            >
              <option value="">Any payment method</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </FilterSelect>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1 text-sm text-muted">
                From
                <input type="date" className={dateClasses} value={query.from ?? ''} onChange={(e) => setQuery({ from: e.target.value || undefined })} />
              </label>
              <label className="flex items-center gap-1 text-sm text-muted">
                To
                <input type="date" className={dateClasses} value={query.to ?? ''} onChange={(e) => setQuery({ to: e.target.value || undefined })} />
              </label>
            </div>
            <input
              aria-label="Pincode"
              inputMode="numeric"
              maxLength={6}
              placeholder="Pincode"
              className={cn(dateClasses, 'w-24')}
              defaultValue={query.pincode ?? ''}
              key={query.pincode ?? ''}
              onChange={(e) => {
                const v = e.target.value.trim()
                if (v === '' || /^\d{6}$/.test(v)) setQuery({ pincode: v || undefined }, { replace: true })
              }}
            />
            <FilterSelect
              aria-label="Channel"
              value={query.channel ?? ''}
              onChange={(e) => setQuery({ channel: (e.target.value || undefined) as OrderChannel | undefined })}
            >
              <option value="">Any channel</option>
              {ORDER_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </FilterSelect>
            <label className="flex items-center gap-1 text-sm text-muted">
              Delivery on
              <input
                type="date"
                className={dateClasses}
                value={query.slot_date ?? ''}
                onChange={(e) => setQuery({ slot_date: e.target.value || undefined, slot: undefined })}
              />
            </label>
            {query.slot_date && (
              <FilterSelect aria-label="Delivery slot" value={query.slot ?? ''} onChange={(e) => setQuery({ slot: e.target.value || undefined })}>
                <option value="">All slots of the day</option>
                {query.slot && !windows.some((w) => w.start === query.slot) && <option value={query.slot}>{query.slot}</option>}
                {windows.map((w) => (
                  <option key={`${w.start}-${w.end}`} value={w.start}>
                    {w.start}–{w.end}
                  </option>
                ))}
              </FilterSelect>
            )}
            {filtered && (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </>
        }
        bulkActions={({ rows, clear: clearSelection }) => (
          <>
            {BULK_MOVES.map((to) => (
              <Button key={to} size="sm" variant="outline" disabled={busy} onClick={() => void moveAll(rows, to, clearSelection)}>
                {MOVE_LABELS[to]}
              </Button>
            ))}
          </>
        )}
        empty={
          filtered || query.status ? (
            <TableEmpty
              title="No orders match"
              message={query.status ? `No ${statusText(query.status).toLowerCase()} orders with these filters.` : 'Try other words or filters.'}
              action={
                <Button variant="outline" onClick={() => (filtered ? clear() : setQuery({ status: undefined }))}>
                  {filtered ? 'Clear filters' : 'See all orders'}
                </Button>
              }
            />
          ) : (
            <TableEmpty title="No orders yet" message="Orders placed on the storefront show here." />
          )
        }
      />
    </>
  )
}
