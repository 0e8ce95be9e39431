import { focusManager, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { PageData } from '../../../common/contracts/pages'
import { LOOK_AHEAD_ATTRIBUTE } from '../../../common/rules/page-preview'

/**
 * The storefront inside the page builder's preview frame: the page data the editor posts (made safe and
 * resolved by the server's staff-only preview call) replaces this address's page data, so the real layout,
 * blocks and head render the unsaved page. Only messages from a same-origin parent window count; a shopper's
 * tab (no parent) never listens.
 */
export function startPagePreview(qc: QueryClient, pathname: string): () => void {
  if (window.parent === window) return () => {}
  const key = ['pages', pathname]
  let latest: PageData | null = null
  // no refetch on focus: it would put the published page back
  focusManager.setFocused(true)
  // the editor sees its blocks as a shopper who scrolls does, not as a first load (which waits for the first scroll)
  document.documentElement.setAttribute(LOOK_AHEAD_ATTRIBUTE, '')
  window.dispatchEvent(new Event('scroll'))
  const show = () => {
    if (!latest) return
    void qc.cancelQueries({ queryKey: key, exact: true })
    qc.setQueryData(key, latest)
    // structural sharing may keep the previous (equal) object: compare against what the cache holds, or this never settles
    latest = qc.getQueryData<PageData>(key) ?? latest
  }
  // A fetch of the published page (or its 404, for a page never published) that lands after the draft puts the draft back.
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    const q = event.query
    if (!latest || q.queryHash !== JSON.stringify(key)) return
    if (q.state.data !== latest || q.state.status === 'error') queueMicrotask(show)
  })
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== window.location.origin || e.source !== window.parent) return
    const msg = e.data as { type?: unknown; url?: unknown; page?: unknown } | null
    if (msg?.type !== 'page-preview' || msg.url !== pathname) return
    const page = z.safeParse(PageData, msg.page)
    if (!page.success) return
    latest = page.data
    show()
  }
  window.addEventListener('message', onMessage)
  window.parent.postMessage({ type: 'page-preview-ready', url: pathname }, window.location.origin)
  return () => {
    window.removeEventListener('message', onMessage)
    unsubscribe()
  }
}
