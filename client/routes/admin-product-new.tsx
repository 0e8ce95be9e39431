import { ProductCreator } from '../features/admin/product-creator'

export function AdminProductNewRoute() {
  return <ProductCreator />
}
