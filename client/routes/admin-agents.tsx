import { AgentsView } from '../features/admin/agents-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminAgentsRoute() {
  useStaffTitle('Sales agents')
  return <AgentsView />
}
