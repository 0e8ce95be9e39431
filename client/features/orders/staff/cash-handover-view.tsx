import type { CashHandoverPerson } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { Link, useSearchParams } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { useCashHandover } from './api'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DOOR: Record<string, string> = { cash: 'Cash', upi: 'UPI', part: 'Part paid', nothing: 'Nothing paid' }
const fieldClasses = 'h-10 rounded-md border border-border bg-surface px-2 text-sm'

/**
 * A day's cash handover (docs/decisions/0018 "Delivered"): per delivery person, the cash-on-delivery orders they
 * delivered that day, the cash they bring back to the shop, the UPI taken at the door and what shoppers still owe.
 */
export function CashHandoverView() {
  const [search, setSearch] = useSearchParams()
  // no date asked: the server answers today (India time)
  const asked = DATE.test(search.get('date') ?? '') ? search.get('date')! : undefined
  const { data, error, isPending } = useCashHandover({ date: asked })
  const date = asked ?? data?.date ?? ''
  const choose = (value: string) => setSearch(new URLSearchParams(value ? { date: value } : {}), { replace: true })

  return (
    <>
      <PageHeader
        title="Cash handover"
        description="What each delivery person brings back for a day’s cash-on-delivery orders: the cash to hand over, the UPI taken at the door and what shoppers still owe."
        back={{ to: staffPath('/bos/admin/orders'), label: 'Orders' }}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Delivered on
          <input type="date" className={fieldClasses} value={date} onChange={(e) => e.target.value && choose(e.target.value)} />
        </label>
        {data && data.totals.orders > 0 && (
          <p className="pb-2 text-sm text-muted">
            {data.totals.orders} {data.totals.orders === 1 ? 'order' : 'orders'} · {formatINR(data.totals.cash)} cash · {formatINR(data.totals.upi)} UPI
            {data.totals.due > 0 && ` · ${formatINR(data.totals.due)} still due`}
          </p>
        )}
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
          {errorText(error)}
        </p>
      ) : isPending ? (
        <p className="text-sm text-muted">Loading the day’s deliveries…</p>
      ) : data.people.length === 0 ? (
        <p className="rounded-md border border-border bg-surface p-6 text-center text-sm text-muted">
          No cash-on-delivery orders were marked delivered on {data.date}.
        </p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {data.people.map((p) => (
            <PersonCard key={p.phone ?? 'none'} person={p} />
          ))}
        </div>
      )}
    </>
  )
}

function PersonCard({ person }: { person: CashHandoverPerson }) {
  const name = person.name ? `${person.name}${person.phone ? ` (${person.phone})` : ''}` : 'No delivery person named'
  return (
    <Card title={name} description={`${person.orders.length} ${person.orders.length === 1 ? 'order' : 'orders'} delivered`}>
      <dl aria-label={`Handover of ${person.name ?? 'orders without a delivery person'}`} className="mb-3 grid grid-cols-3 gap-2 text-sm">
        <Figure label="Cash to hand over" value={formatINR(person.cash)} strong />
        <Figure label="UPI at the door" value={formatINR(person.upi)} />
        <Figure label="Still due" value={formatINR(person.due)} danger={person.due > 0} />
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Orders delivered by {person.name ?? 'no named delivery person'}</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted">
              <th scope="col" className="py-1.5 pr-2 font-medium">
                Order
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Paid
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Cash
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                UPI
              </th>
              <th scope="col" className="py-1.5 pl-2 text-right font-medium">
                Due
              </th>
            </tr>
          </thead>
          <tbody>
            {person.orders.map((o) => (
              <tr key={o.id} className="border-b border-border/60">
                <td className="py-1.5 pr-2 whitespace-nowrap">
                  <Link to={staffPath('/bos/admin/orders/:id', { id: o.id })} className="font-medium text-primary hover:underline">
                    {o.order_number}
                  </Link>
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{o.paid_at_door ? DOOR[o.paid_at_door] : 'Cash'}</td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{formatINR(o.total)}</td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{formatINR(o.cash)}</td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{formatINR(o.upi)}</td>
                <td
                  className={
                    o.due > 0
                      ? 'py-1.5 pl-2 text-right font-medium whitespace-nowrap text-danger tabular-nums'
                      : 'py-1.5 pl-2 text-right whitespace-nowrap tabular-nums'
                  }
                >
                  {formatINR(o.due)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  )
}

function Figure({ label, value, strong, danger }: { label: string; value: string; strong?: boolean; danger?: boolean }) {
  return (
    <div className="rounded-md bg-background p-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'text-lg font-semibold' : 'font-medium'} ${danger ? 'text-danger' : ''}`}>{value}</dd>
    </div>
  )
}
