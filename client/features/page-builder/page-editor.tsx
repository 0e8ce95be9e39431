import { useMemo, useState } from 'react'
import type { PageDraft } from '../../../common/contracts/admin-pages'
import type { BlockType } from '../../../common/contracts/page-blocks'
import { formatDateTime } from '../../../common/dates'
import { isAppPage } from '../../../common/rules/page-paths'
import { cn } from '../../lib/cn'
import { staffPath } from '../../staff/staff-paths'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { toast } from '../../ui/toast'
import { ConflictDialog } from '../../staff/form/conflict-dialog'
import { useUnsavedChanges } from '../../staff/form/use-unsaved-changes'
import { PageHeader } from '../../staff/ui/page-header'
import { HistoryIcon } from '../../staff/ui/staff-icons'
import { usePages } from './api'
import { BlockList } from './block-list'
import { BlockPalette } from './block-palette'
import type { EditorBlock } from './blocks/block-draft'
import { BLOCK_EDITORS, isBlockType, newBlock } from './blocks/forms'
import { toInput } from './editor-state'
import { LivePreview } from './live-preview'
import { conflictRows } from './page-conflict'
import { PageStateBadge } from './page-list-view'
import { PageSettingsFields } from './page-settings-fields'
import { TakeDown } from './take-down'
import { type FieldToFix, usePageDraft } from './use-page-draft'
import { VersionsPanel } from './versions-panel'

type Tab = 'blocks' | 'page'

/** One page's editor: the blocks and the page settings on two tabs, the live preview beside them. */
export function PageEditor({ url, loaded }: { url: string; loaded: PageDraft }) {
  const appPage = isAppPage(url)
  const [tab, setTab] = useState<Tab>(appPage ? 'page' : 'blocks')
  const [open, setOpen] = useState<string | null>(null)
  const [versionsOpen, setVersionsOpen] = useState(false)
  const reveal = (field: FieldToFix) => {
    setTab(field.tab)
    if (field.tab === 'blocks' && field.open !== undefined) setOpen(field.open)
  }
  const draft = usePageDraft(url, loaded, reveal)
  const { base, page, update, errors, dirty, stale } = draft
  useUnsavedChanges(dirty, 'your changes to this page')
  const preview = useMemo(() => {
    if (!draft.checked.ok) return null
    const { version: _v, ...rest } = draft.checked.input
    return rest
  }, [draft.checked])

  // the list's state of this page (draft / changes / published), refreshed by every save and publish
  const listed = usePages(url === '/' ? '' : url.slice(1)).data?.data.find((p) => p.url === url)?.state
  const state = base.published_version === null ? 'draft' : dirty ? 'changes' : (listed ?? 'published')
  const liveVersion = base.published_version

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
          draft.setPage((p) => {
            if (p.blocks.some((b) => b.key === block.key)) return p
            const blocks = [...p.blocks]
            blocks.splice(Math.min(index, blocks.length), 0, block)
            return { ...p, blocks }
          }),
      },
    })
  }

  return (
    <div className="flex flex-col gap-2">
      <PageHeader
        back={{ to: staffPath('/page-builder/pages'), label: 'Pages' }}
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
            <Button variant="outline" onClick={draft.onSave} loading={draft.saving && !draft.publishing} disabled={!dirty && base.version > 0}>
              Save draft
            </Button>
            <Button onClick={draft.onPublish} loading={draft.publishing}>
              Publish
            </Button>
          </>
        }
      />
      <FormAlert message={draft.formError} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(380px,460px)_1fr]">
        <div className="flex min-w-0 flex-col gap-4">
          <EditorTabs
            tabs={appPage ? ['page'] : ['blocks', 'page']}
            tab={tab}
            onTab={setTab}
            pageHasErrors={Object.keys(errors).some((k) => !k.startsWith('components'))}
          />
          {tab === 'blocks' ? (
            <div role="tabpanel" id="tab-blocks" aria-labelledby="tab-button-blocks" className="flex flex-col gap-4">
              <BlockPalette onAdd={addBlock} full={page.blocks.length >= 60} />
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
              <PageSettingsFields page={page} setField={draft.setField} errors={errors} />
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
                  onUnpublished={(next) => draft.setBase(next)}
                  onPublishedAgain={draft.reloadFromServer}
                />
              )}
            </div>
          )}
        </div>
        <div className="min-w-0 xl:sticky xl:top-20">
          <LivePreview path={url} input={preview} />
        </div>
      </div>
      <VersionsPanel url={url} open={versionsOpen} onClose={() => setVersionsOpen(false)} onRolledBack={draft.reloadFromServer} dirty={dirty} />
      <ConflictDialog
        open={stale !== null}
        what="this page"
        rows={conflictRows(stale, toInput(page, url, 0))}
        onReloadTheirs={() => stale && draft.reset(stale.current)}
        onKeepMine={() => stale && draft.saveDraft(stale.current.version).then((ok) => ok && toast.success('Draft saved over theirs'))}
        onClose={draft.closeConflict}
        saving={draft.saving}
      />
    </div>
  )
}

const TAB_LABELS: Record<Tab, string> = { blocks: 'Blocks', page: 'Page settings' }

function EditorTabs({ tabs, tab, onTab, pageHasErrors }: { tabs: Tab[]; tab: Tab; onTab: (tab: Tab) => void; pageHasErrors: boolean }) {
  return (
    <div role="tablist" aria-label="Edit" className="flex gap-1 border-b border-border">
      {tabs.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          aria-controls={`tab-${id}`}
          id={`tab-button-${id}`}
          onClick={() => onTab(id)}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
            tab === id ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
          )}
        >
          {TAB_LABELS[id]}
          {id === 'page' && pageHasErrors && <span className="ml-1 text-danger">•</span>}
        </button>
      ))}
    </div>
  )
}
