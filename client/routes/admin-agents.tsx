import { AgentsView } from '../features/agents/staff/agents-view'

export function AdminAgentsRoute() {
  return <AgentsView />
}
