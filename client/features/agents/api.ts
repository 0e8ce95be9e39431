import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../common/contracts/agents'
import { sendPaymentLink } from '../../../common/contracts/checkout'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

/** Every agent query key starts with 'agents'. */
export const salesDashboardQuery = (api: Api, period: c.AgentPeriod = 'day') =>
  queryOptions({ queryKey: ['agents', 'dashboard', period], queryFn: () => api.call(c.getSalesDashboard, { query: { period } }) })
export const useSalesDashboard = (period: c.AgentPeriod = 'day') => useQuery(salesDashboardQuery(useApi(), period))
export const useAgentCustomers = () => {
  const api = useApi()
  return useQuery({ queryKey: ['agents', 'customers'], queryFn: () => api.call(c.listCustomers) })
}
export const useAgentOrders = (query: c.AgentOrdersQuery) => {
  const api = useApi()
  return useQuery({ queryKey: ['agents', 'orders', query], queryFn: () => api.call(c.listAgentOrders, { query }) })
}
export function useAddCustomer() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.AddCustomerBody) => api.call(c.addCustomer, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['agents'] }),
  })
}
export function useConfirmCustomer() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.ConfirmCustomerBody) => api.call(c.confirmCustomer, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['agents'] }),
  })
}
export const lookupCustomer = (api: Api, mobile: string) => api.call(c.lookupCustomer, { query: { mobile } })
export const sendLink = (api: Api, orderId: number) => api.call(sendPaymentLink, { params: { orderId } })
