import { SiteView } from '../features/site-editor/site-view'

export function PageBuilderSiteRoute() {
  return <SiteView />
}
