import { BrandListView } from '../features/admin/brand-list-view'

export function AdminBrandsRoute() {
  return <BrandListView />
}
