import { formatDate, formatDateTime } from '../../../../common/dates'
import { errorText } from '../../../lib/error-text'
import { useInit } from '../../../lib/init'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { useAnalytics, useClientErrors } from './api'
import { MonitoringSettingsCard } from './monitoring-settings'
import { RetentionSettingsCard } from './retention-settings'
import { TrendChart } from '../../../staff/ui/charts'
import { FigureTable } from '../../../staff/ui/figure-table'

/** Page views per day, top pages and searches (the last 30 days), and the browser errors kept (spec §9, decision 0037). */
export function AnalyticsView() {
  const { user } = useInit()
  const analytics = useAnalytics()
  const errors = useClientErrors()
  const a = analytics.data
  return (
    <>
      <PageHeader
        title="Analytics"
        description="Shoppers’ page views of the last 30 days (India’s calendar days), the pages they open most and what they search for; and the errors their browsers met."
      />
      {analytics.error && <p role="alert">{errorText(analytics.error)}</p>}
      {a && !a.stored && <p className="mb-4 text-sm text-muted">Events go to the configured PostHog host: see the figures there.</p>}
      {a && (
        <div className="grid gap-4">
          <Card title="Page views per day">
            <TrendChart
              data={a.page_views}
              x="date"
              xFormat={(d) => formatDate(d)}
              series={[
                { key: 'views', label: 'Page views' },
                { key: 'visitors', label: 'Visitors' },
              ]}
            />
            <FigureTable
              caption="Page views per day"
              head={['Day', 'Page views', 'Visitors']}
              rows={a.page_views
                .filter((d) => d.views > 0)
                .reverse()
                .map((d) => [formatDate(d.date), d.views, d.visitors])}
            />
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Top pages">
              {a.top_pages.length ? (
                <FigureTable
                  caption="Top pages"
                  head={['Page', 'Views']}
                  rows={a.top_pages.map((p) => [
                    <span key={p.path} className="break-all">
                      {p.path}
                    </span>,
                    p.views,
                  ])}
                />
              ) : (
                <p className="text-sm text-muted">No page views yet.</p>
              )}
            </Card>
            <Card title="Top searches">
              {a.top_searches.length ? (
                <FigureTable caption="Top searches" head={['Search', 'Times']} rows={a.top_searches.map((s) => [s.search, s.count])} />
              ) : (
                <p className="text-sm text-muted">No searches yet.</p>
              )}
            </Card>
          </div>
          <Card title="Browser errors" description="The latest 100, kept when this website has no monitoring DSN.">
            {errors.data?.errors.length ? (
              <ul className="divide-y divide-border text-sm">
                {errors.data.errors.map((e) => (
                  <li key={e.id} className="py-2">
                    <p className="font-medium break-words">
                      {e.type ? `${e.type}: ` : ''}
                      {e.message}
                    </p>
                    <p className="text-muted break-all">
                      {formatDateTime(e.at)} · {e.environment ?? 'unknown'} · {e.url ?? ''}
                    </p>
                    {e.stack && (
                      <details>
                        <summary className="cursor-pointer text-muted">Stack</summary>
                        <pre className="overflow-x-auto whitespace-pre text-xs">{e.stack}</pre>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No browser errors.</p>
            )}
          </Card>
          {/* where errors go and how long data is kept: full admins' (decision 0049) */}
          {user?.hasAdminAccess && (
            <>
              <MonitoringSettingsCard />
              <RetentionSettingsCard />
            </>
          )}
        </div>
      )}
    </>
  )
}
