import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLatest } from './use-latest'

/** How far below the viewport (px) content counts as near once the shopper scrolls: a little ahead, not a screen. */
export const NEAR_MARGIN = '0px 0px 200px 0px'

/**
 * Until the shopper first scrolls, only what is in the viewport is near: what sits just under the first screen waits
 * for the first scroll, so the first load stays the first screen's (issue 31: its data call would bring zod).
 */
let scrolled = false
const margin = () => (scrolled || window.scrollY > 0 ? NEAR_MARGIN : '0px')
/** The WhenNear waiting for the first scroll, told when look-ahead starts. */
const waiting = new Set<() => void>()

/** Look NEAR_MARGIN ahead from now on, as after a scroll: for a view that is not a shopper's first load (the page builder's preview). */
export function lookAhead() {
  scrolled = true
  for (const start of [...waiting]) start()
}

/**
 * Content below the fold that draws (and loads) when the shopper scrolls to it: `children(near)` draws it, `near`
 * false until it comes into the viewport, or within NEAR_MARGIN of it after the first scroll (IntersectionObserver),
 * when `onNear` is called once. Without IntersectionObserver it is near at once. The server, and the browser's first
 * render, draw it not near.
 */
export function WhenNear({ onNear, children }: { onNear?: () => void; children: (near: boolean) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const latest = useLatest(onNear)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const arrive = () => {
      setNear(true)
      latest.current?.()
    }
    if (typeof IntersectionObserver === 'undefined') return arrive()
    let observer: IntersectionObserver | undefined
    const observe = () => {
      observer?.disconnect()
      const current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          current.disconnect()
          arrive()
        },
        { rootMargin: margin() },
      )
      observer = current
      current.observe(el)
    }
    const onScroll = () => {
      scrolled = true
      stopWaiting()
      observe()
    }
    const stopWaiting = () => {
      waiting.delete(onScroll)
      window.removeEventListener('scroll', onScroll)
    }
    observe()
    if (!scrolled) {
      waiting.add(onScroll)
      window.addEventListener('scroll', onScroll, { passive: true })
    }
    return () => {
      observer?.disconnect()
      stopWaiting()
    }
  }, [latest, near])
  return (
    <div ref={ref} data-near={near} className="min-w-0">
      {children(near)}
    </div>
  )
}
