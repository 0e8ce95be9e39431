import { ProductCreator } from '../features/admin/product-creator'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminProductNewRoute() {
  useStaffTitle('New product')
  return <ProductCreator />
}
