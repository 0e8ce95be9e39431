import { useEffect, useRef, useState } from 'react'
import type { PreviewPageInput } from '../../../common/contracts/admin-pages'
import type { PreviewMessage } from '../../../common/rules/page-preview'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { PreviewFrame, usePreviewFrame } from '../../staff/ui/preview-frame'
import { previewPageData } from './api'

/**
 * The real storefront in an iframe at the page's address, showing the editor's unsaved page: each change is
 * made safe and resolved by the server (POST /api/admin/pages/preview, nothing stored) and handed to the
 * storefront by postMessage (same origin only). Shoppers keep the published page.
 */
export function LivePreview({ path, input }: { path: string; input: PreviewPageInput | null }) {
  const api = useApi()
  const preview = usePreviewFrame('page-preview-ready')
  const { ready, post } = preview
  const [state, setState] = useState<'idle' | 'updating' | 'error'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const invalid = input === null
  // the page as it is when the timer fires; a new render with the same content does not ask again
  const latest = useRef(input)
  latest.current = input
  const json = JSON.stringify(input)

  useEffect(() => {
    const body = latest.current
    if (ready === 0 || body === null) return
    let cancelled = false
    setState('updating')
    const timer = window.setTimeout(async () => {
      try {
        const page = await previewPageData(api, body)
        if (cancelled) return
        const message: PreviewMessage = { type: 'page-preview', url: page.url, page }
        post(message)
        setState('idle')
        setProblem(null)
      } catch (err) {
        if (cancelled) return
        setState('error')
        setProblem(errorText(err))
      }
    }, 350)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [api, json, ready, post])

  return (
    <PreviewFrame
      preview={preview}
      path={path}
      status={
        invalid
          ? 'Paused: fix the highlighted fields'
          : state === 'updating' || !ready
            ? 'Updating…'
            : state === 'error'
              ? `Not updated: ${problem}`
              : 'Showing your changes'
      }
    />
  )
}
