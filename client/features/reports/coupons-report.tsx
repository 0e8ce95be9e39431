import { FigureTable } from '../../staff/ui/figure-table'
import { type ReportParams, useReport } from './api'
import { ReportCard } from './report-card'
import { BarsChart } from '../../staff/ui/charts'
import { axisRupees, plural, rupees } from './report-format'

/** Each coupon code's uses, the discount it gave and the revenue of its orders. */
export function CouponsReport({ params }: { params: ReportParams }) {
  const q = useReport('coupons', params)
  const d = q.data
  const rows = d?.rows ?? []
  const discount = rows.reduce((n, r) => n + r.discount, 0)
  return (
    <ReportCard
      name="coupons"
      title="Coupon usage"
      params={params}
      query={q}
      empty={d !== undefined && rows.length === 0}
      summary={d && rows.length ? `${plural(rows.length, 'code')} used; ${rupees(discount)} given as discount on orders that count.` : undefined}
    >
      <BarsChart data={rows} name="code" series={[{ key: 'discount', label: 'Discount given', format: axisRupees }]} />
      <FigureTable
        caption="Coupon usage per code"
        head={['Code', 'Uses', 'Orders', 'Discount', 'Revenue']}
        rows={rows.map((r) => [<code key="c">{r.code}</code>, r.uses, r.orders, rupees(r.discount), rupees(r.revenue)])}
        wide={[1]}
      />
      <p className="mt-2 text-xs text-muted">Uses: orders placed with the code, cancelled ones too. Orders, discount and revenue: the orders that count.</p>
    </ReportCard>
  )
}
