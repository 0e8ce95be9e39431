import { REPORT_DEFAULT_DAYS } from '../../../common/contracts/admin-reports'
import { Button } from '../../ui/button'
import type { ReportParams } from './api'

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

/** The days of the reports: quick ranges, or from and to. */
export function RangePicker({ params, answered, set }: { params: ReportParams; answered?: { from: string; to: string }; set: (p: Partial<ReportParams>) => void }) {
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
