import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { AGENT_PERIODS, type AgentCustomer, type AgentOrder, type AgentPeriod, type SalesDashboard } from '../../common/contracts/agents'
import type { PaymentLinkAnswer } from '../../common/contracts/checkout'
import { INDIAN_STATES } from '../../common/rules/address'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout, LoadFailed } from '../features/accounts/account-layout'
import { lookupCustomer, sendLink, useAddCustomer, useAgentCustomers, useAgentOrders, useSalesDashboard } from '../features/agents/api'
import { useInit } from '../features/site-settings/api'
import { agentMode, setAgentMode, spacedMobile } from '../lib/agent-mode'
import { useApi } from '../lib/api-context'
import { errorText } from '../lib/error-text'
import { useNavigate, useSearchParams } from '../lib/router'
import { Button } from '../ui/button'

// recharts loads with this page only, and after its figures
const SalesChart = lazy(() => import('../features/agents/sales-chart'))

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: n % 1 ? 2 : 0 }).format(n)
const PERIOD_LABELS: Record<AgentPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' }
const STATUS_FILTERS = [
  ['', 'All orders'],
  ['open', 'Open'],
  ['awaiting_payment', 'Waiting for payment'],
  ['delivered', 'Delivered'],
  ['cancelled', 'Cancelled or expired'],
] as const
const input = 'h-10 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-sm'

/** Sales agents only (route flag agentOnly; the server answers 403 to anyone else). Phone first. */
export function AccountDashboardRoute() {
  const { user } = useInit()
  const [period, setPeriod] = useState<AgentPeriod>('day')
  const dashboard = useSalesDashboard(period)
  useDocumentHead({ title: 'Sales dashboard' })
  if (!user) return null
  const d = dashboard.data
  return (
    <AccountLayout user={user} title="Sales dashboard">
      <div className="space-y-5">
        <PlacedNotice />
        <OrderForCustomer />
        {dashboard.isError ? (
          <LoadFailed message={errorText(dashboard.error)} onRetry={() => dashboard.refetch()} />
        ) : !d ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : (
          <>
            <Figures d={d} />
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
                      onClick={() => setPeriod(p)}
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
            <TopCustomers d={d} />
          </>
        )}
        <Orders />
      </div>
    </AccountLayout>
  )
}

