import { WarehouseListView } from '../features/admin/warehouse-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminWarehousesRoute() {
  useStaffTitle('Warehouses')
  return <WarehouseListView />
}
