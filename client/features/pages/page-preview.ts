import { focusManager, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { PageData } from '../../../common/contracts/pages'

/**
 * The storefront inside the page builder's preview frame: the page data the editor posts (made safe and
 * resolved by the server's staff-only preview call) replaces this address's page data, so the real layout,
 * blocks and head render the unsaved page. Only messages from a same-origin parent window count; a shopper's
 * tab (no parent) never listens.
 */
export function startPagePreview(qc: QueryClient, pathname: string): () => void {
  if (window.parent === window) return () => {}
  // no refetch on focus: it would put the published page back
  focusManager.setFocused(true)
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== window.location.origin || e.source !== window.parent) return
    const msg = e.data as { type?: unknown; url?: unknown; page?: unknown } | null
    if (msg?.type !== 'page-preview' || msg.url !== pathname) return
    const page = z.safeParse(PageData, msg.page)
    if (page.success) qc.setQueryData(['pages', pathname], page.data)
  }
  window.addEventListener('message', onMessage)
  window.parent.postMessage({ type: 'page-preview-ready', url: pathname }, window.location.origin)
  return () => window.removeEventListener('message', onMessage)
}
