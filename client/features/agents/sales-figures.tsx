import type { SalesDashboard } from '../../../common/contracts/agents'
import { spacedMobile } from '../../lib/agent-mode'
import { rupees } from './format'

/** The agent's figures: orders and revenue today, this week and month, waiting, delivered, and commission. */
export function SalesFigures({ d }: { d: SalesDashboard }) {
  const tiles: [string, string, string][] = [
    ['Today', String(d.today.orders), rupees(d.today.revenue)],
    ['This week', String(d.week.orders), rupees(d.week.revenue)],
    ['This month', String(d.month.orders), rupees(d.month.revenue)],
    ['Waiting for payment', String(d.awaiting_payment.orders), rupees(d.awaiting_payment.revenue)],
    ['Delivered', String(d.delivered.orders), rupees(d.delivered.revenue)],
    ['Commission earned', rupees(d.commission.earned), `${rupees(d.commission.pending)} pending`],
  ]
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3" data-figures>
      {tiles.map(([label, big, small]) => (
        <div key={label} className="rounded-lg border border-border bg-surface p-3">
          <dt className="text-xs text-muted sm:text-sm">{label}</dt>
          <dd className="mt-0.5 text-xl font-semibold sm:text-2xl" data-figure={label}>
            {big}
          </dd>
          <dd className="text-xs text-muted sm:text-sm">{small}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The agent's best customers by what they ordered. */
export function TopCustomers({ d }: { d: SalesDashboard }) {
  if (d.top_customers.length === 0) return null
  return (
    <section aria-labelledby="top-title" className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <h2 id="top-title" className="mb-2 font-semibold">
        Top customers
      </h2>
      <ol className="divide-y divide-border text-sm">
        {d.top_customers.map((c) => (
          <li key={c.id} className="flex justify-between gap-2 py-2">
            <span className="min-w-0 truncate">
              {c.name} <span className="text-muted">· {spacedMobile(c.phone)}</span>
            </span>
            <span className="shrink-0">
              {rupees(c.total)} <span className="text-muted">({c.orders})</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
