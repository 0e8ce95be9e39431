import { MenusView } from '../features/site-editor/menus-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function PageBuilderMenusRoute() {
  useStaffTitle('Menus')
  return <MenusView />
}
