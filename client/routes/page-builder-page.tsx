import * as z from 'zod/mini'
import { PageUrl } from '../../common/contracts/admin-pages'
import { PageEditorView } from '../features/page-builder/page-editor-view'
import { Link, useSearchParams } from '../lib/router'
import { staffPath } from '../staff/staff-paths'
import { useStaffTitle } from '../staff/staff-title'
import { PageHeader } from '../staff/ui/page-header'

/** Website Settings → Pages → the editor of the page at `?url=`. */
export function PageBuilderPageRoute() {
  const [search] = useSearchParams()
  const url = z.safeParse(PageUrl, search.get('url') ?? '')
  useStaffTitle(url.success ? `Page ${url.data}` : 'Page')
  if (!url.success)
    return (
      <div>
        <PageHeader title="This page cannot be edited" back={{ to: staffPath('/page-builder/pages'), label: 'Pages' }} />
        <p className="text-muted">{url.error.issues[0]?.message}</p>
        <Link to={staffPath('/page-builder/pages')} className="text-primary underline">
          Back to the pages
        </Link>
      </div>
    )
  return <PageEditorView key={url.data} url={url.data} />
}
