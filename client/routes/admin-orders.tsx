import { OrderListView } from '../features/admin/order-list-view'

export function AdminOrdersRoute() {
  return <OrderListView />
}
