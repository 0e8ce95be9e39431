import { type Dashboard, type SlotFill, WAITING_LABELS } from '../../../common/contracts/admin-dashboard'
import { formatINR, toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { staffPath } from '../../staff/staff-paths'
import { Link } from '../../lib/router'
import { Card } from '../../staff/ui/card'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useDashboard } from './api'
import { SetupChecklist } from './setup-checklist'

/** A slot this full is "filling up". */
const FILLING = 0.8

const dayLabel = (d: Dashboard, date: string) => (date === d.date ? 'Today' : date === d.tomorrow ? 'Tomorrow' : date)

function Figure({ label, value, to, hint, tone }: { label: string; value: string | number; to: string; hint?: string; tone?: 'warn' | 'danger' }) {
  return (
    <Link to={to} className="group flex flex-col rounded-lg border border-border bg-surface p-4 hover:border-primary focus-visible:border-primary sm:p-5">
      <span className="text-sm text-muted">{label}</span>
      <span className={cn('mt-1 text-2xl font-semibold tabular-nums', tone === 'warn' && 'text-accent', tone === 'danger' && 'text-danger')}>{value}</span>
      {hint && <span className="mt-1 text-xs text-muted group-hover:text-primary group-hover:underline">{hint}</span>}
    </Link>
  )
}

function SlotRow({ slot, showWarehouse }: { slot: SlotFill; showWarehouse: boolean }) {
  const fill = slot.capacity > 0 ? slot.booked / slot.capacity : 1
  const full = slot.booked >= slot.capacity
  return (
    <li className="grid grid-cols-[10rem_1fr_4.5rem] items-center gap-3 py-1.5 text-sm">
      <span className="tabular-nums">
        {slot.start}–{slot.end}
        {showWarehouse && <span className="block truncate text-xs text-muted">{slot.warehouse_name}</span>}
      </span>
      <span
        className="h-2.5 overflow-hidden rounded-full bg-background"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={slot.capacity}
        aria-valuenow={slot.booked}
        aria-label={`${slot.start}–${slot.end}${showWarehouse ? ` at ${slot.warehouse_name}` : ''}: ${slot.booked} of ${slot.capacity} booked`}
      >
        <span
          className={cn('block h-full rounded-full', full ? 'bg-danger' : fill >= FILLING ? 'bg-accent' : 'bg-primary')}
          style={{ width: `${Math.min(100, Math.round(fill * 100))}%` }}
        />
      </span>
      <span className={cn('text-right tabular-nums', full ? 'font-semibold text-danger' : 'text-muted')}>
        {full ? 'Full' : `${slot.booked} / ${slot.capacity}`}
      </span>
    </li>
  )
}

function Slots({ d }: { d: Dashboard }) {
  const warehouses = new Set(d.slots.map((s) => s.warehouse_id)).size
  const days = [d.date, d.tomorrow].map((date) => ({ date, slots: d.slots.filter((s) => s.date === date) }))
  const filling = d.slots.filter((s) => s.capacity > 0 && s.booked / s.capacity >= FILLING).length
  return (
    <Card
      title="Delivery slots"
      description={filling > 0 ? `${filling} slot${filling === 1 ? '' : 's'} at 80 % or more` : 'Booked against capacity, today and tomorrow'}
      className="lg:col-span-2"
    >
      <div className="grid gap-6 md:grid-cols-2">
        {days.map(({ date, slots }) => (
          <div key={date}>
            <h3 className="mb-1 text-sm font-semibold">
              {dayLabel(d, date)} <span className="font-normal text-muted">{date}</span>
            </h3>
            {slots.length === 0 ? (
              <p className="text-sm text-muted">{date === d.date ? 'No more slots today.' : 'No slots open yet.'}</p>
            ) : (
              <ul>
                {slots.map((s) => (
                  <SlotRow key={`${s.warehouse_id}-${s.date}-${s.start}`} slot={s} showWarehouse={warehouses > 1} />
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Card>
  )
}

/** The admin home's figures: the day so far, what waits, slots filling up and stock running low, each a way into its list. */
export function DashboardFigures() {
  const dash = useDashboard()
  if (dash.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading today’s figures" className="size-6 text-primary" />
      </div>
    )
  if (dash.error)
    return (
      <div className="mb-6 flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-danger">
          {errorText(dash.error)}
        </p>
        <Button variant="outline" onClick={() => void dash.refetch()}>
          Try again
        </Button>
      </div>
    )
  const d = dash.data
  const waiting = d.waiting.reduce((n, w) => n + w.count, 0)
  return (
    <div className="mb-8 flex flex-col gap-4">
      <SetupChecklist />
      <section aria-label="Today" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Orders today" value={d.today.orders} to={staffPath('/bos/admin/orders', `from=${d.date}&to=${d.date}`)} hint="See today’s orders" />
        <Figure
          label="Revenue today"
          value={formatINR(toPaise(d.today.revenue))}
          to={staffPath('/bos/admin/orders', `from=${d.date}&to=${d.date}`)}
          hint="Orders placed since midnight"
        />
        <Figure
          label="Low stock"
          value={d.stock.low}
          to={staffPath('/bos/admin/stock', 'state=low')}
          hint="Packs at or below their low mark"
          tone={d.stock.low > 0 ? 'warn' : undefined}
        />
        <Figure
          label="Out of stock"
          value={d.stock.out_of_stock}
          to={staffPath('/bos/admin/stock', 'state=out_of_stock')}
          hint="Packs nobody can order"
          tone={d.stock.out_of_stock > 0 ? 'danger' : undefined}
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Orders waiting" description={waiting === 0 ? 'Nothing waiting: all caught up' : `${waiting} to move along`}>
          <ul className="divide-y divide-border">
            {d.waiting.map((w) => (
              <li key={w.status}>
                <Link
                  to={staffPath('/bos/admin/orders', `status=${w.status}`)}
                  className="flex items-center justify-between py-2 text-sm hover:text-primary hover:underline"
                >
                  <span>{WAITING_LABELS[w.status]}</span>
                  <span
                    className={cn(
                      'min-w-8 rounded-full px-2 py-0.5 text-center font-semibold tabular-nums',
                      w.count > 0 ? 'bg-primary/10 text-primary' : 'text-muted',
                    )}
                  >
                    {w.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Slots d={d} />
      </div>
    </div>
  )
}
