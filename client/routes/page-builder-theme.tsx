import { ThemeView } from '../features/site-editor/theme-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function PageBuilderThemeRoute() {
  useStaffTitle('Theme')
  return <ThemeView />
}
