import { DeliveryView } from '../features/delivery/staff/delivery-view'

export function AdminDeliveryRoute() {
  return <DeliveryView />
}
