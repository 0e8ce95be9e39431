import { useState } from 'react'
import type { AgentPeriod } from '../../common/contracts/agents'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { LoadFailed } from '../ui/load-failed'
import { AgentOrders } from '../features/agents/agent-orders'
import { useSalesDashboard } from '../features/agents/api'
import { OrderForCustomer } from '../features/agents/order-for-customer'
import { PlacedNotice } from '../features/agents/placed-notice'
import { SalesFigures, TopCustomers } from '../features/agents/sales-figures'
import { SalesOverTime } from '../features/agents/sales-over-time'
import { useInit } from '../lib/init'
import { errorText } from '../lib/error-text'

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
            <SalesFigures d={d} />
            <SalesOverTime d={d} period={period} onPeriod={setPeriod} />
            <TopCustomers d={d} />
          </>
        )}
        <AgentOrders />
      </div>
    </AccountLayout>
  )
}
