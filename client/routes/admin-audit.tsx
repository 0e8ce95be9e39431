import { AuditLogView } from '../features/admin/audit-log-view'

export function AdminAuditRoute() {
  return <AuditLogView />
}
