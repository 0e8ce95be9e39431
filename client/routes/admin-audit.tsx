import { AuditLogView } from '../features/admin/audit-log-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminAuditRoute() {
  useStaffTitle('Audit log')
  return <AuditLogView />
}
