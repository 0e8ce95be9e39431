import { PopupSeoView } from '../features/site-editor/popup-seo-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function PageBuilderPopupSeoRoute() {
  useStaffTitle('Popup & SEO')
  return <PopupSeoView />
}
