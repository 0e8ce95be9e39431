import { NavigationView } from '../features/site-editor/navigation-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function PageBuilderNavigationRoute() {
  useStaffTitle('Navigation')
  return <NavigationView />
}
