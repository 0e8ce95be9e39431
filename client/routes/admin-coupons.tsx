import { CouponListView } from '../features/admin/coupon-list-view'

export function AdminCouponsRoute() {
  return <CouponListView />
}
