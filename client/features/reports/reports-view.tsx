import { type ReportName, SALES_GROUPS } from '../../../common/contracts/admin-reports'
import { cn } from '../../lib/cn'
import { useSearchParams } from '../../lib/router'
import { PageHeader } from '../../staff/ui/page-header'
import { type ReportParams, useReport } from './api'
import { ChannelsReport } from './channels-report'
import { CouponsReport } from './coupons-report'
import { RangePicker } from './range-picker'
import { SalesReport } from './sales-report'
import { SlotsReport } from './slots-report'
import { TopReport } from './top-report'

/** Reports (docs/decisions/0023-reports.md): a range of India days, one report per tab, each a chart, its table and its CSV. */

const TABS: { name: ReportName; label: string }[] = [
  { name: 'sales', label: 'Sales' },
  { name: 'channels', label: 'Channels & payments' },
  { name: 'products', label: 'Top products' },
  { name: 'categories', label: 'Top categories' },
  { name: 'slots', label: 'Slot utilisation' },
  { name: 'coupons', label: 'Coupons' },
]

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
