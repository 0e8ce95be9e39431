import { CouponListView } from '../features/admin/coupon-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminCouponsRoute() {
  useStaffTitle('Coupons')
  return <CouponListView />
}
