import { ProductListView } from '../features/admin/product-list-view'

export function AdminProductsRoute() {
  return <ProductListView />
}
