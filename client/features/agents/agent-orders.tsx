import { useState } from 'react'
import type { AgentOrder } from '../../../common/contracts/agents'
import { csvFile } from '../../../common/csv'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { useAgentOrders } from './api'
import { inputClass as input, rupees } from './format'

const STATUS_FILTERS = [
  ['', 'All orders'],
  ['open', 'Open'],
  ['awaiting_payment', 'Waiting for payment'],
  ['delivered', 'Delivered'],
  ['cancelled', 'Cancelled or expired'],
] as const

/** The orders the agent placed, filtered by status and dates, and exported as CSV. */
export function AgentOrders() {
  const [status, setStatus] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const orders = useAgentOrders({
    ...(status ? { status: status as 'open' } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  })
  const rows = orders.data?.data ?? []
  return (
    <section aria-labelledby="orders-title" className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="orders-title" className="font-semibold">
          Your orders
        </h2>
        <Button size="sm" variant="outline" disabled={rows.length === 0} onClick={() => downloadCsv(rows)}>
          Export CSV
        </Button>
      </div>
      <div className="mb-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <label className="col-span-2 grid gap-1 sm:col-span-1">
          <span className="text-muted">Status</span>
          <select className={input} value={status} onChange={(e) => setStatus(e.target.value)} aria-label="Status">
            {STATUS_FILTERS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="text-muted">From</span>
          <input type="date" className={input} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="grid gap-1">
          <span className="text-muted">To</span>
          <input type="date" className={input} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {orders.isError ? (
        <p className="text-sm text-danger">{errorText(orders.error)}</p>
      ) : rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">{orders.isLoading ? 'Loading…' : 'No orders here yet.'}</p>
      ) : (
        <ul className="divide-y divide-border text-sm" data-agent-orders>
          {rows.map((o) => (
            <li key={o.id} className="flex items-start justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium">
                  {o.order_number} · {o.customer_name}
                </span>
                <span className="block text-xs text-muted">
                  {o.status.replaceAll('_', ' ')} · {o.payment_method === 'cod' ? 'cash on delivery' : `${o.payment_method} (${o.payment_status})`} ·{' '}
                  {new Date(o.created_at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}
                </span>
              </span>
              <span className="shrink-0 text-right">
                {rupees(o.total)}
                <span className="block text-xs text-muted">commission {rupees(o.commission)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function downloadCsv(rows: AgentOrder[]) {
  const head = ['order_number', 'customer', 'status', 'payment_method', 'payment_status', 'total', 'commission', 'created_at']
  const file = csvFile([
    head,
    ...rows.map((o) => [o.order_number, o.customer_name, o.status, o.payment_method, o.payment_status, o.total, o.commission, o.created_at]),
  ])
  const url = URL.createObjectURL(new Blob([file], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = 'my-orders.csv'
  a.click()
  URL.revokeObjectURL(url)
}
