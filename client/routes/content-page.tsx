import { useLocation } from '../lib/router'
import { PageBlocks } from '../app/block-registry'
import { NotFound } from '../app/not-found'
import { useDocumentHead } from '../app/use-document-head'
import { usePage } from '../features/pages/api'
import { PageContent } from '../features/pages/page-content'
import { Spinner } from '../ui/spinner'
import { cardAction, cardCorner } from './product-slots'

/** Any other path: a page built from page data, full width (spec §2). */
export function ContentPageRoute() {
  const { pathname } = useLocation()
  const page = usePage(pathname)
  useDocumentHead({ page: page.data, title: page.isError ? 'Page not found' : undefined })
  if (page.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading page" />
      </div>
    )
  if (page.isError) return <NotFound />
  return (
    <PageContent css={page.data.css} className="mx-auto max-w-5xl px-4 py-6">
      <PageBlocks blocks={page.data.data} action={cardAction} corner={cardCorner} onLater={() => page.refetch({ cancelRefetch: false })} />
    </PageContent>
  )
}
