import { SiteView } from '../features/site-editor/site-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function PageBuilderSiteRoute() {
  useStaffTitle('Site')
  return <SiteView />
}
