import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-orders'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'

export const adminOrdersQuery = (api: Api, query: c.AdminOrderQuery) =>
  queryOptions({ queryKey: ['admin', 'orders', 'list', query], queryFn: () => api.call(c.listAdminOrders, { query }), placeholderData: keepPreviousData })

export const adminOrderQuery = (api: Api, id: number) =>
  queryOptions({ queryKey: ['admin', 'orders', 'one', id], queryFn: () => api.call(c.getAdminOrder, { params: { id } }), retry: false })

export const useAdminOrders = (query: c.AdminOrderQuery) => useQuery(adminOrdersQuery(useApi(), query))
export const useAdminOrder = (id: number) => useQuery(adminOrderQuery(useApi(), id))

/** One move of one order; the lists and the order's page refresh after it (also after a refused one: someone else moved it). */
export function useMoveOrder() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: c.MoveOrderInput }) => api.call(c.moveAdminOrder, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  })
}

export const pickListQuery = (api: Api, query: c.PickListQuery) =>
  queryOptions({ queryKey: ['admin', 'orders', 'pick-list', query], queryFn: () => api.call(c.getPickList, { query }), placeholderData: keepPreviousData })
export const usePickList = (query: c.PickListQuery) => useQuery(pickListQuery(useApi(), query))

/** A staff refund of one order; the order's page and the lists refresh after it (also after a refused one). */
export function useRefundOrder() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: c.RefundOrderInput }) => api.call(c.refundAdminOrder, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  })
}

/** Before packing: fewer units or a line removed; the order's page and the lists refresh after it. */
export function useEditOrderLines() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: c.EditOrderLinesInput }) => api.call(c.editAdminOrderLines, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  })
}

export const cashHandoverQuery = (api: Api, query: c.CashHandoverQuery) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'cash-handover', query],
    queryFn: () => api.call(c.getCashHandover, { query }),
    placeholderData: keepPreviousData,
  })
export const useCashHandover = (query: c.CashHandoverQuery) => useQuery(cashHandoverQuery(useApi(), query))
