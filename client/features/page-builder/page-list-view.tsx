import { type FormEvent, useState } from 'react'
import * as z from 'zod/mini'
import { PageUrl, type PageSummary } from '../../../common/contracts/admin-pages'
import { isAppPage, isAppPath } from '../../../common/rules/page-paths'
import { formatDateTime } from '../../../common/dates'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { Link, useNavigate } from '../../lib/router'
import { staffPath } from '../../staff/staff-paths'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { SearchField } from '../../ui/search-field'
import { Spinner } from '../../ui/spinner'
import { PageHeader } from '../../staff/ui/page-header'
import { PlusIcon } from '../../staff/ui/staff-icons'
import { usePages } from './api'

const STATE: Record<PageSummary['state'], { label: string; tone: string }> = {
  draft: { label: 'Draft, not published', tone: 'bg-accent/25 text-text' },
  changes: { label: 'Published · unpublished changes', tone: 'bg-primary/10 text-primary' },
  published: { label: 'Published', tone: 'bg-success/10 text-success' },
}

export function PageStateBadge({ state }: { state: PageSummary['state'] }) {
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', STATE[state].tone)}>{STATE[state].label}</span>
}

/** Website Settings → Pages: every page by address, its state, and a way to start a new one at a free address. */
export function PageListView() {
  const [q, setQ] = useState('')
  const list = usePages(q.trim())
  const [creating, setCreating] = useState(false)
  const pages = list.data?.data ?? []
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Pages"
        description="Each page of your storefront, by its address. Build a page from blocks, preview it, then publish it for shoppers."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon className="size-4" /> New page
          </Button>
        }
      />
      <div className="max-w-md">
        <SearchField
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search by address or title"
          aria-label="Search pages"
          autoFocusDelay={false}
        />
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading pages" />
        </div>
      ) : list.isError ? (
        <p className="text-danger">{errorText(list.error)}</p>
      ) : pages.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border bg-surface p-10 text-center">
          <p className="font-semibold">{q ? `No page matches “${q}”` : 'No pages yet'}</p>
          <p className="mt-1 text-sm text-muted">Create a page at an address such as /diwali-offers.</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">Pages</caption>
            <thead className="border-b border-border text-left text-xs font-semibold text-muted">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Address
                </th>
                <th scope="col" className="px-4 py-2">
                  State
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Blocks
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Last published
                </th>
                <th scope="col" className="hidden px-4 py-2 lg:table-cell">
                  Draft saved
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.url} className="border-t border-border first:border-t-0 hover:bg-background">
                  <td className="px-4 py-3">
                    {isAppPath(p.url) && !isAppPage(p.url) ? (
                      <>
                        <span className="font-mono font-semibold text-muted">{p.url}</span>
                        <p className="text-xs text-muted">The shop’s own screen: not edited as a page</p>
                      </>
                    ) : (
                      <Link
                        to={staffPath('/page-builder/pages/edit', new URLSearchParams({ url: p.url }))}
                        className="font-mono font-semibold text-text hover:text-primary hover:underline"
                      >
                        {p.url}
                      </Link>
                    )}
                    {isAppPage(p.url) && <p className="text-xs text-muted">The shop’s own screen: its settings only</p>}
                    {p.seo_title && <p className="max-w-72 truncate text-xs text-muted">{p.seo_title}</p>}
                  </td>
                  <td className="px-4 py-3">
                    <PageStateBadge state={p.state} />
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">{p.blocks}</td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    {p.published_at ? (
                      <>
                        <span>{formatDateTime(p.published_at)}</span>
                        <span className="block text-xs text-muted">
                          Version {p.published_version}
                          {p.published_by ? ` · ${p.published_by}` : ''}
                        </span>
                      </>
                    ) : p.published_version === 0 ? (
                      <span className="text-muted">Before page history</span>
                    ) : (
                      <span className="text-muted">Never</span>
                    )}
                  </td>
                  <td className="hidden px-4 py-3 lg:table-cell">
                    {p.draft_updated_at ? formatDateTime(p.draft_updated_at) : <span className="text-muted">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NewPageDialog open={creating} onClose={() => setCreating(false)} taken={pages.map((p) => p.url)} />
    </div>
  )
}

/** A new page starts as an empty draft in the editor; its address is checked by the same rule the server uses. */
function NewPageDialog({ open, onClose, taken }: { open: boolean; onClose: () => void; taken: string[] }) {
  const navigate = useNavigate()
  const [url, setUrl] = useState('/')
  const [error, setError] = useState<string | null>(null)
  function submit(e: FormEvent) {
    e.preventDefault()
    const typed = url.trim().startsWith('/') ? url.trim() : `/${url.trim()}`
    const parsed = z.safeParse(PageUrl, typed)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Not a page address')
    if (taken.includes(parsed.data)) return setError('A page already has this address: open it from the list')
    onClose()
    navigate(staffPath('/page-builder/pages/edit', new URLSearchParams({ url: parsed.data })))
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="New page"
      description="Choose the address shoppers will open. It cannot be changed later."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="new-page-form">
            Create page
          </Button>
        </>
      }
    >
      <form id="new-page-form" onSubmit={submit} noValidate>
        <TextField
          label="Page address"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value)
            setError(null)
          }}
          error={error ?? undefined}
          hint="Like /diwali-offers: lowercase letters, digits, - and _"
          required
          autoComplete="off"
          spellCheck={false}
        />
      </form>
    </Modal>
  )
}
