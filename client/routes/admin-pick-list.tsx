import { PickListView } from '../features/admin/pick-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminPickListRoute() {
  useStaffTitle('Pick list')
  return <PickListView />
}
