import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-delivery'
import { useApi } from '../../../lib/api-context'

const KEY = ['admin', 'delivery'] as const

export const useDeliveryPincodes = (query: c.PincodeQuery) => {
  const api = useApi()
  return useQuery({ queryKey: [...KEY, 'pincodes', query], queryFn: () => api.call(c.listDeliveryPincodes, { query }), placeholderData: keepPreviousData })
}
export const useDeliveryCharges = () => {
  const api = useApi()
  return useQuery({ queryKey: [...KEY, 'charges'], queryFn: () => api.call(c.getDeliveryCharges) })
}
export const useSlotTemplate = (warehouseId: number | null) => {
  const api = useApi()
  return useQuery({
    queryKey: [...KEY, 'template', warehouseId],
    queryFn: () => api.call(c.getSlotTemplate, { params: { id: warehouseId ?? 0 } }),
    enabled: warehouseId !== null,
  })
}
export const useClosures = () => {
  const api = useApi()
  return useQuery({ queryKey: [...KEY, 'closures'], queryFn: () => api.call(c.listClosures) })
}
/** The fill of the coming slots, refreshed every 30 seconds while the screen is open. */
export const useSlotFill = (warehouseId: number | null, days: number) => {
  const api = useApi()
  return useQuery({
    queryKey: [...KEY, 'fill', warehouseId, days],
    queryFn: () => api.call(c.getSlotFill, { params: { id: warehouseId ?? 0 }, query: { days } }),
    enabled: warehouseId !== null,
    refetchInterval: 30_000,
  })
}

/** A delivery write: every delivery view, the warehouses' pincode lists and the cart answers of this tab are stale. */
function useRefresh() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: KEY }),
      qc.invalidateQueries({ queryKey: ['admin', 'warehouses'] }),
      qc.invalidateQueries({ queryKey: ['cart'] }),
    ])
}

export function usePreviewPincodes() {
  const api = useApi()
  return useMutation({
    mutationFn: (v: { warehouseId: number; text: string }) => api.call(c.previewPincodes, { params: { id: v.warehouseId }, body: { text: v.text } }),
  })
}
export function useAddPincodes() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (v: { warehouseId: number; pincodes: string[]; deliveryDays: number }) =>
      api.call(c.addPincodes, { params: { id: v.warehouseId }, body: { pincodes: v.pincodes, delivery_days: v.deliveryDays } }),
    onSuccess: refresh,
  })
}
export function useSetPincodeDays() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (v: { pincodes: string[]; deliveryDays: number }) =>
      api.call(c.setPincodeDays, { body: { pincodes: v.pincodes, delivery_days: v.deliveryDays } }),
    onSuccess: refresh,
  })
}
export function useRemovePincodes() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (pincodes: string[]) => api.call(c.removePincodes, { body: { pincodes } }), onSuccess: refresh })
}
export function useSetWebsiteCharges() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.ChargeRuleInput) => api.call(c.setWebsiteCharges, { body }), onSuccess: refresh })
}
export function useSetWarehouseCharges() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (v: { warehouseId: number; own: c.ChargeRuleInput | null }) =>
      api.call(c.setWarehouseCharges, { params: { id: v.warehouseId }, body: { own: v.own } }),
    onSuccess: refresh,
  })
}
export function useSaveTemplate(warehouseId: number) {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.SlotTemplateInput) => api.call(c.setSlotTemplate, { params: { id: warehouseId }, body }), onSuccess: refresh })
}
export function useCreateClosure() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.ClosureInput) => api.call(c.createClosure, { body }), onSuccess: refresh })
}
export function useDeleteClosure() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: number) => api.call(c.deleteClosure, { params: { id } }), onSuccess: refresh })
}
