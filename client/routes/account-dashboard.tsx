import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout, EmptyState, LoadFailed } from '../features/accounts/account-layout'
import { useSalesDashboard } from '../features/accounts/api'
import { useInit } from '../features/site-settings/api'
import { errorText } from '../lib/error-text'

/** Sales agents only (route flag agentOnly; the server answers 403 to anyone else). */
export function AccountDashboardRoute() {
  const { user } = useInit()
  const dashboard = useSalesDashboard()
  useDocumentHead({ title: 'Sales dashboard' })
  if (!user) return null
  const d = dashboard.data
  return (
    <AccountLayout user={user} title="Sales dashboard">
      {dashboard.isError ? (
        <LoadFailed message={errorText(dashboard.error)} onRetry={() => dashboard.refetch()} />
      ) : !d ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3">
            {[
              ['Assigned orders', d.assigned_orders],
              ['Open orders', d.open_orders],
            ].map(([label, n]) => (
              <div key={label} className="rounded-lg border border-border bg-surface p-4">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold">{n}</dd>
              </div>
            ))}
          </dl>
          {d.assigned_orders === 0 && (
            <EmptyState title="No orders assigned to you yet">Orders you take for customers will show here once checkout is open.</EmptyState>
          )}
        </div>
      )}
    </AccountLayout>
  )
}
