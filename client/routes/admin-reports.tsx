import { ReportsView } from '../features/admin/reports-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminReportsRoute() {
  useStaffTitle('Reports')
  return <ReportsView />
}
