import type { PageDraft } from '../../../common/contracts/admin-pages'
import { errorText } from '../../lib/error-text'
import { useNavigate } from '../../lib/router'
import { staffPath } from '../../staff/staff-paths'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { toast } from '../../ui/toast'
import { useDeletePage, usePublish, useUnpublish } from './api'

/**
 * Unpublish (shoppers get "page not found" at once; the draft stays, Undo publishes it again) and delete (asks
 * first; the draft and the live page go, the versions stay in the history).
 */
export function TakeDown({
  url,
  live,
  exists,
  onUnpublished,
  onPublishedAgain,
}: {
  url: string
  live: boolean
  exists: boolean
  onUnpublished: (draft: PageDraft) => void
  onPublishedAgain: () => Promise<void>
}) {
  const unpublish = useUnpublish()
  const publish = usePublish()
  const remove = useDeletePage()
  const navigate = useNavigate()
  if (!exists) return null

  async function onUnpublish() {
    try {
      onUnpublished(await unpublish.mutateAsync(url))
      toast.info(`${url} is off the storefront: shoppers now get “page not found”. The draft is kept.`, {
        duration: 10000,
        action: {
          label: 'Undo',
          onClick: () =>
            publish
              .mutateAsync(url)
              .then(onPublishedAgain)
              .then(() => toast.success(`${url} is live again`))
              .catch((err) => toast.error(`Not published: ${errorText(err)}`)),
        },
      })
    } catch (err) {
      toast.error(`Not unpublished: ${errorText(err)}`)
    }
  }

  async function onDelete() {
    const ok = await confirm({
      title: `Delete ${url}?`,
      message: `${live ? 'Shoppers will get “page not found” at this address, and the' : 'The'} draft is deleted. Its published versions stay in the history (they come back if a page is made at ${url} again).`,
      confirmText: 'Delete page',
      danger: true,
    })
    if (!ok) return
    try {
      await remove.mutateAsync(url)
      toast.success(`${url} deleted`)
      navigate(staffPath('/page-builder/pages'))
    } catch (err) {
      toast.error(`Not deleted: ${errorText(err)}`)
    }
  }

  return (
    <section aria-labelledby="take-down-title" className="flex flex-col gap-3 rounded-lg border border-danger/30 p-4">
      <h3 id="take-down-title" className="font-semibold">
        Take this page down
      </h3>
      <div className="flex flex-wrap gap-2">
        {live && (
          <Button variant="outline" onClick={onUnpublish} loading={unpublish.isPending}>
            Unpublish
          </Button>
        )}
        <Button variant="danger" onClick={onDelete} loading={remove.isPending}>
          Delete page
        </Button>
      </div>
      <p className="text-sm text-muted">
        {live ? 'Unpublish hides the page from shoppers and keeps the draft to publish again. ' : ''}Delete removes the page from this list.
      </p>
    </section>
  )
}
