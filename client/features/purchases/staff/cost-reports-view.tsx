import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { MARGIN_GROUPS, marginReport, purchaseRegister, stockValueReport } from '../../../../common/contracts/admin-cost-reports'
import { formatINR } from '../../../../common/money'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'

type By = (typeof MARGIN_GROUPS)[number]
const rupees = (r: number) => formatINR(Math.round(r * 100))
const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10)

function Table({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={label}>
        <thead>
          <tr className="text-left text-muted">
            {head.map((h, i) => (
              <th key={h} className={`p-2 ${i ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])} className="border-t border-border">
              {r.map((c, i) => (
                <td key={head[i]} className={`p-2 ${i ? 'text-right tabular-nums' : 'font-medium'}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Gross margin by product, category or day; stock value at cost; the purchase register with input GST. */
export function CostReportsView() {
  const api = useApi()
  const [from, setFrom] = useState(day(-29))
  const [to, setTo] = useState(day(0))
  const [by, setBy] = useState<By>('product')
  const margin = useQuery({ queryKey: ['admin', 'reports', 'margin', from, to, by], queryFn: () => api.call(marginReport, { query: { from, to, by } }) })
  const value = useQuery({ queryKey: ['admin', 'reports', 'stock-value'], queryFn: () => api.call(stockValueReport) })
  const register = useQuery({
    queryKey: ['admin', 'reports', 'purchase-register', from, to],
    queryFn: () => api.call(purchaseRegister, { query: { from, to } }),
  })
  const m = margin.data
  return (
    <>
      <PageHeader
        title="Margin and purchases"
        description="What sales earned over what their batches cost, the stock’s value at cost, and the GST paid on purchases (input tax credit)."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <section aria-label="Gross margin" className="mb-8 flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 className="mr-2 text-lg font-semibold">Gross margin</h2>
          {MARGIN_GROUPS.map((g) => (
            <Button key={g} size="sm" variant={g === by ? 'primary' : 'outline'} aria-pressed={g === by} onClick={() => setBy(g)}>
              By {g}
            </Button>
          ))}
        </div>
        {margin.error && <p className="text-danger">{errorText(margin.error)}</p>}
        {m && (
          <Table
            label={`Gross margin by ${by}`}
            head={[
              by === 'day' ? 'Day' : by === 'category' ? 'Category' : 'Product',
              'Units',
              'Revenue',
              'Cost',
              'Margin',
              'Margin %',
              'Revenue, cost unknown',
            ]}
            rows={[...m.rows, m.total].map((r) => [
              r.label,
              r.units,
              rupees(r.revenue),
              rupees(r.cost),
              rupees(r.margin),
              r.margin_percent === null ? '—' : `${r.margin_percent} %`,
              rupees(r.revenue_without_cost),
            ])}
          />
        )}
      </section>
      <section aria-label="Stock value at cost" className="mb-8 flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Stock value at cost</h2>
        {value.data && (
          <Table
            label="Stock value at cost"
            head={['Warehouse', 'Units', 'Value at cost', 'Units without a cost']}
            rows={[
              ...value.data.rows.map((r) => [r.warehouse_name, r.units, rupees(r.value), r.units_without_cost]),
              ['Total', '', rupees(value.data.total), ''],
            ]}
          />
        )}
      </section>
      <section aria-label="Purchase register" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Purchase register</h2>
        {register.data && (
          <Table
            label="Purchase register"
            head={['Supplier', 'GSTIN', 'GST %', 'Bills', 'Taxable', 'CGST', 'SGST', 'IGST']}
            rows={[
              ...register.data.rows.map((r) => [
                `${r.supplier_name} · ${r.gst_rate} %`,
                r.gstin ?? '—',
                r.gst_rate,
                r.bills,
                rupees(r.taxable),
                rupees(r.cgst),
                rupees(r.sgst),
                rupees(r.igst),
              ]),
              [
                'Total',
                '',
                '',
                '',
                rupees(register.data.total.taxable),
                rupees(register.data.total.cgst),
                rupees(register.data.total.sgst),
                rupees(register.data.total.igst),
              ],
            ]}
          />
        )}
      </section>
    </>
  )
}
