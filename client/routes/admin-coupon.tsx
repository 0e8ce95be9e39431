import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { useAdminBrands, useAdminCategories } from '../features/catalogue/staff/api'
import { categoryOptions } from '../features/catalogue/staff/category-options'
import { CouponEditor } from '../features/coupons/staff/coupon-form'
import type { CouponScope } from '../features/coupons/staff/coupon-form-values'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

/** What a coupon may apply to: catalogue's categories and brands. */
function useCouponScope(): CouponScope {
  const categories = categoryOptions(useAdminCategories().data?.data ?? [])
  const brands = (useAdminBrands().data?.data ?? []).map((b) => ({ value: b.slug, label: b.name }))
  return { categories, brands }
}

export function AdminCouponRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  const scope = useCouponScope()
  return id.success ? <CouponEditor id={id.data} scope={scope} /> : <AdminNotFoundRoute />
}

export function AdminCouponNewRoute() {
  return <CouponEditor id={null} scope={useCouponScope()} />
}
