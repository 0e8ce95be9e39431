import { StaffListView } from '../features/admin/staff-list-view'

export function AdminStaffRoute() {
  return <StaffListView />
}
