import type { ReactNode } from 'react'
import type { ReportName } from '../../../common/contracts/admin-reports'
import { formatDate } from '../../../common/dates'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { Card } from '../../staff/ui/card'
import { DownloadIcon } from '../../staff/ui/staff-icons'
import { Button, buttonClasses } from '../../ui/button'
import { type ReportParams, reportCsvUrl } from './api'

/** A report's card: its chart (a picture of the table), the table itself, the CSV link; skeleton, error and empty states. */
export function ReportCard({
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

/** A report's headline figures. */
export function Figures({ items }: { items: { label: string; value: string | number }[] }) {
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
