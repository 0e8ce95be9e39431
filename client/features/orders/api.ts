import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../common/contracts/orders'
import { useApi } from '../../lib/api-context'

export function useOrders(page: number) {
  const api = useApi()
  return useQuery({ queryKey: ['orders', 'list', page], queryFn: () => api.call(c.listOrders, { query: { page } }), placeholderData: (p) => p })
}

export function useOrder(id: number) {
  const api = useApi()
  return useQuery({ queryKey: ['orders', 'detail', id], queryFn: () => api.call(c.getOrder, { params: { id } }) })
}

export function useOrderByNumber(number: string) {
  const api = useApi()
  return useQuery({ queryKey: ['orders', 'number', number], queryFn: () => api.call(c.getOrderByNumber, { params: { number } }) })
}

export function useCancelOrder() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.call(c.cancelOrder, { params: { id }, body: {} }),
    onSuccess: (order) => {
      qc.setQueryData(['orders', 'detail', order.id], order)
      return qc.invalidateQueries({ queryKey: ['orders', 'list'] })
    },
  })
}

export function useReorder() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.call(c.reorder, { params: { id }, body: {} }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['cart'] }), qc.invalidateQueries({ queryKey: ['init'] })]),
  })
}
