import { OrderListView } from '../features/admin/order-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminOrdersRoute() {
  useStaffTitle('Orders')
  return <OrderListView />
}
