import { CategoryTreeView } from '../features/admin/category-tree-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminCategoriesRoute() {
  useStaffTitle('Categories')
  return <CategoryTreeView />
}
