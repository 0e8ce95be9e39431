import { CategoryTreeView } from '../features/admin/category-tree-view'

export function AdminCategoriesRoute() {
  return <CategoryTreeView />
}
