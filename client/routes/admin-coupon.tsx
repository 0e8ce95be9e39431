import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { CouponEditor } from '../features/coupons/staff/coupon-form'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminCouponRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <CouponEditor id={id.data} /> : <AdminNotFoundRoute />
}

export function AdminCouponNewRoute() {
  return <CouponEditor id={null} />
}
