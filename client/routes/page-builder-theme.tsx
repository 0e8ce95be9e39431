import { ThemeView } from '../features/site-editor/theme-view'

export function PageBuilderThemeRoute() {
  return <ThemeView />
}
