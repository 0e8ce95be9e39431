import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-purchases'
import { getTaxSettings } from '../../../../common/contracts/invoices'
import { listStock, listWarehouses } from '../../../../common/contracts/admin-stock'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

type SupplierQuery = Parameters<typeof useSuppliers>[0]

const suppliersQuery = (api: Api, query: { page: number; perPage: number; q?: string; sort: 'name' | '-name' }) =>
  queryOptions({
    queryKey: ['admin', 'suppliers', query],
    queryFn: () => api.call(c.listSuppliers, { query: query as never }),
    placeholderData: keepPreviousData,
  })

export const useSuppliers = (query: { page: number; perPage: number; q?: string; sort: 'name' | '-name' }) => useQuery(suppliersQuery(useApi(), query))
export const useAllSuppliers = () => useSuppliers({ page: 1, perPage: 100, sort: 'name' } satisfies SupplierQuery)

export const useWarehouseList = () => {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'warehouses'], queryFn: () => api.call(listWarehouses), staleTime: 30_000 })
}

/** The shop's GST state: a supplier elsewhere bills IGST. */
export const useShopState = () => {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'tax-settings'], queryFn: () => api.call(getTaxSettings), staleTime: 60_000 })
}

/** Packs at a warehouse found by product or pack name, SKU or barcode, for a bill's lines. */
export const usePackSearch = (q: string, warehouseId: number | null) => {
  const api = useApi()
  return useQuery({
    queryKey: ['admin', 'stock', 'pack-search', q, warehouseId],
    queryFn: () => api.call(listStock, { query: { q, perPage: 10, warehouse_id: warehouseId ?? undefined } as never }),
    enabled: q.trim().length >= 2 && warehouseId !== null,
    placeholderData: keepPreviousData,
  })
}

export const useNearExpiry = (days: (typeof c.NEAR_EXPIRY_DAYS)[number]) => {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'near-expiry', days], queryFn: () => api.call(c.nearExpiry, { query: { days } as never }) })
}

function useRefresh() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['catalogue'] })])
}

export function useSaveSupplier() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, ...body }: c.SupplierInput & { id?: number }) =>
      id ? api.call(c.updateSupplier, { params: { id }, body }) : api.call(c.createSupplier, { body }),
    onSuccess: refresh,
  })
}

export function useReceivePurchase() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.PurchaseInput) => api.call(c.createPurchase, { body }), onSuccess: refresh })
}

export function useWriteOff() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: number) => api.call(c.writeOffBatch, { params: { id }, body: {} }), onSuccess: refresh })
}

export function useMarkDown() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ packId, price }: { packId: number; price: number }) => api.call(c.markDownPack, { params: { id: packId }, body: { price } }),
    onSuccess: refresh,
  })
}
