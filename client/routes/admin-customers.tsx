import { CustomerListView } from '../features/admin/customer-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminCustomersRoute() {
  useStaffTitle('Customers')
  return <CustomerListView />
}
