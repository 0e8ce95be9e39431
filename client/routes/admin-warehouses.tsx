import { WarehouseListView } from '../features/admin/warehouse-list-view'

export function AdminWarehousesRoute() {
  return <WarehouseListView />
}
