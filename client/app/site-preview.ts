import { focusManager, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { InitData, Website } from '../../common/contracts/site-settings'
import { themeCss } from './theme'

/**
 * The storefront inside Website Settings' preview frame (docs/decisions/0032-rich-text-and-page-lifecycle.md):
 * the unsaved settings the editor posts are merged into this tab's GET /api/init answer (site, theme, font,
 * navigation, menus, popup, SEO), checked against InitData, and shown with the real header, navbar and footer.
 * Only a same-origin parent window is heard; shoppers (no parent) never load this.
 */
const InitPatch = z.extend(z.partial(InitData), { web: z.optional(z.partial(Website)) })
const KEY = ['init']

export function startSitePreview(qc: QueryClient): () => void {
  if (window.parent === window) return () => {}
  focusManager.setFocused(true)
  let patch: z.infer<typeof InitPatch> | null = null
  let latest: InitData | null = null
  let base = qc.getQueryData<InitData>(KEY) ?? null

  const show = () => {
    if (!patch || !base) return
    const merged = z.safeParse(InitData, merge(base, patch))
    if (!merged.success) return
    void qc.cancelQueries({ queryKey: KEY, exact: true })
    qc.setQueryData(KEY, merged.data)
    latest = qc.getQueryData<InitData>(KEY) ?? merged.data
    const style = document.getElementById('site-theme')
    if (style) style.textContent = themeCss(latest)
  }
  // a refetch of the saved settings (the cart changed, a sign-in) becomes the new base, with the draft on top
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    const q = event.query
    if (q.queryHash !== JSON.stringify(KEY) || !q.state.data || q.state.data === latest) return
    base = q.state.data as InitData
    if (patch) queueMicrotask(show)
  })
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== window.location.origin || e.source !== window.parent) return
    const msg = e.data as { type?: unknown; patch?: unknown } | null
    if (msg?.type !== 'site-preview') return
    const parsed = z.safeParse(InitPatch, msg.patch)
    if (!parsed.success) return
    patch = parsed.data
    base ??= qc.getQueryData<InitData>(KEY) ?? null
    show()
  }
  window.addEventListener('message', onMessage)
  window.parent.postMessage({ type: 'site-preview-ready' }, window.location.origin)
  return () => {
    window.removeEventListener('message', onMessage)
    unsubscribe()
  }
}

/** The draft over the saved answer; the /categories menu item keeps the category children the server filled in. */
function merge(base: InitData, patch: z.infer<typeof InitPatch>): InitData {
  const withCategories = (items: InitData['navs'] | undefined, saved: InitData['navs']) =>
    items?.map((item) => (item.value === '/categories' ? { ...item, children: saved.find((s) => s.value === '/categories')?.children ?? [] } : item))
  return {
    ...base,
    ...patch,
    web: { ...base.web, ...patch.web },
    navs: withCategories(patch.navs, base.navs) ?? base.navs,
    footers: patch.footers ?? base.footers,
  }
}
