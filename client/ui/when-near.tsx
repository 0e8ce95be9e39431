import { type ReactNode, useEffect, useRef, useState } from 'react'
import { LOOK_AHEAD_ATTRIBUTE } from '../../common/rules/page-preview'
import { useLatest } from './use-latest'

/** How far below the viewport (px) content counts as near once the shopper scrolls: a little ahead, not a screen. */
export const NEAR_MARGIN = '0px 0px 200px 0px'

/**
 * Until the shopper first scrolls, only what is in the viewport is near: what sits just under the first screen waits
 * for the first scroll, so the first load stays the first screen's (issue 31: its data call would bring zod).
 */
let scrolled = false
const margin = () => (scrolled || window.scrollY > 0 || document.documentElement.hasAttribute(LOOK_AHEAD_ATTRIBUTE) ? NEAR_MARGIN : '0px')

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
    // a scroll (or the preview's mark, which it announces as one) starts the look-ahead
    const onScroll = () => {
      scrolled = true
      window.removeEventListener('scroll', onScroll)
      observe()
    }
    observe()
    if (margin() !== NEAR_MARGIN) window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      observer?.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
  }, [latest, near])
  return (
    <div ref={ref} data-near={near} className="min-w-0">
      {children(near)}
    </div>
  )
}
