import { CatalogueCsvView } from '../features/admin/catalogue-csv-view'

export function AdminCatalogueCsvRoute() {
  return <CatalogueCsvView />
}
