import { CHANNEL_LABELS, PAYMENT_METHOD_LABELS } from '../../../common/contracts/admin-reports'
import { FigureTable } from '../../staff/ui/figure-table'
import { type ReportParams, useReport } from './api'
import { ReportCard } from './report-card'
import { BarsChart } from '../../staff/ui/charts'
import { axisRupees, percent, rupees } from './report-format'

/** Orders and revenue by channel (web, counter, agent) and by payment method. */
export function ChannelsReport({ params }: { params: ReportParams }) {
  const q = useReport('channels', params)
  const d = q.data
  const label = (labels: Record<string, string>) => (k: string) => labels[k] ?? k
  const parts = [
    { title: 'By channel', rows: d?.channels.map((c) => ({ name: c.channel, orders: c.orders, revenue: c.revenue })) ?? [], names: label(CHANNEL_LABELS) },
    {
      title: 'By payment method',
      rows: d?.payment_methods.map((c) => ({ name: c.payment_method, orders: c.orders, revenue: c.revenue })) ?? [],
      names: label(PAYMENT_METHOD_LABELS),
    },
  ]
  const total = d?.channels.reduce((n, c) => n + c.orders, 0) ?? 0
  return (
    <ReportCard name="channels" title="Orders by channel and payment method" params={params} query={q} empty={d !== undefined && total === 0}>
      <div className="grid gap-6 lg:grid-cols-2">
        {parts.map((p) => (
          <section key={p.title} aria-label={p.title}>
            <h3 className="mb-2 text-sm font-semibold">{p.title}</h3>
            <BarsChart data={p.rows} name="name" nameFormat={p.names} series={[{ key: 'revenue', label: 'Revenue', format: axisRupees }]} />
            <FigureTable
              caption={`Orders and revenue ${p.title.toLowerCase()}`}
              head={[p.title.replace('By ', '').replace(/^./, (c) => c.toUpperCase()), 'Orders', 'Share', 'Revenue']}
              rows={p.rows.map((r) => [p.names(r.name), r.orders, percent(r.orders, total), rupees(r.revenue)])}
            />
          </section>
        ))}
      </div>
    </ReportCard>
  )
}
