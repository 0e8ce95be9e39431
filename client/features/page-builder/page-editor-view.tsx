import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import * as z from 'zod/mini'
import { type PageDraft, savePageDraft } from '../../../common/contracts/admin-pages'
import type { BlockType } from '../../../common/contracts/page-blocks'
import { isAppPage } from '../../../common/rules/page-paths'
import { formatDateTime } from '../../../common/dates'
import { useApi } from '../../lib/api-context'
import { cn } from '../../lib/cn'
import { ApiError, errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import * as paths from '../../lib/staff-paths'
import { useNavigate } from '../../lib/router'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { Spinner } from '../../ui/spinner'
import { TextareaField } from '../../ui/textarea-field'
import { toast } from '../../ui/toast'
import { ConflictDialog } from '../../staff/form/conflict-dialog'
import { useUnsavedChanges } from '../../staff/form/use-unsaved-changes'
import { PageHeader } from '../../staff/ui/page-header'
import { HistoryIcon, PlusIcon } from '../../staff/ui/staff-icons'
import { draftQuery, useDeletePage, useDraft, usePages, usePublish, useSaveDraft, useUnpublish } from './api'
import { BlockList } from './block-list'
import type { EditorBlock } from './blocks/block-draft'
import { BLOCK_EDITORS, isBlockType, newBlock, PALETTE } from './blocks/forms'
import { checkPage, type EditorPage, fromContent, type PageInputDraft, sameContent, toInput } from './editor-state'
import { LivePreview } from './live-preview'
import { PageStateBadge } from './page-list-view'
import { VersionsPanel } from './versions-panel'

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
        <PageHeader title={url} back={{ to: paths.pageBuilderPages(), label: 'Pages' }} />
        <p className="text-danger">{errorText(draft.error)}</p>
        <Button onClick={() => draft.refetch()}>Try again</Button>
      </div>
    )
  return <PageEditor url={url} loaded={draft.data} />
}

/** The server's copy, keeping the editor's block keys by position so open blocks stay open. */
function keepKeys(next: EditorPage, current: EditorPage): EditorPage {
  return { ...next, blocks: next.blocks.map((b, i) => ({ ...b, key: current.blocks[i]?.key ?? b.key })) }
}

const summary = (v: readonly object[] | string | boolean | null) =>
  Array.isArray(v)
    ? `${v.length} block${v.length === 1 ? '' : 's'}`
    : typeof v === 'boolean'
      ? v
        ? 'Yes'
        : 'No'
      : v === null || v === undefined
        ? ''
        : String(v)
type ConflictField = keyof typeof FIELD_LABELS
const FIELD_LABELS = {
  components: 'Blocks',
  css: 'CSS',
  show_navbar: 'Show navbar',
  show_sub_navbar: 'Show sub-navbar',
  show_footer: 'Show footer',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  seo_keyword: 'SEO keywords',
  schema_script: 'Schema (JSON-LD)',
} satisfies Partial<Record<keyof PageDraft & keyof PageInputDraft, string>>
const isConflictField = (key: string): key is ConflictField => Object.hasOwn(FIELD_LABELS, key)

