import type { ReactNode } from 'react'
import {
  CHANNEL_LABELS,
  PAYMENT_METHOD_LABELS,
  REPORT_DEFAULT_DAYS,
  REPORT_TOP,
  type ReportName,
  SALES_GROUPS,
  type SalesGroup,
} from '../../../common/contracts/admin-reports'
import { formatDate } from '../../../common/dates'
import { formatINR, toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { useSearchParams } from '../../lib/router'
import { Card } from '../../staff/ui/card'
import { PageHeader } from '../../staff/ui/page-header'
import { DownloadIcon } from '../../staff/ui/staff-icons'
import { Button, buttonClasses } from '../../ui/button'
import { BarsChart, TrendChart } from './report-charts'
import { type ReportParams, reportCsvUrl, useReport } from './api'

/** Reports (docs/decisions/0023-reports.md): a range of India days, one report per tab, each a chart, its table and its CSV. */

const TABS: { name: ReportName; label: string }[] = [
  { name: 'sales', label: 'Sales' },
  { name: 'channels', label: 'Channels & payments' },
  { name: 'products', label: 'Top products' },
  { name: 'categories', label: 'Top categories' },
  { name: 'slots', label: 'Slot utilisation' },
  { name: 'coupons', label: 'Coupons' },
]
const GROUP_LABELS: Record<SalesGroup, string> = { day: 'Day', week: 'Week', month: 'Month' }

const rupees = (n: number) => formatINR(toPaise(n))
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
/** Short rupees for an axis: ₹1.2L, ₹45K. */
const axisRupees = (n: number) =>
  n >= 1e7 ? `₹${(n / 1e7).toFixed(1)}Cr` : n >= 1e5 ? `₹${(n / 1e5).toFixed(1)}L` : n >= 1e3 ? `₹${Math.round(n / 1e3)}K` : `₹${n}`
const percent = (booked: number, capacity: number) => (capacity ? `${Math.round((100 * booked) / capacity)} %` : '–')
const dayShort = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const monthShort = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const periodLabel = (group: SalesGroup, p: string) => {
  const d = new Date(`${p}T00:00:00Z`)
  return group === 'month' ? monthShort.format(d) : group === 'week' ? `Week of ${dayShort.format(d)}` : dayShort.format(d)
}

/** India's calendar day now, and days around it (the server counts in India's days too). */
const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
const monthStart = (day: string) => `${day.slice(0, 7)}-01`

function presets(today: string): { label: string; from?: string; to?: string }[] {
  const lastMonthEnd = shift(monthStart(today), -1)
  return [
    { label: 'Today', from: today, to: today },
    { label: '7 days', from: shift(today, -6), to: today },
    { label: `${REPORT_DEFAULT_DAYS} days` },
    { label: 'This month', from: monthStart(today), to: today },
    { label: 'Last month', from: monthStart(lastMonthEnd), to: lastMonthEnd },
  ]
}

const dateClasses = 'h-10 rounded-md border border-border bg-surface px-2 text-sm'

function RangePicker({ params, answered, set }: { params: ReportParams; answered?: { from: string; to: string }; set: (p: Partial<ReportParams>) => void }) {
  const today = indiaToday()
  return (
    <fieldset className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3">
      <legend className="sr-only">Days of the report</legend>
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-1">
        {presets(today).map((p) => {
          const current = (params.from ?? '') === (p.from ?? '') && (params.to ?? '') === (p.to ?? '')
          return (
            <Button key={p.label} size="sm" variant={current ? 'primary' : 'outline'} aria-pressed={current} onClick={() => set({ from: p.from, to: p.to })}>
              {p.label}
            </Button>
          )
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-1 text-sm text-muted">
          From
          <input
            type="date"
            className={dateClasses}
            value={params.from ?? answered?.from ?? ''}
            max={params.to ?? answered?.to ?? today}
            onChange={(e) => e.target.value && set({ from: e.target.value, to: params.to ?? answered?.to })}
          />
        </label>
        <label className="flex items-center gap-1 text-sm text-muted">
          To
          <input
            type="date"
            className={dateClasses}
            value={params.to ?? answered?.to ?? ''}
            min={params.from ?? answered?.from}
            onChange={(e) => e.target.value && set({ to: e.target.value, from: params.from ?? answered?.from })}
          />
        </label>
      </div>
    </fieldset>
  )
}

/** A report's card: its chart (a picture of the table), the table itself, the CSV link; skeleton, error and empty states. */
function ReportCard({
  name,
  title,
  params,
  query,
  empty,
  summary,
  actions,
  children,
}: {
  name: ReportName
  title: string
  params: ReportParams
  query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown; data?: { from: string; to: string } }
  empty: boolean
  summary?: string
  actions?: ReactNode
  children: ReactNode
}) {
  const days = query.data ? `${formatDate(query.data.from)} – ${formatDate(query.data.to)}` : undefined
  return (
    <Card
      title={title}
      description={days}
      actions={
        <div className="flex flex-wrap items-center justify-end gap-2">
          {actions}
          <a href={reportCsvUrl(name, params)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <DownloadIcon className="size-4" />
            Download CSV
          </a>
        </div>
      }
    >
      <div aria-busy={query.isFetching || undefined} className={cn(query.isFetching && !query.isPending && 'opacity-60 transition-opacity')}>
        {query.isPending ? (
          <div role="status" aria-label="Loading the report" className="animate-pulse space-y-3">
            <div className="h-56 rounded-md bg-border/60" />
            <div className="h-4 w-2/3 rounded bg-border/60" />
            <div className="h-4 w-1/2 rounded bg-border/60" />
          </div>
        ) : query.error ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-danger">
              {errorText(query.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : empty ? (
          <div className="rounded-md border border-dashed border-border px-4 py-10 text-center">
            <p className="font-medium">No orders in these days</p>
            <p className="mt-1 text-sm text-muted">Pick a longer range above, or come back once orders come in.</p>
          </div>
        ) : (
          <>
            {summary && <p className="mb-3 text-sm">{summary}</p>}
            {children}
          </>
        )}
      </div>
    </Card>
  )
}

/** The table under each chart: what the chart shows, readable by screen readers and on any screen. */
export function FigureTable({
  caption,
  head,
  rows,
  foot,
  wide = [],
}: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  foot?: ReactNode[]
  /** columns shown from a tablet's width up (a phone shows the others) */
  wide?: number[]
}) {
  const cell = (j: number) => cn(j > 0 ? 'text-right tabular-nums whitespace-nowrap' : 'min-w-24', wide.includes(j) && 'hidden sm:table-cell')
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted">
            {head.map((h, i) => (
              <th key={h} scope="col" className={cn('px-2 py-2 font-medium', cell(i))}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-border/60">
              {r.map((c, j) => (
                <td key={j} className={cn('px-2 py-1.5', cell(j))}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-semibold">
              {foot.map((c, j) => (
                <td key={j} className={cn('px-2 py-2', cell(j))}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  )
}

function Figures({ items }: { items: { label: string; value: string | number }[] }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((f) => (
        <div key={f.label} className="rounded-md bg-background px-3 py-2">
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function SalesReport({ params, setGroup }: { params: ReportParams; setGroup: (g: SalesGroup) => void }) {
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

function ChannelsReport({ params }: { params: ReportParams }) {
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

function TopReport({ params, kind }: { params: ReportParams; kind: 'products' | 'categories' }) {
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

function SlotsReport({ params }: { params: ReportParams }) {
  const q = useReport('slots', params)
  const d = q.data
  const booked = d?.days.reduce((n, x) => n + x.booked, 0) ?? 0
  const capacity = d?.days.reduce((n, x) => n + x.capacity, 0) ?? 0
  return (
    <ReportCard
      name="slots"
      title="Slot utilisation"
      params={params}
      query={q}
      empty={d !== undefined && d.days.length === 0}
      summary={
        d
          ? `${booked} of ${capacity} delivery places booked (${percent(booked, capacity)}), by each slot’s own date. Choose later days to see the slots ahead.`
          : undefined
      }
    >
      {d && (
        <>
          <BarsChart
            layout="vertical"
            data={d.days}
            name="date"
            nameFormat={(day) => periodLabel('day', day)}
            series={[
              { key: 'booked', label: 'Booked' },
              { key: 'capacity', label: 'Capacity' },
            ]}
          />
          <FigureTable
            caption="Booked against capacity per window of the day"
            head={['Window', 'Booked', 'Capacity', 'Used']}
            rows={d.windows.map((w) => [`${w.start}–${w.end}`, w.booked, w.capacity, percent(w.booked, w.capacity)])}
            foot={['All windows', booked, capacity, percent(booked, capacity)]}
          />
          <FigureTable
            caption="Booked against capacity per day"
            head={['Day', 'Booked', 'Capacity', 'Used']}
            rows={[...d.days].reverse().map((x) => [formatDate(x.date), x.booked, x.capacity, percent(x.booked, x.capacity)])}
          />
        </>
      )}
    </ReportCard>
  )
}

function CouponsReport({ params }: { params: ReportParams }) {
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

export function ReportsView() {
  const [search, setSearch] = useSearchParams()
  const tab = (TABS.find((t) => t.name === search.get('report'))?.name ?? 'sales') as ReportName
  const group = SALES_GROUPS.find((g) => g === search.get('group'))
  const params: ReportParams = { from: search.get('from') || undefined, to: search.get('to') || undefined, group }
  const answered = useReport(tab, params).data
  const set = (next: Record<string, string | undefined>) => {
    const s = new URLSearchParams(search)
    for (const [k, v] of Object.entries(next)) {
      if (v) s.set(k, v)
      else s.delete(k)
    }
    setSearch(s, { replace: true })
  }
  return (
    <>
      <PageHeader
        title="Reports"
        description="Orders that count: placed and not cancelled, expired or awaiting an online payment. Revenue is their total less refunds, in India’s calendar days."
      />
      <RangePicker params={params} answered={answered} set={(p) => set({ from: p.from, to: p.to })} />
      <div role="tablist" aria-label="Reports" className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map((t) => (
          <button
            key={t.name}
            type="button"
            role="tab"
            id={`report-tab-${t.name}`}
            aria-selected={t.name === tab}
            aria-controls="report-panel"
            tabIndex={t.name === tab ? 0 : -1}
            onClick={() => set({ report: t.name === 'sales' ? undefined : t.name })}
            onKeyDown={(e) => {
              const i = TABS.findIndex((x) => x.name === tab)
              const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null
              if (to === null) return
              const next = TABS[(to + TABS.length) % TABS.length]
              set({ report: next.name === 'sales' ? undefined : next.name })
              document.getElementById(`report-tab-${next.name}`)?.focus()
            }}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              t.name === tab ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="report-panel" aria-labelledby={`report-tab-${tab}`}>
        {tab === 'sales' && <SalesReport params={params} setGroup={(g) => set({ group: g === 'day' ? undefined : g })} />}
        {tab === 'channels' && <ChannelsReport params={params} />}
        {tab === 'products' && <TopReport params={params} kind="products" />}
        {tab === 'categories' && <TopReport params={params} kind="categories" />}
        {tab === 'slots' && <SlotsReport params={params} />}
        {tab === 'coupons' && <CouponsReport params={params} />}
      </div>
    </>
  )
}
