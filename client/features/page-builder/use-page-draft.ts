import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { type PageDraft, savePageDraft } from '../../../common/contracts/admin-pages'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { useSaveConflict } from '../../staff/form/use-versioned-save'
import { toast } from '../../ui/toast'
import { draftQuery, usePublish, useSaveDraft } from './api'
import { checkPage, type EditorPage, fromContent, sameContent } from './editor-state'

/** Where the first field to fix is: on the blocks tab (that block opened, when known) or on the page settings. */
export type FieldToFix = { tab: 'blocks'; open?: string | null } | { tab: 'page' }

/** The server's copy, keeping the editor's block keys by position so open blocks stay open. */
function keepKeys(next: EditorPage, current: EditorPage): EditorPage {
  return { ...next, blocks: next.blocks.map((b, i) => ({ ...b, key: current.blocks[i]?.key ?? b.key })) }
}

/**
 * The page being edited: its saved draft, what is typed, the contract's checks, and saving and publishing it.
 * A save made on top of someone else's is refused with 409 (`stale`), never an overwrite; input stays as typed.
 */
export function usePageDraft(url: string, loaded: PageDraft, reveal: (field: FieldToFix) => void) {
  const api = useApi()
  const qc = useQueryClient()
  const [base, setBase] = useState(loaded)
  const [saved, setSaved] = useState(() => fromContent(loaded))
  const [page, setPage] = useState(saved)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const { conflict: stale, caught, close: closeConflict } = useSaveConflict(savePageDraft.stale)
  const save = useSaveDraft()
  const publish = usePublish()

  const checked = useMemo(() => checkPage(page, url, 0), [page, url])
  const localErrors = checked.ok ? {} : checked.errors
  const errors = { ...localErrors, ...serverErrors }
  const dirty = !sameContent(page, saved)

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
    closeConflict()
  }

  function showInvalid() {
    const first = Object.keys(localErrors)[0]
    const block = /^components\.(\d+)\./.exec(first ?? '')
    if (block) reveal({ tab: 'blocks', open: page.blocks[Number(block[1])]?.key ?? null })
    else if (first) reveal({ tab: 'page' })
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
      closeConflict()
      return true
    } catch (err) {
      if (caught(err)) return false
      const byField = fieldErrors(err)
      setServerErrors(byField)
      if (Object.keys(byField).length) reveal({ tab: Object.keys(byField)[0].startsWith('components.') ? 'blocks' : 'page' })
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

  return {
    base,
    setBase,
    page,
    /** sets the page without clearing the save's messages (the Undo of a removal) */
    setPage,
    update,
    setField,
    checked,
    errors,
    formError,
    dirty,
    stale,
    closeConflict,
    reset,
    saveDraft,
    onSave,
    onPublish,
    reloadFromServer,
    saving: save.isPending,
    publishing: publish.isPending,
  }
}
