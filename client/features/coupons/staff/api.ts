import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-coupons'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'

export const adminCouponsQuery = (api: Api, query: c.CouponQuery) =>
  queryOptions({ queryKey: ['admin', 'coupons', 'list', query], queryFn: () => api.call(c.listCoupons, { query }), placeholderData: keepPreviousData })

export const adminCouponQuery = (api: Api, id: number) =>
  queryOptions({ queryKey: ['admin', 'coupons', 'one', id], queryFn: () => api.call(c.getCoupon, { params: { id } }), retry: false })

export const couponUsageQuery = (api: Api, id: number, page: number) =>
  queryOptions({
    queryKey: ['admin', 'coupons', 'usage', id, page],
    queryFn: () => api.call(c.couponUsage, { params: { id }, query: { page, perPage: 10, sort: '-placed_at' } }),
    placeholderData: keepPreviousData,
  })

export const useAdminCoupons = (query: c.CouponQuery) => useQuery(adminCouponsQuery(useApi(), query))
export const useAdminCoupon = (id: number | null) => useQuery({ ...adminCouponQuery(useApi(), id ?? 0), enabled: id !== null })
export const useCouponUsage = (id: number, page: number) => useQuery(couponUsageQuery(useApi(), id, page))

/** A coupon write: the coupon lists and the cart answers cached in this tab are stale. */
function useRefresh() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['admin', 'coupons'] }), qc.invalidateQueries({ queryKey: ['cart'] })])
}

export function useCreateCoupon() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.CreateCouponInput) => api.call(c.createCoupon, { body }), onSuccess: refresh })
}

export function useUpdateCoupon(id: number) {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.UpdateCouponInput) => api.call(c.updateCoupon, { params: { id }, body }), onSuccess: refresh })
}

export function useSetCouponStatus() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: { ids: number[]; status: 'active' | 'paused' }) => api.call(c.setCouponStatus, { body }),
    onSuccess: refresh,
  })
}

export function useDeleteCoupon() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: number) => api.call(c.deleteCoupon, { params: { id } }), onSuccess: refresh })
}
