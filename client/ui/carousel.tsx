import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { CAROUSEL_BREAKPOINTS, CAROUSEL_DELAY_MS } from '../../common/rules/constants'
import { cn } from '../lib/cn'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import { AutoplayToggle, useCarouselAutoplay, useDocumentHidden, usePrefersReducedMotion } from './carousel-autoplay'

/** Slides per view from 0px (base) and at Tailwind's sm (640), md (768) and lg (1024) breakpoints. */
export interface SlidesPerView {
  base: number
  sm: number
  md: number
  lg: number
}

/** Spec §2/§9: 1 slide under 640px, 1 between 640 and 768, 2 from 768, 5 from 1024. */
export const DEFAULT_SLIDES_PER_VIEW: SlidesPerView = {
  base: 1,
  sm: CAROUSEL_BREAKPOINTS[640],
  md: CAROUSEL_BREAKPOINTS[768],
  lg: CAROUSEL_BREAKPOINTS[1024],
}

export interface CarouselProps {
  children?: ReactNode
  /** Accessible name of the carousel region (or use labelledBy). */
  label?: string
  labelledBy?: string
  /** A number applies at every width; an object overrides single breakpoints of the spec's default. */
  slidesPerView?: number | Partial<SlidesPerView>
  /** true → every CAROUSEL_DELAY_MS; a number → that interval in ms; false → no auto-advance. */
  autoplay?: boolean | number
  /** The arrows wrap round (next on the last page goes to the first, previous on the first to the last). */
  loop?: boolean
  /** How many skeleton slides to show while there are no slides yet (data still missing). */
  placeholder?: number
  /** The skeleton drawn for each placeholder slide. */
  placeholderSlide?: ReactNode
  gap?: keyof typeof gaps
  arrows?: boolean
  dots?: boolean
  className?: string
  slideClassName?: string
}

/** The gap between slides, as --gap (a slide's width is (100% − (spv − 1) × gap) ÷ spv). */
const gaps = {
  none: '[--gap:0px]',
  sm: '[--gap:0.5rem] sm:[--gap:0.75rem]',
  md: '[--gap:0.75rem] md:[--gap:1rem]',
} as const

/** Hides the arrows before the first measurement at the widths where every slide fits (no layout needed). */
const hideWhenAllFit = { base: 'max-sm:hidden', sm: 'sm:max-md:hidden', md: 'md:max-lg:hidden', lg: 'lg:hidden' } as const

const clampCount = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? Math.min(8, Math.max(1, Math.round(n))) : fallback)

export function resolveSlidesPerView(value: CarouselProps['slidesPerView']): SlidesPerView {
  if (typeof value === 'number') {
    const n = clampCount(value, 1)
    return { base: n, sm: n, md: n, lg: n }
  }
  const d = DEFAULT_SLIDES_PER_VIEW
  return { base: clampCount(value?.base, d.base), sm: clampCount(value?.sm, d.sm), md: clampCount(value?.md, d.md), lg: clampCount(value?.lg, d.lg) }
}

/**
 * The scroll position of each page: a page starts at the first slide that does not fit in the page before it,
 * and the last one is trimmed to the end of the track (like a page of fewer slides). Read on mount and resize only.
 */
export function measurePages(track: HTMLElement): number[] {
  const slides = track.children as HTMLCollectionOf<HTMLElement>
  if (slides.length === 0) return []
  const origin = slides[0].offsetLeft
  const view = track.clientWidth
  const max = Math.max(0, track.scrollWidth - view)
  const pages = [0]
  for (let i = 1; i < slides.length && pages[pages.length - 1] < max; i++) {
    const left = slides[i].offsetLeft - origin
    if (left + slides[i].offsetWidth > pages[pages.length - 1] + view + 2) pages.push(Math.min(left, max))
  }
  return pages
}

function nearestPage(pages: number[], x: number) {
  let best = 0
  for (let i = 1; i < pages.length; i++) if (Math.abs(pages[i] - x) < Math.abs(pages[best] - x)) best = i
  return best
}

/** More pages than this show a count instead of dots (a phone row of 23 dots has no room for 24 px targets). */
const MAX_DOTS = 10

