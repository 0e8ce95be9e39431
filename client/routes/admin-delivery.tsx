import { DeliveryView } from '../features/delivery/staff/delivery-view'
import { useWarehouses } from '../features/stock/staff/api'

/** Delivery settings, for the warehouses stock keeps. */
export function AdminDeliveryRoute() {
  return <DeliveryView warehouses={useWarehouses().data?.data ?? []} />
}
