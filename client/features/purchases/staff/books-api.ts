import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-supplier-books'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

/** Purchase orders, debit notes and the supplier's khata, as the staff screens call them. */

type OrderStatus = (typeof c.PURCHASE_ORDER_STATUSES)[number]

export const usePurchaseOrders = (query: { page: number; status?: OrderStatus }) => {
  const api = useApi()
  return useQuery({
    queryKey: ['admin', 'purchase-orders', query],
    queryFn: () => api.call(c.listPurchaseOrders, { query: { ...query, perPage: 20 } as never }),
    placeholderData: keepPreviousData,
  })
}

export const usePurchaseOrder = (id: number | null) => {
  const api = useApi()
  return useQuery({
    queryKey: ['admin', 'purchase-orders', id],
    queryFn: () => api.call(c.getPurchaseOrder, { params: { id: id! } }),
    enabled: id !== null,
  })
}

export const useSupplierKhata = (id: number | null) => {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'supplier-khata', id], queryFn: () => api.call(c.getSupplierKhata, { params: { id: id! } }), enabled: id !== null })
}

function useRefresh() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['catalogue'] })])
}

export function useCreatePurchaseOrder() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.PurchaseOrderInput) => api.call(c.createPurchaseOrder, { body }), onSuccess: refresh })
}

export function useMovePurchaseOrder() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: 'send' | 'cancel' }) =>
      api.call(to === 'send' ? c.sendPurchaseOrder : c.cancelPurchaseOrder, { params: { id }, body: {} }),
    onSuccess: refresh,
  })
}

export function usePaySupplier() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, ...body }: c.SupplierPaymentInput & { id: number }) => api.call(c.paySupplier, { params: { id }, body }),
    onSuccess: refresh,
  })
}

export function useCreateDebitNote() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.DebitNoteInput) => api.call(c.createDebitNote, { body }), onSuccess: refresh })
}

export function usePreviewBillCsv() {
  const api = useApi()
  return useMutation({ mutationFn: (body: { warehouse_id: number; csv: string }) => api.call(c.previewBillCsv, { body }) })
}
