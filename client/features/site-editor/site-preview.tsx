import { useEffect, useState } from 'react'
import type { SitePreviewMessage } from '../../../common/rules/page-preview'
import { PreviewFrame, usePreviewFrame } from '../../staff/ui/preview-frame'

const PLACES = [
  { path: '/', label: 'Home page' },
  { path: '/products', label: 'All products' },
] as const

/**
 * Website Settings' live preview: the real storefront in a frame at phone, tablet or desktop width with this
 * screen's unsaved settings applied (posted to the frame; nothing is stored). Shoppers keep the saved settings.
 */
export function SitePreview({ patch, pages }: { patch: object | null; pages?: string[] }) {
  const preview = usePreviewFrame('site-preview-ready')
  const { ready, post } = preview
  const [path, setPath] = useState<string>('/')
  const json = patch ? JSON.stringify(patch) : null

  useEffect(() => {
    if (!ready || !json) return
    const timer = window.setTimeout(() => {
      const message: SitePreviewMessage = { type: 'site-preview', patch: JSON.parse(json) }
      post(message)
    }, 200)
    return () => window.clearTimeout(timer)
  }, [json, ready, post])

  const places = [...PLACES, ...(pages ?? []).filter((p) => p !== '/' && p !== '/products').map((p) => ({ path: p, label: p }))]
  return (
    <PreviewFrame preview={preview} path={path} status={!json ? 'Paused: fix the highlighted fields' : !ready ? 'Loading…' : 'Showing your unsaved changes'}>
      <label className="flex items-center gap-1 text-xs text-muted">
        <span>Page</span>
        <select className="h-7 rounded border border-border bg-surface px-1 text-xs text-text" value={path} onChange={(e) => setPath(e.target.value)}>
          {places.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
    </PreviewFrame>
  )
}
