import { DeliveryView } from '../features/admin/delivery-view'

export function AdminDeliveryRoute() {
  return <DeliveryView />
}
