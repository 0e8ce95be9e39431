import { useEffect, useState, type ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { useLatest } from './use-latest'

/**
 * The auto-advance timer. Every pause reason is plain state in the carousel (hover, touch, keyboard focus,
 * hidden tab, the pause button — WCAG 2.2.2), folded into `playing`. The timer restarts whenever `position`
 * changes, so each slide, whether reached by the timer, a dot, an arrow or a swipe, stays up for the full delay.
 */
export function useCarouselAutoplay(advance: () => void, delay: number, playing: boolean, position: number) {
  const latest = useLatest(advance)
  useEffect(() => {
    if (!playing) return
    const id = window.setTimeout(() => latest.current(), delay)
    return () => window.clearTimeout(id)
  }, [latest, delay, playing, position])
}

/** True while the shopper asks for reduced motion; false during SSR and the first client render. */
export function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)')
    if (!query) return
    setReduced(query.matches)
    const onChange = () => setReduced(query.matches)
    query.addEventListener?.('change', onChange)
    return () => query.removeEventListener?.('change', onChange)
  }, [])
  return reduced
}

/** Autoplay stops while the tab is hidden, so a shopper coming back finds the slide they left. */
export function useDocumentHidden() {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    const onChange = () => setHidden(document.visibilityState === 'hidden')
    onChange()
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])
  return hidden
}

export function AutoplayToggle({ paused, className, ...props }: ComponentProps<'button'> & { paused: boolean }) {
  return (
    <button
      type="button"
      aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
      aria-pressed={paused}
      className={cn('inline-flex size-6 items-center justify-center rounded-full text-muted transition-colors hover:bg-border/60 hover:text-text', className)}
      {...props}
    >
      <svg viewBox="0 0 24 24" className="size-3.5" fill="currentColor" aria-hidden="true" focusable="false">
        {paused ? <path d="M8 5.5v13l10.5-6.5z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
      </svg>
    </button>
  )
}
