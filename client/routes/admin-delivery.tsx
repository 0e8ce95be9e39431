import { DeliveryView } from '../features/admin/delivery-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminDeliveryRoute() {
  useStaffTitle('Delivery')
  return <DeliveryView />
}
