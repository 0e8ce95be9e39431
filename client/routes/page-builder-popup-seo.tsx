import { PopupSeoView } from '../features/site-editor/popup-seo-view'

export function PageBuilderPopupSeoRoute() {
  return <PopupSeoView />
}
