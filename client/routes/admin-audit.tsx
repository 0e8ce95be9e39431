import { AuditLogView } from '../features/audit/audit-log-view'

export function AdminAuditRoute() {
  return <AuditLogView />
}