function Figures({ d }: { d: SalesDashboard }) {
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

function TopCustomers({ d }: { d: SalesDashboard }) {
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

/** After placing in agent mode: the order's outcome, and an online order's payment link sent to the customer. */
function PlacedNotice() {
  const api = useApi()
  const [params, setParams] = useSearchParams()
  const placed = Number(params.get('placed') ?? '')
  const method = params.get('method')
  const [link, setLink] = useState<PaymentLinkAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const asked = useRef(false)
  const who = agentMode()
  useEffect(() => {
    if (!placed || !method || method === 'cod' || asked.current) return
    asked.current = true
    sendLink(api, placed).then(setLink, (err) => setError(errorText(err)))
  }, [api, placed, method])
  if (!placed) return null
  const close = () => {
    setParams(new URLSearchParams(), { replace: true })
    setAgentMode(null)
  }
  return (
    <div role="status" className="rounded-xl border border-green-700/30 bg-green-50 p-3 text-sm text-green-950 sm:p-4" data-placed>
      <p className="font-semibold">Order placed{who ? ` for ${who.name}` : ''}.</p>
      {method === 'cod' ? (
        <p>Cash on delivery: the customer pays when it arrives.</p>
      ) : error ? (
        <p className="text-danger">{error}</p>
      ) : !link ? (
        <p>Sending the payment link…</p>
      ) : (
        <p data-payment-link>
          Payment link sent to {link.sent_to.map(spacedMobile).join(' and ')} (valid until{' '}
          {new Date(link.expires_at).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}):{' '}
          <a href={link.url} className="break-all text-primary underline" target="_blank" rel="noreferrer">
            {link.url}
          </a>
        </p>
      )}
      <Button variant="outline" size="sm" className="mt-2" onClick={close}>
        Done
      </Button>
    </div>
  )
}

/** Find a customer by mobile number, or add one; then 'Order for' switches the store into agent mode. */
function OrderForCustomer() {
  const api = useApi()
  const navigate = useNavigate()
  const customers = useAgentCustomers()
  const add = useAddCustomer()
  const [mobile, setMobile] = useState('')
  const [found, setFound] = useState<{ id: number; name: string; phone: string; mine: boolean } | null | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [form, setForm] = useState({ name: '', house: '', street: '', area: '', city: '', state: 'Karnataka', pincode: '' })
  const orderFor = (c: { id: number; name: string; phone: string | null }) => {
    setAgentMode({ id: c.id, name: c.name, phone: c.phone })
    navigate('/products')
  }
  async function find() {
    setError(null)
    try {
      setFound((await lookupCustomer(api, mobile.trim())).customer)
    } catch (err) {
      setError(errorText(err))
    }
  }
  async function save(withAddress: boolean) {
    setError(null)
    try {
      const c: AgentCustomer = await add.mutateAsync({
        mobile: mobile.trim(),
        ...(withAddress
          ? {
              name: form.name,
              address: {
                name: form.name,
                mobile: mobile.trim(),
                house: form.house,
                street: form.street,
                area: form.area,
                city: form.city,
                state: form.state as (typeof INDIAN_STATES)[number],
                pincode: form.pincode,
              },
            }
          : {}),
      })
      setFound(undefined)
      setMobile('')
      orderFor(c)
    } catch (err) {
      setError(errorText(err))
    }
  }
  const field = (key: keyof typeof form, label: string, extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {}) => (
    <label className="grid gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <input className={input} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} {...extra} />
    </label>
  )
  return (
    <section aria-labelledby="customers-title" className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <h2 id="customers-title" className="mb-2 font-semibold">
        Order for a customer
      </h2>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void find()
        }}
      >
        <label className="sr-only" htmlFor="customer-mobile">
          Customer's mobile number
        </label>
        <input
          id="customer-mobile"
          className={input}
          inputMode="numeric"
          placeholder="Customer's mobile number"
          value={mobile}
          onChange={(e) => {
            setMobile(e.target.value)
            setFound(undefined)
          }}
        />
        <Button type="submit">Find</Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {found && (
        <div className="mt-3 flex items-center justify-between gap-2 text-sm">
          <span>
            {found.name} · {spacedMobile(found.phone)}
          </span>
          {found.mine ? (
            <Button size="sm" onClick={() => orderFor(found)}>
              Order for {found.name}
            </Button>
          ) : (
            <Button size="sm" onClick={() => void save(false)} disabled={add.isPending}>
              Add and order
            </Button>
          )}
        </div>
      )}
      {found === null && (
        <form
          className="mt-3 grid gap-2 sm:grid-cols-2"
          aria-label="New customer"
          onSubmit={(e) => {
            e.preventDefault()
            void save(true)
          }}
        >
          <p className="text-sm text-muted sm:col-span-2">No customer has this number yet: add them with their delivery address.</p>
          {field('name', 'Name', { required: true, autoComplete: 'off' })}
          {field('house', 'House / flat no.', { required: true })}
          {field('street', 'Building / street', { required: true })}
          {field('area', 'Area / locality', { required: true })}
          {field('city', 'City', { required: true })}
          <label className="grid gap-1 text-sm">
            <span className="text-muted">State</span>
            <select className={input} value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value })}>
              {INDIAN_STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          {field('pincode', 'Pincode', { required: true, inputMode: 'numeric' })}
          <div className="flex items-end">
            <Button type="submit" disabled={add.isPending}>
              Add customer and order
            </Button>
          </div>
        </form>
      )}
      {customers.data && customers.data.data.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-t border-border text-sm" aria-label="Your customers">
          {customers.data.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block truncate font-medium">
                  {c.name} <span className="font-normal text-muted">· {spacedMobile(c.phone)}</span>
                </span>
                <span className="block text-xs text-muted">
                  {c.orders ? `${c.orders} order${c.orders === 1 ? '' : 's'} · ${rupees(c.total_ordered)} · last ${c.last_order_number}` : 'No orders yet'}
                  {c.added_by_agent && !c.phone_verified ? ' · number not verified yet' : ''}
                </span>
              </span>
              <Button size="sm" variant="outline" onClick={() => orderFor(c)} aria-label={`Order for ${c.name}`}>
                Order for
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Orders() {
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
  const cell = (v: string | number) => {
    const s = String(v)
    return /[",\n]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"` : s
  }
  const lines = [
    head.join(','),
    ...rows.map((o) =>
      [o.order_number, o.customer_name, o.status, o.payment_method, o.payment_status, o.total, o.commission, o.created_at].map(cell).join(','),
    ),
  ]
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }))
  const a = document.createElement('a')
  a.href = url
  a.download = 'my-orders.csv'
  a.click()
  URL.revokeObjectURL(url)
}
