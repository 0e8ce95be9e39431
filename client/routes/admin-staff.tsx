import { StaffListView } from '../features/admin/staff-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminStaffRoute() {
  useStaffTitle('Staff')
  return <StaffListView />
}
