import { queryOptions, useQuery } from '@tanstack/react-query'
import { getDashboard, getSetupChecklist } from '../../../common/contracts/admin-dashboard'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

/** The admin home's figures, refreshed each minute while it is open. */
export const dashboardQuery = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: () => api.call(getDashboard), refetchInterval: 60_000, staleTime: 15_000 })

export const useDashboard = () => useQuery(dashboardQuery(useApi()))

/** The setup checklist (issue 29): refetched on each visit of the admin home, so a step done elsewhere shows ticked. */
export function useSetupChecklist() {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'dashboard', 'setup'], queryFn: () => api.call(getSetupChecklist), staleTime: 0 })
}
