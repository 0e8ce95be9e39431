import { NavigationView } from '../features/site-editor/navigation-view'

export function PageBuilderNavigationRoute() {
  return <NavigationView />
}
