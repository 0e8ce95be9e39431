import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-stock'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

export const adminStockQuery = (api: Api, query: c.StockQuery) =>
  queryOptions({ queryKey: ['admin', 'stock', 'list', query], queryFn: () => api.call(c.listStock, { query }), placeholderData: keepPreviousData })

export const stockHistoryQuery = (api: Api, packId: number, query: c.StockHistoryQuery) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'history', packId, query],
    queryFn: () => api.call(c.stockHistory, { params: { id: packId }, query }),
    placeholderData: keepPreviousData,
  })

export const warehousesQuery = (api: Api) => queryOptions({ queryKey: ['admin', 'warehouses'], queryFn: () => api.call(c.listWarehouses), staleTime: 30_000 })

export const useAdminStock = (query: c.StockQuery) => useQuery(adminStockQuery(useApi(), query))
export const useStockHistory = (packId: number, query: c.StockHistoryQuery) => useQuery(stockHistoryQuery(useApi(), packId, query))
export const useWarehouses = () => useQuery(warehousesQuery(useApi()))

/** A stock or warehouse write: staff lists and the storefront answers cached in this tab are stale. */
function useRefresh() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['catalogue'] })])
}

export function useSetStock() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.SetStockInput) => api.call(c.setStock, { body }), onSuccess: refresh })
}

export function useAdjustStock() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.AdjustStockInput) => api.call(c.adjustStock, { body }), onSuccess: refresh })
}

export function useSetThreshold() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ packId, value }: { packId: number; value: number | null }) =>
      api.call(c.setLowStockThreshold, { params: { id: packId }, body: { low_stock_threshold: value } }),
    onSuccess: refresh,
  })
}

export function useCreateWarehouse() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.CreateWarehouseInput) => api.call(c.createWarehouse, { body }), onSuccess: refresh })
}

export function useUpdateWarehouse(id: number) {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.UpdateWarehouseInput) => api.call(c.updateWarehouse, { params: { id }, body }), onSuccess: refresh })
}
