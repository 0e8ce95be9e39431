import { PageBlocks } from '../app/block-registry'
import { useDocumentHead } from '../app/use-document-head'
import { usePage } from '../features/pages/api'
import { PageContent } from '../features/pages/page-content'
import { cardAction, cardCorner } from './product-slots'

export function HomeRoute() {
  const page = usePage('/')
  useDocumentHead({ page: page.data })
  return (
    <PageContent css={page.data?.css} className="space-y-8 py-4 sm:space-y-10 sm:py-6">
      <h1 className="sr-only">{page.data?.seo_title ?? 'Home'}</h1>
      <PageBlocks blocks={page.data?.data ?? []} loading={page.isPending} action={cardAction} corner={cardCorner} />
    </PageContent>
  )
}
