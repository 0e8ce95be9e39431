import { PickListView } from '../features/admin/pick-list-view'

export function AdminPickListRoute() {
  return <PickListView />
}
