import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { PreviewPageInput } from '../../../common/contracts/admin-pages'
import { PAGE_PREVIEW_PARAM, type PreviewMessage } from '../../../common/rules/page-preview'
import { useApi } from '../../lib/api-context'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { previewPageData } from './api'

const WIDTHS = { phone: 375, tablet: 768, desktop: 1280 } as const
type Device = keyof typeof WIDTHS

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

/** The framed storefront's hellos (a reload of the frame asks again) and a way to post to it, same origin only. */
export function usePreviewFrame(readyType: string) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [ready, setReady] = useState(0)
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return
      if ((e.data as { type?: string } | null)?.type === readyType) setReady((n) => n + 1)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [readyType])
  const post = useCallback((message: unknown) => frame.current?.contentWindow?.postMessage(message, window.location.origin), [])
  return { frame, ready, post }
}

/** The real storefront at `path` in an iframe at phone, tablet or desktop width, scaled to fit. */
export function PreviewFrame({
  preview,
  path,
  status,
  children,
}: {
  preview: ReturnType<typeof usePreviewFrame>
  path: string
  status: string
  children?: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const [device, setDevice] = useState<Device>('desktop')
  const [boxWidth, setBoxWidth] = useState(0)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth))
    observer.observe(el)
    setBoxWidth(el.clientWidth)
    return () => observer.disconnect()
  }, [])

  const width = WIDTHS[device]
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1
  // a scaled-down desktop is as tall on screen as a phone: more of the page shows
  const height = Math.max(720, Math.round(680 / scale))
  const src = `${path}${path.includes('?') ? '&' : '?'}${PAGE_PREVIEW_PARAM}=1`

  return (
    <section aria-label="Live preview" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Preview</h2>
        {children}
        <p className="text-xs text-muted" role="status">
          {status}
        </p>
        <div role="group" aria-label="Preview width" className="inline-flex rounded-md border border-border bg-surface p-0.5">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
              className={cn('rounded px-2.5 py-1 text-xs font-medium capitalize', device === d ? 'bg-primary text-on-primary' : 'text-muted hover:text-text')}
            >
              {d} <span className="sr-only">({WIDTHS[d]} pixels)</span>
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="overflow-hidden rounded-lg border border-border bg-background" style={{ height: height * scale + 2 }}>
        <iframe
          ref={preview.frame}
          title={`Preview of ${path} at ${device} width`}
          src={src}
          data-device={device}
          width={width}
          height={height}
          className="mx-auto block origin-top-left border-0 bg-white"
          style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined, marginLeft: scale < 1 ? 0 : undefined }}
        />
      </div>
    </section>
  )
}
