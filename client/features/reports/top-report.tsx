import { REPORT_TOP } from '../../../common/contracts/admin-reports'
import { FigureTable } from '../../staff/ui/figure-table'
import { type ReportParams, useReport } from './api'
import { ReportCard } from './report-card'
import { BarsChart } from '../../staff/ui/charts'
import { rupees } from './report-format'

/** The best-selling products or categories by units. */
export function TopReport({ params, kind }: { params: ReportParams; kind: 'products' | 'categories' }) {
  const q = useReport(kind, params)
  const d = q.data
  const what = kind === 'products' ? 'Product' : 'Category'
  const rows = d?.rows ?? []
  return (
    <ReportCard
      name={kind}
      title={kind === 'products' ? 'Top products' : 'Top categories'}
      params={params}
      query={q}
      empty={d !== undefined && rows.length === 0}
      summary={
        rows[0] ? `The ${REPORT_TOP} best sellers by units; ${rows[0].name} leads with ${rows[0].units} units. The CSV lists every one sold.` : undefined
      }
    >
      <BarsChart
        data={rows.map((r) => ({ name: r.name.length > 22 ? `${r.name.slice(0, 21)}…` : r.name, units: r.units }))}
        name="name"
        series={[{ key: 'units', label: 'Units sold' }]}
      />
      <FigureTable
        caption={`Top ${kind} by units sold`}
        head={[what, 'Units', 'Orders', 'Revenue']}
        rows={rows.map((r) => [r.name, r.units, r.orders, rupees(r.revenue)])}
      />
    </ReportCard>
  )
}
