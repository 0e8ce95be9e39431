import { SearchView } from '../features/admin/search-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminSearchRoute() {
  useStaffTitle('Search')
  return <SearchView />
}
