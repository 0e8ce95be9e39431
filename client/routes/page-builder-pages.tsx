import { PageListView } from '../features/page-builder/page-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

/** Website Settings → Pages. */
export function PageBuilderPagesRoute() {
  useStaffTitle('Pages')
  return <PageListView />
}
