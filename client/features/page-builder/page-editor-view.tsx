import { errorText } from '../../lib/error-text'
import { staffPath } from '../../staff/staff-paths'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { PageHeader } from '../../staff/ui/page-header'
import { useDraft } from './api'
import { PageEditor } from './page-editor'

/** Website Settings → Pages → one page: blocks, page settings, live preview, save, publish, versions. */
export function PageEditorView({ url }: { url: string }) {
  const draft = useDraft(url)
  if (draft.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the page" />
      </div>
    )
  if (draft.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <PageHeader title={url} back={{ to: staffPath('/page-builder/pages'), label: 'Pages' }} />
        <p className="text-danger">{errorText(draft.error)}</p>
        <Button onClick={() => draft.refetch()}>Try again</Button>
      </div>
    )
  return <PageEditor url={url} loaded={draft.data} />
}
