import { CustomerListView } from '../features/admin/customer-list-view'

export function AdminCustomersRoute() {
  return <CustomerListView />
}
