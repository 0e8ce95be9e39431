import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-customers'
import { type Api, buildUrl } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

export const customersQuery = (api: Api, query: c.CustomerQuery) =>
  queryOptions({ queryKey: ['admin', 'customers', 'list', query], queryFn: () => api.call(c.listCustomers, { query }), placeholderData: keepPreviousData })

export const customerQuery = (api: Api, id: number) =>
  queryOptions({ queryKey: ['admin', 'customers', 'one', id], queryFn: () => api.call(c.getCustomer, { params: { id } }), retry: false })

export const useCustomers = (query: c.CustomerQuery) => useQuery(customersQuery(useApi(), query))
export const useCustomer = (id: number) => useQuery(customerQuery(useApi(), id))

/** The privacy export is a plain GET: a link downloads it with the staff session's cookie. */
export const customerExportUrl = (id: number) => buildUrl(c.exportCustomer.path, { id })

/** Block, unblock and erase answer the customer as it is now; every staff list refreshes after them. */
export function useCustomerWrites(id: number) {
  const api = useApi()
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: ADMIN_KEY })
  return {
    block: useMutation({ mutationFn: (body: c.BlockCustomerInput) => api.call(c.blockCustomer, { params: { id }, body }), onSettled: refresh }),
    unblock: useMutation({ mutationFn: () => api.call(c.unblockCustomer, { params: { id }, body: {} }), onSettled: refresh }),
    erase: useMutation({ mutationFn: () => api.call(c.eraseCustomer, { params: { id }, body: {} }), onSettled: refresh }),
  }
}
