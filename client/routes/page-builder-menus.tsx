import { MenusView } from '../features/site-editor/menus-view'

export function PageBuilderMenusRoute() {
  return <MenusView />
}
