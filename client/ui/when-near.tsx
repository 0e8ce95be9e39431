import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLatest } from './use-latest'

/** How far below the viewport (px) content counts as near: a little scroll ahead of the shopper, not a screen. */
const NEAR_MARGIN = '0px 0px 200px 0px'

/**
 * Content below the fold that draws (and loads) when the shopper scrolls to it: `children(near)` draws it, `near`
 * false until it comes within NEAR_MARGIN of the viewport (IntersectionObserver), when `onNear` is called once.
 * Without IntersectionObserver it is near at once. The server, and the browser's first render, draw it not near.
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        arrive()
      },
      { rootMargin: NEAR_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [latest, near])
  return (
    <div ref={ref} data-near={near} className="min-w-0">
      {children(near)}
    </div>
  )
}
