import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { SalesDashboard } from '../../../common/contracts/agents'

/**
 * The sales dashboard's chart (recharts, docs/decisions/0034): only the dashboard's sales-over-time.tsx imports this
 * module, lazily, so the library never loads with the rest of the store. A picture of the table under it (hidden from
 * assistive technology).
 */
const rupee = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })

export default function SalesChart({ series }: { series: SalesDashboard['series'] }) {
  return (
    <div aria-hidden="true" className="h-56 w-full sm:h-64" data-chart>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--color-border)" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: 'var(--color-muted)', fontSize: 11 }} minTickGap={8} />
          <YAxis tick={{ fill: 'var(--color-muted)', fontSize: 11 }} width={56} tickFormatter={(v: number) => rupee.format(v)} />
          <Tooltip formatter={(v, name) => (name === 'Orders' ? String(v) : rupee.format(Number(v)))} />
          <Bar dataKey="revenue" name="Revenue" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
          <Bar dataKey="commission" name="Commission" fill="#d97706" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
