import { PageListView } from '../features/page-builder/page-list-view'

/** Website Settings → Pages. */
export function PageBuilderPagesRoute() {
  return <PageListView />
}
