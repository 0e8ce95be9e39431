import { SALES_GROUPS, type SalesGroup } from '../../../common/contracts/admin-reports'
import { FigureTable } from '../../staff/ui/figure-table'
import { Button } from '../../ui/button'
import { type ReportParams, useReport } from './api'
import { Figures, ReportCard } from './report-card'
import { TrendChart } from '../../staff/ui/charts'
import { axisRupees, GROUP_LABELS, periodLabel, plural, rupees } from './report-format'

/** Orders and revenue per day, week or month. */
export function SalesReport({ params, setGroup }: { params: ReportParams; setGroup: (g: SalesGroup) => void }) {
  const q = useReport('sales', params)
  const group = params.group ?? 'day'
  const d = q.data
  const best = d?.rows.reduce((b, r) => (r.revenue > b.revenue ? r : b), d.rows[0])
  return (
    <ReportCard
      name="sales"
      title="Sales"
      params={params}
      query={q}
      empty={d?.totals.orders === 0}
      summary={
        d && best
          ? `${plural(d.totals.orders, 'order')}, ${rupees(d.totals.revenue)} revenue; best ${group}: ${periodLabel(group, best.period)} with ${rupees(best.revenue)}.`
          : undefined
      }
      actions={
        <div role="group" aria-label="Group by" className="flex gap-1">
          {SALES_GROUPS.map((g) => (
            <Button key={g} size="sm" variant={g === group ? 'primary' : 'ghost'} aria-pressed={g === group} onClick={() => setGroup(g)}>
              {GROUP_LABELS[g]}
            </Button>
          ))}
        </div>
      }
    >
      {d && (
        <>
          <Figures
            items={[
              { label: 'Orders', value: d.totals.orders },
              { label: 'Revenue', value: rupees(d.totals.revenue) },
              { label: 'Average order value', value: rupees(d.totals.average_order_value) },
              { label: 'Refunded', value: rupees(d.totals.refunds) },
            ]}
          />
          <TrendChart
            data={d.rows}
            x="period"
            xFormat={(p) => periodLabel(group, p)}
            series={[
              { key: 'revenue', label: 'Revenue', format: axisRupees },
              { key: 'orders', label: 'Orders' },
            ]}
          />
          <FigureTable
            caption={`Sales per ${group}`}
            head={[GROUP_LABELS[group], 'Orders', 'Revenue', 'Refunded', 'Average order']}
            rows={[...d.rows]
              .reverse()
              .map((r) => [periodLabel(group, r.period), r.orders, rupees(r.revenue), rupees(r.refunds), rupees(r.average_order_value)])}
            foot={['Total', d.totals.orders, rupees(d.totals.revenue), rupees(d.totals.refunds), rupees(d.totals.average_order_value)]}
            wide={[3, 4]}
          />
        </>
      )}
    </ReportCard>
  )
}
