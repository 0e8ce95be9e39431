import type { AdminCoupon, CouponState } from '../../../../common/contracts/admin-coupons'
import { CouponQuery } from '../../../../common/contracts/admin-coupons'
import { formatDate } from '../../../../common/dates'
import { formatINR, toPaise } from '../../../../common/money'
import { cn } from '../../../lib/cn'
import { Link, useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button, buttonClasses } from '../../../ui/button'
import { toast } from '../../../ui/toast'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { useAdminCoupons, useSetCouponStatus } from './api'

const STATE_LABELS: Record<CouponState, string> = { active: 'Active', paused: 'Paused', scheduled: 'Scheduled', expired: 'Expired' }
const STATE_TONE: Record<CouponState, string> = {
  active: 'bg-success/10 text-success',
  paused: 'bg-accent/25 text-text',
  scheduled: 'bg-primary/10 text-primary',
  expired: 'bg-border text-muted',
}
const VIEWS: { state: CouponState | undefined; label: string }[] = [
  { state: undefined, label: 'All' },
  { state: 'active', label: 'Active' },
  { state: 'scheduled', label: 'Scheduled' },
  { state: 'paused', label: 'Paused' },
  { state: 'expired', label: 'Expired' },
]
const h = staffColumns<AdminCoupon>()

export function CouponStateBadge({ state }: { state: CouponState }) {
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', STATE_TONE[state])}>{STATE_LABELS[state]}</span>
}

/** '10% off, up to ₹100' or '₹50 off'; with the minimum cart when there is one. */
export function couponOffer(c: Pick<AdminCoupon, 'kind' | 'value' | 'max_discount' | 'min_cart'>): string {
  const off =
    c.kind === 'percent'
      ? `${c.value}% off${c.max_discount !== null ? `, up to ${formatINR(toPaise(c.max_discount))}` : ''}`
      : `${formatINR(toPaise(c.value))} off`
  return c.min_cart > 0 ? `${off} on ${formatINR(toPaise(c.min_cart))} or more` : off
}

const validity = (c: AdminCoupon) => {
  if (!c.starts_on && !c.ends_on) return 'Always'
  if (!c.ends_on) return `From ${formatDate(c.starts_on)}`
  if (!c.starts_on) return `Until ${formatDate(c.ends_on)}`
  return `${formatDate(c.starts_on)} – ${formatDate(c.ends_on)}`
}

const columns: StaffColumns<AdminCoupon> = h.columns([
  h.accessor('code', {
    header: 'Code',
    enableSorting: true,
    cell: ({ row: { original: c } }) => (
      <div className="min-w-0">
        <Link
          to={staffPath('/bos/admin/coupons/:id', { id: c.id })}
          tabIndex={-1}
          className="font-mono font-semibold text-text hover:text-primary hover:underline"
        >
          {c.code}
        </Link>
        {c.description && <p className="max-w-64 truncate text-xs text-muted">{c.description}</p>}
      </div>
    ),
  }),
  h.display({
    id: 'offer',
    header: 'Discount',
    cell: ({ row: { original: c } }) => (
      <div>
        <p>{couponOffer(c)}</p>
        <p className="text-xs text-muted">
          {[
            c.first_order_only && 'First order only',
            c.categories.length > 0 && `${c.categories.length} ${c.categories.length === 1 ? 'category' : 'categories'}`,
            c.brands.length > 0 && `${c.brands.length} ${c.brands.length === 1 ? 'brand' : 'brands'}`,
            !c.visible && 'Hidden',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    ),
  }),
  h.accessor('ends_on', {
    header: 'Valid',
    enableSorting: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: c } }) => validity(c),
  }),
  h.accessor('used', {
    header: 'Used',
    enableSorting: true,
    meta: { className: 'text-right tabular-nums whitespace-nowrap' },
    cell: ({ row: { original: c } }) => (c.usage_limit !== null ? `${c.used} / ${c.usage_limit}` : c.used),
  }),
  h.accessor('state', { header: 'State', cell: ({ getValue }) => <CouponStateBadge state={getValue()} /> }),
])

/** The website's coupons: search, a tab per state, pause or resume many at once. */
export function CouponListView() {
  const navigate = useNavigate()
  const { query, setQuery } = useTableQuery(CouponQuery)
  const list = useAdminCoupons(query)
  const setStatus = useSetCouponStatus()
  const filtered = Boolean(query.q || query.state)
  const clear = () => setQuery({ q: undefined, state: undefined })
  const run = (rows: AdminCoupon[], status: 'active' | 'paused', done: () => void) => {
    const changing = rows.filter((r) => r.status !== status)
    if (changing.length === 0) {
      toast.info(status === 'paused' ? 'These coupons are already paused' : 'These coupons are already active')
      return
    }
    setStatus.mutate(
      { ids: changing.map((r) => r.id), status },
      {
        onSuccess: () => {
          const what = changing.length === 1 ? changing[0].code : `${changing.length} coupons`
          toast.success(`${what} ${status === 'paused' ? 'paused' : 'resumed'}`, {
            action: { label: 'Undo', onClick: () => setStatus.mutate({ ids: changing.map((r) => r.id), status: status === 'paused' ? 'active' : 'paused' }) },
          })
          done()
        },
        onError: (err) => toast.fromError(err),
      },
    )
  }

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discount codes shoppers enter in their cart. A change applies at once, also to carts that already hold the code."
        actions={
          <Link to={staffPath('/bos/admin/coupons/new')} className={buttonClasses()}>
            <PlusIcon /> Add coupon
          </Link>
        }
      />
      <nav aria-label="Coupon states" className="mb-3 flex gap-1 border-b border-border">
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
      <DataTable<AdminCoupon, CouponQuery>
        label="Coupons"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(c) => String(c.id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(c) => navigate(staffPath('/bos/admin/coupons/:id', { id: c.id }))}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search coupons"
              placeholder="Code or description"
            />
            {filtered && (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </>
        }
        bulkActions={({ rows, clear: done }) => (
          <>
            <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => run(rows, 'paused', done)}>
              Pause
            </Button>
            <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => run(rows, 'active', done)}>
              Resume
            </Button>
          </>
        )}
        empty={
          filtered ? (
            <TableEmpty
              title="No coupons match"
              message="Try another code or state."
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <TableEmpty
              title="No coupons yet"
              message="Add a code such as WELCOME10 for first orders or FLAT50 for bigger carts."
              action={
                <Link to={staffPath('/bos/admin/coupons/new')} className={buttonClasses()}>
                  Add coupon
                </Link>
              }
            />
          )
        }
      />
    </>
  )
}
