import { queryOptions, useQuery } from '@tanstack/react-query'
import { getAnalytics, listClientErrors } from '../../../../common/contracts/admin-analytics'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'

export const analyticsQuery = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'analytics'], queryFn: () => api.call(getAnalytics, { query: {} }), staleTime: 60_000 })
export const clientErrorsQuery = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'client-errors'], queryFn: () => api.call(listClientErrors), staleTime: 30_000 })

export const useAnalytics = () => useQuery(analyticsQuery(useApi()))
export const useClientErrors = () => useQuery(clientErrorsQuery(useApi()))
