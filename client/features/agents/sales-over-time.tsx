import { lazy, Suspense } from 'react'
import { AGENT_PERIODS, type AgentPeriod, type SalesDashboard } from '../../../common/contracts/agents'
import { rupees } from './format'

// recharts loads with this section only, and after the dashboard's figures
const SalesChart = lazy(() => import('./sales-chart'))

const PERIOD_LABELS: Record<AgentPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' }

/** The agent's sales per day, week or month: a chart, and the same figures as a table. */
export function SalesOverTime({ d, period, onPeriod }: { d: SalesDashboard; period: AgentPeriod; onPeriod: (p: AgentPeriod) => void }) {
  return (
    <section aria-labelledby="chart-title" className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="chart-title" className="font-semibold">
          Sales over time
        </h2>
        <div role="group" aria-label="Chart period" className="flex rounded-md border border-border p-0.5 text-sm">
          {AGENT_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => onPeriod(p)}
              className={`rounded px-3 py-1 ${period === p ? 'bg-primary text-on-primary' : 'text-muted'}`}
            >
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
      </div>
      <Suspense fallback={<div className="h-56 sm:h-64" />}>
        <SalesChart series={d.series} />
      </Suspense>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">Figures per {PERIOD_LABELS[period].toLowerCase()}</summary>
        <table className="mt-2 w-full text-left">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-normal">From</th>
              <th className="py-1 font-normal">Orders</th>
              <th className="py-1 font-normal">Revenue</th>
              <th className="py-1 font-normal">Commission</th>
            </tr>
          </thead>
          <tbody>
            {d.series.map((s) => (
              <tr key={s.start} className="border-t border-border">
                <td className="py-1">{s.label}</td>
                <td className="py-1">{s.orders}</td>
                <td className="py-1">{rupees(s.revenue)}</td>
                <td className="py-1">{rupees(s.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}
