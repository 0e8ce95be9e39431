import { type ReactNode, useEffect, useRef } from 'react'
import { useLatest } from './use-latest'

/** How far below the viewport (px) content counts as near: its data has about a screen's scroll to arrive. */
const NEAR_MARGIN = '800px 0px'

/**
 * Its children, as they are; `onNear` is called once when they come near the viewport (IntersectionObserver), for
 * content below the fold that loads when the shopper scrolls to it. Without IntersectionObserver it is called at once.
 */
export function WhenNear({ onNear, children }: { onNear?: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useLatest(onNear)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (typeof IntersectionObserver === 'undefined') {
      latest.current?.()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        latest.current?.()
      },
      { rootMargin: NEAR_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [latest])
  return (
    <div ref={ref} data-later="" className="min-w-0">
      {children}
    </div>
  )
}
