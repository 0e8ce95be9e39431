import { BrandListView } from '../features/admin/brand-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminBrandsRoute() {
  useStaffTitle('Brands')
  return <BrandListView />
}
