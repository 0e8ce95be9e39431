import { queryOptions, useQuery } from '@tanstack/react-query'
import { getDashboard } from '../../../common/contracts/admin-dashboard'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

/** The admin home's figures, refreshed each minute while it is open. */
export const dashboardQuery = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: () => api.call(getDashboard), refetchInterval: 60_000, staleTime: 15_000 })

export const useDashboard = () => useQuery(dashboardQuery(useApi()))
