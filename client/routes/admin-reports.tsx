import { ReportsView } from '../features/admin/reports-view'

export function AdminReportsRoute() {
  return <ReportsView />
}
