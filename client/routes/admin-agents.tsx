import { AgentsView } from '../features/admin/agents-view'

export function AdminAgentsRoute() {
  return <AgentsView />
}
