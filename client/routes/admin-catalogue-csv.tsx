import { CatalogueCsvView } from '../features/admin/catalogue-csv-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminCatalogueCsvRoute() {
  useStaffTitle('Import / export')
  return <CatalogueCsvView />
}
