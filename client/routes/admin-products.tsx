import { ProductListView } from '../features/admin/product-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminProductsRoute() {
  useStaffTitle('Products')
  return <ProductListView />
}
