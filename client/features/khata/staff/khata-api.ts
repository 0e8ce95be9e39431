import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/khata'
import { shareKhata } from '../../../../common/contracts/khata-online'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

export const khatasQuery = (api: Api, query: c.KhataListQuery) =>
  queryOptions({ queryKey: ['admin', 'khata', 'list', query], queryFn: () => api.call(c.listKhatas, { query }), placeholderData: keepPreviousData })

export const khataQuery = (api: Api, id: number) =>
  queryOptions({ queryKey: ['admin', 'khata', 'one', id], queryFn: () => api.call(c.getCustomerKhata, { params: { id } }), retry: false })

export const useKhatas = (query: c.KhataListQuery) => useQuery(khatasQuery(useApi(), query))
export const useKhata = (id: number) => useQuery(khataQuery(useApi(), id))

/** Limit, payment and adjustment answer the khata as it is now; every staff list refreshes after them. */
export function useKhataWrites(id: number) {
  const api = useApi()
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: ADMIN_KEY })
  return {
    limit: useMutation({ mutationFn: (body: c.KhataLimitInput) => api.call(c.setKhataLimit, { params: { id }, body }), onSettled: refresh }),
    pay: useMutation({ mutationFn: (body: c.KhataPaymentInput) => api.call(c.recordKhataPayment, { params: { id }, body }), onSettled: refresh }),
    remind: useMutation({ mutationFn: () => api.call(c.remindKhata, { params: { id }, body: {} }), onSettled: refresh }),
    statement: useMutation({ mutationFn: () => api.call(c.sendKhataStatement, { params: { id }, body: {} }) }),
    share: useMutation({ mutationFn: () => api.call(shareKhata, { params: { id }, body: {} }) }),
    adjust: useMutation({ mutationFn: (body: c.KhataAdjustmentInput) => api.call(c.adjustKhata, { params: { id }, body }), onSettled: refresh }),
  }
}
