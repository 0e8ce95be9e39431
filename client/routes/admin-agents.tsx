import { AgentsView } from '../features/agents/staff/agents-view'
import { useAdminCategories } from '../features/catalogue/staff/api'

/** Sales agents, with commission rates for catalogue's categories. */
export function AdminAgentsRoute() {
  return <AgentsView categories={useAdminCategories().data?.data ?? []} />
}
