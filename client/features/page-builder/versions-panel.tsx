import { useState } from 'react'
import type { PublishedPage } from '../../../common/contracts/admin-pages'
import { formatDateTime } from '../../../common/dates'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { Drawer } from '../../ui/drawer'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { useRollback, useVersions } from './api'
import { blockLabel } from './blocks/forms'

/** Who published what and when; an old version can be looked at and put back (after a confirm). */
export function VersionsPanel({
  url,
  open,
  onClose,
  onRolledBack,
  dirty,
}: {
  url: string
  open: boolean
  onClose: () => void
  onRolledBack: () => void
  dirty: boolean
}) {
  const versions = useVersions(url, open)
  const rollback = useRollback()
  const [viewing, setViewing] = useState<PublishedPage | null>(null)
  const list = versions.data?.data ?? []
  const live = list[0]?.number

  async function rollBackTo(v: PublishedPage) {
    const yes = await confirm({
      title: `Roll back to version ${v.number}?`,
      message: `Version ${v.number} becomes the page shoppers see, at once, and your draft.${dirty ? ' Your unsaved changes in the editor will be replaced.' : ''} It is kept as a new version, so you can come back.`,
      confirmText: `Roll back to version ${v.number}`,
      danger: true,
    })
    if (!yes) return
    rollback.mutate(
      { url, number: v.number },
      {
        onSuccess: (page) => {
          toast.success(`Version ${v.number} is live again (published as version ${page.number})`)
          setViewing(null)
          onRolledBack()
        },
        onError: (err) => toast.error(`Not rolled back: ${errorText(err)}`),
      },
    )
  }

  return (
    <Drawer open={open} onClose={onClose} title="Versions" side="right" width={420}>
      <div className="flex flex-col gap-3 p-4">
        {versions.isPending ? (
          <Spinner label="Loading versions" />
        ) : versions.isError ? (
          <p className="text-danger">{errorText(versions.error)}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">Not published yet. Each publish is kept here with who published it and when.</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Published versions, newest first">
            {list.map((v) => (
              <li key={v.number} className="rounded-lg border border-border bg-surface p-3">
                <div className="flex items-baseline gap-2">
                  <span className="font-semibold">Version {v.number}</span>
                  {v.number === live && <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">Live</span>}
                </div>
                <p className="text-sm text-muted">
                  {formatDateTime(v.published_at)} · {v.published_by?.name ?? 'someone no longer on staff'}
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setViewing(viewing?.number === v.number ? null : v)}
                    aria-expanded={viewing?.number === v.number}
                  >
                    {viewing?.number === v.number ? 'Hide' : 'View'}
                  </Button>
                  {v.number !== live && (
                    <Button size="sm" variant="outline" onClick={() => rollBackTo(v)} loading={rollback.isPending && rollback.variables?.number === v.number}>
                      Roll back to this
                    </Button>
                  )}
                </div>
                {viewing?.number === v.number && <VersionSummary page={v} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Drawer>
  )
}

function VersionSummary({ page }: { page: PublishedPage }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-border pt-3 text-sm">
      <dt className="text-muted">SEO title</dt>
      <dd>{page.seo_title || '—'}</dd>
      <dt className="text-muted">Description</dt>
      <dd className="break-words">{page.seo_description || '—'}</dd>
      <dt className="text-muted">Blocks</dt>
      <dd>
        {page.components.length === 0 ? (
          '—'
        ) : (
          <ol className="list-decimal pl-4">
            {page.components.map((b, i) => (
              <li key={i}>
                {String(b.name ?? '')} <span className="text-muted">({blockLabel(String(b.type))})</span>
              </li>
            ))}
          </ol>
        )}
      </dd>
      <dt className="text-muted">Shows</dt>
      <dd>
        {[page.show_navbar && 'navbar', page.show_sub_navbar && 'sub-navbar', page.show_footer && 'footer'].filter(Boolean).join(', ') || 'no navbar or footer'}
      </dd>
      <dt className="text-muted">CSS</dt>
      <dd>{page.css ? `${page.css.length} characters` : '—'}</dd>
    </dl>
  )
}
