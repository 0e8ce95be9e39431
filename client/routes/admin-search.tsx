import { SearchView } from '../features/admin/search-view'

export function AdminSearchRoute() {
  return <SearchView />
}