export function Carousel({
  children,
  label,
  labelledBy,
  slidesPerView,
  autoplay = true,
  loop = false,
  placeholder = 0,
  placeholderSlide,
  gap = 'md',
  arrows = true,
  dots = true,
  className,
  slideClassName,
}: CarouselProps) {
  const items = Children.toArray(children)
  const loading = items.length === 0 && placeholder > 0
  const slides = loading ? Array.from({ length: placeholder }, (_, i) => <div key={i}>{placeholderSlide ?? <DefaultSkeleton />}</div>) : items

  const trackRef = useRef<HTMLDivElement>(null)
  const pagesRef = useRef<number[]>([])
  /** The page a programmatic smooth scroll is heading for; scroll positions on the way do not move the dots. */
  const targetRef = useRef<number | null>(null)
  const [pages, setPages] = useState(0)
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    const track = trackRef.current
    if (!track) return
    let frame = 0
    const sync = () => {
      const positions = pagesRef.current
      const x = track.scrollLeft
      const target = targetRef.current
      if (target != null) {
        if (target < positions.length && Math.abs(x - positions[target]) > 2) return
        targetRef.current = null
      }
      setSelected(nearestPage(positions, x))
    }
    const measure = () => {
      pagesRef.current = measurePages(track)
      setPages(pagesRef.current.length)
      sync()
    }
    const onScroll = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0
          sync()
        })
    }
    const onScrollEnd = () => {
      targetRef.current = null
      sync()
    }
    // The shopper's own swipe or wheel takes over from a programmatic scroll.
    const release = () => {
      targetRef.current = null
    }
    measure()
    track.addEventListener('scroll', onScroll, { passive: true })
    track.addEventListener('scrollend', onScrollEnd)
    track.addEventListener('wheel', release, { passive: true })
    track.addEventListener('touchstart', release, { passive: true })
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    if (observer) observer.observe(track)
    else window.addEventListener('resize', measure)
    return () => {
      cancelAnimationFrame(frame)
      track.removeEventListener('scroll', onScroll)
      track.removeEventListener('scrollend', onScrollEnd)
      track.removeEventListener('wheel', release)
      track.removeEventListener('touchstart', release)
      if (observer) observer.disconnect()
      else window.removeEventListener('resize', measure)
    }
  }, [slides.length])

  const reducedMotion = usePrefersReducedMotion()
  const hidden = useDocumentHidden()
  const [userPaused, setUserPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [touching, setTouching] = useState(false)
  const [keyboardFocus, setKeyboardFocus] = useState(false)

  // A press may end outside the carousel, and a touch that turns into a native swipe ends with touchend
  // (its pointer is cancelled when the browser starts panning), so listen on the window while pressed.
  useEffect(() => {
    if (!touching) return
    const end = () => setTouching(false)
    const cancel = (e: Event) => (e as globalThis.PointerEvent).pointerType !== 'touch' && end()
    window.addEventListener('pointerup', end)
    window.addEventListener('pointercancel', cancel)
    window.addEventListener('touchend', end)
    window.addEventListener('touchcancel', end)
    return () => {
      window.removeEventListener('pointerup', end)
      window.removeEventListener('pointercancel', cancel)
      window.removeEventListener('touchend', end)
      window.removeEventListener('touchcancel', end)
    }
  }, [touching])

  const lockTimer = useRef(0)
  useEffect(() => () => window.clearTimeout(lockTimer.current), [])
  const scrollTo = useCallback(
    (page: number) => {
      const track = trackRef.current
      const positions = pagesRef.current
      if (!track || positions.length === 0) return
      const index = Math.min(Math.max(page, 0), positions.length - 1)
      const left = positions[index]
      setSelected(index)
      if (Math.abs(track.scrollLeft - left) < 1) {
        targetRef.current = null
        return
      }
      targetRef.current = index
      // Without scrollend (older Safari) a scroll that stops short of the target must not hold the dots forever.
      window.clearTimeout(lockTimer.current)
      lockTimer.current = window.setTimeout(() => (targetRef.current = null), 1500)
      track.scrollTo({ left, behavior: reducedMotion ? 'instant' : 'smooth' })
    },
    [reducedMotion],
  )

  const delay = typeof autoplay === 'number' && autoplay > 0 ? autoplay : CAROUSEL_DELAY_MS
  const canAutoplay = autoplay !== false && !reducedMotion && !loading && pages > 1
  const playing = canAutoplay && !userPaused && !hovered && !touching && !keyboardFocus && !hidden
  useCarouselAutoplay(() => scrollTo(selected + 1 < pages ? selected + 1 : 0), delay, playing, selected)

  const onFocus = (e: FocusEvent<HTMLDivElement>) => setKeyboardFocus(matchesFocusVisible(e.target))
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false)
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    targetRef.current = null
    if (e.button === 0) setTouching(true)
  }

  if (slides.length === 0) return null
  const spv = resolveSlidesPerView(slidesPerView)
  const vars = { '--spv-base': spv.base, '--spv-sm': spv.sm, '--spv-md': spv.md, '--spv-lg': spv.lg } as CSSProperties
  const measured = pages > 0
  const showArrows = arrows && !loading && (measured ? pages > 1 : items.length > 1)
  // Before the first measurement (server render, hydration) CSS hides the arrows where all slides fit.
  const arrowClass = measured
    ? undefined
    : cn((Object.keys(hideWhenAllFit) as (keyof SlidesPerView)[]).map((bp) => items.length <= spv[bp] && hideWhenAllFit[bp]))
  const last = pages - 1

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-busy={loading || undefined}
      data-carousel=""
      className={cn('group/carousel relative', className)}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="relative">
        <div
          ref={trackRef}
          aria-live={playing ? 'off' : 'polite'}
          style={vars}
          data-carousel-track=""
          onPointerDown={onPointerDown}
          className={cn(
            'flex snap-x snap-mandatory gap-(--gap) overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
            '[--spv:var(--spv-base)] sm:[--spv:var(--spv-sm)] md:[--spv:var(--spv-md)] lg:[--spv:var(--spv-lg)]',
            gaps[gap],
          )}
        >
          {slides.map((slide, i) => (
            <div
              key={isValidElement(slide) && slide.key != null ? slide.key : i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              data-carousel-slide=""
              className={cn('min-w-0 shrink-0 grow-0 basis-[calc((100%_-_(var(--spv)_-_1)_*_var(--gap))_/_var(--spv))] snap-start', slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
        {showArrows && (
          <>
            <ArrowButton side="prev" className={arrowClass} disabled={!loop && selected <= 0} onClick={() => scrollTo(selected > 0 ? selected - 1 : last)} />
            <ArrowButton
              side="next"
              className={arrowClass}
              disabled={!loop && measured && selected >= last}
              onClick={() => scrollTo(selected < last ? selected + 1 : 0)}
            />
          </>
        )}
      </div>
      {dots && (
        // Always takes its height, so the dots appearing after hydration do not shift the page. Each dot is a
        // 24 px target (WCAG 2.5.8); past MAX_DOTS pages a "3 / 23" count replaces them (the arrows still move).
        <div className="mt-3 flex min-h-6 items-center justify-center gap-2">
          {pages > 1 && !loading && (
            <>
              {pages > MAX_DOTS ? (
                <p className="text-xs text-muted tabular-nums" aria-live="polite">
                  <span className="sr-only">Slide </span>
                  {selected + 1} / {pages}
                </p>
              ) : (
                <div role="group" aria-label="Choose slide" className="flex min-w-0 flex-wrap items-center justify-center">
                  {Array.from({ length: pages }, (_, i) => (
                    <button
                      key={i}
                      type="button"
                      aria-label={`Go to slide ${i + 1}`}
                      aria-current={i === selected ? 'true' : undefined}
                      onClick={() => scrollTo(i)}
                      className="group/dot flex size-6 items-center justify-center"
                    >
                      <span
                        className={cn(
                          'block h-1.5 rounded-full transition-all duration-300 motion-reduce:transition-none',
                          i === selected ? 'w-5 bg-primary' : 'w-1.5 bg-muted/35 group-hover/dot:bg-muted/70',
                        )}
                      />
                    </button>
                  ))}
                </div>
              )}
              {canAutoplay && <AutoplayToggle paused={userPaused} onClick={() => setUserPaused((p) => !p)} />}
            </>
          )}
        </div>
      )}
    </div>
  )
}

function ArrowButton({ side, disabled, onClick, className }: { side: 'prev' | 'next'; disabled: boolean; onClick: () => void; className?: string }) {
  const Icon = side === 'prev' ? ChevronLeftIcon : ChevronRightIcon
  return (
    <button
      type="button"
      aria-label={side === 'prev' ? 'Previous slide' : 'Next slide'}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 z-10 flex size-9 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-surface/95 text-text shadow-md backdrop-blur-sm md:size-10',
        'transition duration-200 hover:scale-105 hover:text-primary disabled:pointer-events-none disabled:opacity-0 motion-reduce:transition-none',
        side === 'prev' ? 'left-2' : 'right-2',
        className,
      )}
    >
      <Icon className="size-5" />
    </button>
  )
}

function DefaultSkeleton() {
  return <div className="aspect-[4/3] w-full animate-pulse rounded-xl bg-border/70 motion-reduce:animate-none" />
}

function matchesFocusVisible(el: EventTarget) {
  try {
    return el instanceof Element && el.matches(':focus-visible')
  } catch {
    return true
  }
}