function PageEditor({ url, loaded }: { url: string; loaded: PageDraft }) {
  const api = useApi()
  const qc = useQueryClient()
  const [base, setBase] = useState(loaded)
  const [saved, setSaved] = useState(() => fromContent(loaded))
  const [page, setPage] = useState(saved)
  const appPage = isAppPage(url)
  const [tab, setTab] = useState<'blocks' | 'page'>(appPage ? 'page' : 'blocks')
  const [open, setOpen] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [stale, setStale] = useState<{ current: PageDraft; changed: string[] } | null>(null)
  const [versionsOpen, setVersionsOpen] = useState(false)
  const save = useSaveDraft()
  const publish = usePublish()

  const checked = useMemo(() => checkPage(page, url, 0), [page, url])
  const localErrors = checked.ok ? {} : checked.errors
  const errors = { ...localErrors, ...serverErrors }
  const dirty = !sameContent(page, saved)
  useUnsavedChanges(dirty, 'your changes to this page')
  const preview = useMemo(() => {
    if (!checked.ok) return null
    const { version: _v, ...rest } = checked.input
    return rest
  }, [checked])

  // the list's state of this page (draft / changes / published), refreshed by every save and publish
  const listed = usePages(url === '/' ? '' : url.slice(1)).data?.data.find((p) => p.url === url)?.state
  const state = base.published_version === null ? 'draft' : dirty ? 'changes' : (listed ?? 'published')

  function update(next: EditorPage) {
    setPage(next)
    if (Object.keys(serverErrors).length) setServerErrors({})
    setFormError(null)
  }
  const setField = <K extends keyof EditorPage>(key: K, value: EditorPage[K]) => update({ ...page, [key]: value })

  function reset(draft: PageDraft) {
    const next = fromContent(draft)
    setBase(draft)
    setSaved(next)
    setPage(next)
    setServerErrors({})
    setFormError(null)
    setStale(null)
  }

  function showInvalid() {
    const first = Object.keys(localErrors)[0]
    const block = /^components\.(\d+)\./.exec(first ?? '')
    if (block) {
      setTab('blocks')
      setOpen(page.blocks[Number(block[1])]?.key ?? null)
    } else if (first) setTab('page')
    setFormError(`Fix the ${Object.keys(localErrors).length === 1 ? 'highlighted field' : `${Object.keys(localErrors).length} highlighted fields`} first.`)
  }

  /** Saves the draft; true when it was saved. Input stays as typed on any error. */
  async function saveDraft(version = base.version): Promise<boolean> {
    const input = checkPage(page, url, version)
    if (!input.ok) {
      showInvalid()
      return false
    }
    try {
      const draft = await save.mutateAsync(input.input)
      const next = keepKeys(fromContent(draft), page)
      setBase(draft)
      setSaved(next)
      setPage(next)
      setStale(null)
      return true
    } catch (err) {
      const conflict = err instanceof ApiError && err.status === 409 ? z.safeParse(savePageDraft.stale, err.body) : null
      if (conflict?.success) {
        setStale({ current: conflict.data.current, changed: conflict.data.changed })
        return false
      }
      const byField = fieldErrors(err)
      setServerErrors(byField)
      if (Object.keys(byField).length) {
        const first = Object.keys(byField)[0]
        if (first.startsWith('components.')) setTab('blocks')
        else setTab('page')
      }
      setFormError(Object.keys(byField).length ? 'The draft was not saved: fix the highlighted fields.' : `The draft was not saved: ${errorText(err)}`)
      return false
    }
  }

  async function onSave() {
    if (await saveDraft()) toast.success('Draft saved. Shoppers still see the published page.')
  }

  async function onPublish() {
    if ((dirty || base.version === 0) && !(await saveDraft())) return
    try {
      const live = await publish.mutateAsync(url)
      const draft = await qc.fetchQuery({ ...draftQuery(api, url), staleTime: 0 })
      setBase(draft)
      toast.success(`Published: version ${live.number} is live`, { action: { label: 'View page', onClick: () => window.open(url, '_blank', 'noopener') } })
    } catch (err) {
      toast.error(`Not published: ${errorText(err)}`)
    }
  }

  async function reloadFromServer() {
    const draft = await qc.fetchQuery({ ...draftQuery(api, url), staleTime: 0 })
    reset(draft)
  }

  function addBlock(type: BlockType) {
    const block = newBlock(type)
    update({ ...page, blocks: [...page.blocks, block] })
    setOpen(block.key)
  }

  function removeBlock(block: EditorBlock) {
    const index = page.blocks.findIndex((b) => b.key === block.key)
    update({ ...page, blocks: page.blocks.filter((b) => b.key !== block.key) })
    toast.info(`${block.name || (isBlockType(block.type) ? BLOCK_EDITORS[block.type].label : 'Block')} removed`, {
      duration: 8000,
      action: {
        label: 'Undo',
        onClick: () =>
          setPage((p) => {
            if (p.blocks.some((b) => b.key === block.key)) return p
            const blocks = [...p.blocks]
            blocks.splice(Math.min(index, blocks.length), 0, block)
            return { ...p, blocks }
          }),
      },
    })
  }

  const staleInput = toInput(page, url, 0)
  const liveVersion = base.published_version

  return (
    <div className="flex flex-col gap-2">
      <PageHeader
        back={{ to: paths.pageBuilderPages(), label: 'Pages' }}
        title={<span className="[&_textarea]:font-mono">{url}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PageStateBadge state={state} />
            <span className="text-sm text-muted">
              {dirty ? 'Unsaved changes' : base.version > 0 ? `Draft saved ${formatDateTime(base.updated_at)}` : 'Nothing saved yet'}
              {liveVersion ? ` · Live: version ${liveVersion}` : ''}
            </span>
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setVersionsOpen(true)}>
              <HistoryIcon className="size-4" /> Versions
            </Button>
            {liveVersion !== null && (
              <a href={url} target="_blank" rel="noopener" className="inline-flex h-10 items-center rounded-md px-3 text-sm text-primary hover:bg-background">
                View live<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <Button variant="outline" onClick={onSave} loading={save.isPending && !publish.isPending} disabled={!dirty && base.version > 0}>
              Save draft
            </Button>
            <Button onClick={onPublish} loading={publish.isPending}>
              Publish
            </Button>
          </>
        }
      />
      <FormAlert message={formError} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(380px,460px)_1fr]">
        <div className="flex min-w-0 flex-col gap-4">
          <div role="tablist" aria-label="Edit" className="flex gap-1 border-b border-border">
            {(appPage
              ? ([['page', 'Page settings']] as const)
              : ([
                  ['blocks', 'Blocks'],
                  ['page', 'Page settings'],
                ] as const)
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={tab === id}
                aria-controls={`tab-${id}`}
                id={`tab-button-${id}`}
                onClick={() => setTab(id)}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                  tab === id ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
                )}
              >
                {label}
                {id === 'page' && Object.keys(errors).some((k) => !k.startsWith('components')) && <span className="ml-1 text-danger">•</span>}
              </button>
            ))}
          </div>
          {tab === 'blocks' ? (
            <div role="tabpanel" id="tab-blocks" aria-labelledby="tab-button-blocks" className="flex flex-col gap-4">
              <section aria-labelledby="palette-heading" className="flex flex-col gap-2">
                <h2 id="palette-heading" className="text-sm font-semibold">
                  Add a block
                </h2>
                <div className="grid grid-cols-2 gap-2">
                  {PALETTE.map((type) => (
                    <button
                      key={type}
                      type="button"
                      onClick={() => addBlock(type)}
                      disabled={page.blocks.length >= 60}
                      className="flex items-start gap-2 rounded-md border border-border bg-surface p-2 text-left hover:border-primary disabled:opacity-50"
                    >
                      <PlusIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span>
                        <span className="block text-sm font-medium">{BLOCK_EDITORS[type].label}</span>
                        <span className="block text-xs text-muted">{BLOCK_EDITORS[type].description}</span>
                      </span>
                    </button>
                  ))}
                </div>
              </section>
              <BlockList
                blocks={page.blocks}
                onChange={(blocks) => update({ ...page, blocks })}
                open={open}
                onOpen={setOpen}
                errors={errors}
                onRemove={removeBlock}
              />
            </div>
          ) : (
            <div role="tabpanel" id="tab-page" aria-labelledby="tab-button-page" className="flex flex-col gap-4">
              <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-semibold">On this page, show</legend>
                {(
                  [
                    ['show_navbar', 'The navbar (logo, search, cart)'],
                    ['show_sub_navbar', 'The sub-navbar (menu)'],
                    ['show_footer', 'The footer'],
                  ] as const
                ).map(([key, label]) => (
                  <label key={key} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={page[key]} onChange={(e) => setField(key, e.target.checked)} />
                    {label}
                  </label>
                ))}
              </fieldset>
              <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-semibold">Search engines</legend>
                <TextField
                  label="SEO title"
                  value={page.seo_title}
                  onChange={(e) => setField('seo_title', e.target.value)}
                  error={errors.seo_title}
                  hint="The browser tab and search result title"
                />
                <TextareaField
                  label="SEO description"
                  rows={3}
                  value={page.seo_description}
                  onChange={(e) => setField('seo_description', e.target.value)}
                  error={errors.seo_description}
                  hint="One or two sentences shown under the title in search results"
                />
                <TextField
                  label="SEO keywords"
                  value={page.seo_keyword}
                  onChange={(e) => setField('seo_keyword', e.target.value)}
                  error={errors.seo_keyword}
                  hint="Separated by commas"
                />
                <TextareaField
                  label="Schema (JSON-LD)"
                  rows={6}
                  className="[&_textarea]:font-mono"
                  value={page.schema_script}
                  onChange={(e) => setField('schema_script', e.target.value)}
                  error={errors.schema_script}
                  hint='Structured data for search engines, as JSON: {"@context": "https://schema.org", …}'
                  spellCheck={false}
                />
              </fieldset>
              <TextareaField
                label="Page CSS"
                rows={8}
                className="[&_textarea]:font-mono"
                value={page.css}
                onChange={(e) => setField('css', e.target.value)}
                error={errors.css}
                hint="Applies to this page’s blocks only. @import, outside url()s, fixed positioning and scripts are removed when you save."
                spellCheck={false}
              />
              {appPage && (
                <p className="rounded-md bg-background p-3 text-sm text-muted">
                  {url} is the shop’s own screen: it shows no blocks. Its navbar, footer and SEO settings here apply to it.
                </p>
              )}
              {url !== '/' && !appPage && (
                <TakeDown
                  url={url}
                  live={liveVersion !== null}
                  exists={base.version > 0 || liveVersion !== null}
                  onUnpublished={(draft) => setBase(draft)}
                  onPublishedAgain={reloadFromServer}
                />
              )}
            </div>
          )}
        </div>
        <div className="min-w-0 xl:sticky xl:top-20">
          <LivePreview path={url} input={preview} />
        </div>
      </div>
      <VersionsPanel url={url} open={versionsOpen} onClose={() => setVersionsOpen(false)} onRolledBack={reloadFromServer} dirty={dirty} />
      <ConflictDialog
        open={stale !== null}
        what="this page"
        rows={(stale?.changed ?? [])
          .filter(isConflictField)
          .map((key) => ({
            label: FIELD_LABELS[key],
            theirs: stale ? summary(stale.current[key]) : '',
            mine: summary(staleInput[key]),
          }))
          .filter((row) => row.theirs !== row.mine || row.label === 'Blocks')}
        onReloadTheirs={() => stale && reset(stale.current)}
        onKeepMine={() => stale && saveDraft(stale.current.version).then((ok) => ok && toast.success('Draft saved over theirs'))}
        onClose={() => setStale(null)}
        saving={save.isPending}
      />
    </div>
  )
}

/**
 * Unpublish (shoppers get "page not found" at once; the draft stays, Undo publishes it again) and delete (asks
 * first; the draft and the live page go, the versions stay in the history).
 */
function TakeDown({
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
      navigate(paths.pageBuilderPages())
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
