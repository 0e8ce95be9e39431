import { useEffect, useState } from 'react'
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
export function LivePreview({ input, invalid }: { input: PreviewPageInput; invalid: boolean }) {
  const api = useApi()
  const preview = usePreviewFrame('page-preview-ready')
  const { ready, post } = preview
  const [state, setState] = useState<'idle' | 'updating' | 'error'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const json = JSON.stringify(input)

  useEffect(() => {
    if (ready === 0 || invalid) return
    let cancelled = false
    setState('updating')
    const timer = window.setTimeout(async () => {
      try {
        const page = await previewPageData(api, JSON.parse(json) as PreviewPageInput)
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
  }, [api, json, ready, invalid, post])

  return (
    <PreviewFrame
      preview={preview}
      path={input.url}
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
