import { useStaff } from '../features/accounts/staff/staff-api'
import { AuditLogView } from '../features/audit/audit-log-view'

/** The audit log, filtered by the staff who made the changes (accounts' staff list). */
export function AdminAuditRoute() {
  return <AuditLogView people={useStaff({ page: 1, perPage: 100, sort: 'name' }).data?.data ?? []} />
}
