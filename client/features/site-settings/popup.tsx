import { useEffect, useState, type KeyboardEvent } from 'react'
import type { Popup } from '../../../common/contracts/site-settings'
import { POPUP_DEFAULT_DURATION_S, POPUP_DELAY_MS } from '../../../common/rules/constants'
import { Image } from '../../ui/image'
import { OverlayCloseButton } from '../../ui/overlay-close-button'
import { useLatest } from '../../ui/use-latest'

const POPUP_PATHS = new Set(['/', '/products'])
const SEEN_KEY_PREFIX = 'promo-popup-seen:'

/** localStorage key that remembers a 'once' popup image was shown in this browser. */
export const popupSeenKey = (image: string) => `${SEEN_KEY_PREFIX}${image}`

/** Spec §2/§5: only with an image, only on exactly '/' or '/products', and a 'once' image only if not seen before. */
export function shouldShowPopup(popup: Popup | null | undefined, pathname: string, seenImages: ReadonlySet<string>): boolean {
  if (!popup?.image?.trim()) return false
  if (!POPUP_PATHS.has(pathname)) return false
  return !(popup.once && seenImages.has(popup.image))
}

/** How long the popup stays up, in ms (duration in seconds, default 5). */
export function popupDurationMs(popup: Pick<Popup, 'duration'> | null | undefined): number {
  const s = popup?.duration
  return (typeof s === 'number' && Number.isFinite(s) && s > 0 ? s : POPUP_DEFAULT_DURATION_S) * 1000
}

/** The popup link as an href for a new tab: http(s), www. (made https) or a site path; never //host (SECURITY XS-06). */
export function popupHref(link: string | null | undefined): string | undefined {
  const s = link?.replace(/[\t\n\r]/g, '').trim()
  if (!s) return undefined
  if (/^\/(?![/\\])/.test(s)) return s
  if (/^https?:\/\/[^\s/\\]/i.test(s)) return s
  if (/^www\.[^\s]+$/i.test(s)) return `https://${s}`
  return undefined
}

function seenImages(image: string): ReadonlySet<string> {
  try {
    return window.localStorage.getItem(popupSeenKey(image)) ? new Set([image]) : new Set()
  } catch {
    return new Set() // storage blocked: the popup may show again, which beats never showing it
  }
}

function rememberSeen(image: string) {
  try {
    window.localStorage.setItem(popupSeenKey(image), new Date().toISOString())
  } catch {
    // storage blocked or full: nothing to remember with
  }
}

export interface PromoPopupProps {
  popup: Popup | null | undefined
  pathname: string
  /** when to decide; 0 when the caller already waited (it loads this module only then) */
  delayMs?: number
}

/**
 * Spec §2/§4 promotional popup: decided POPUP_DELAY_MS after load, visible for `duration` seconds or until
 * closed. A non-modal dialog: it never takes focus or blocks the page, and it hides on leaving '/' or '/products'.
 */
export function PromoPopup({ popup, pathname, delayMs = POPUP_DELAY_MS }: PromoPopupProps) {
  const [image, setImage] = useState<string | null>(null)
  const latest = useLatest({ popup, pathname })

  useEffect(() => {
    let timer = 0
    const decide = () => {
      const { popup: current, pathname: path } = latest.current
      const img = current?.image
      if (!img || !shouldShowPopup(current, path, seenImages(img))) return
      // never over a sheet or dialog the shopper has open (the pincode sheet, the cart): it waits for it to close (issue 31)
      if (document.querySelector('[aria-modal="true"]')) {
        timer = window.setTimeout(decide, 1000)
        return
      }
      if (current.once) rememberSeen(img)
      setImage(img)
    }
    timer = window.setTimeout(decide, delayMs)
    return () => window.clearTimeout(timer)
  }, [latest, delayMs])

  const durationMs = popupDurationMs(popup)
  useEffect(() => {
    if (!image) return
    const timer = window.setTimeout(() => setImage(null), durationMs)
    return () => window.clearTimeout(timer)
  }, [image, durationMs])

  useEffect(() => {
    if (image && !POPUP_PATHS.has(pathname)) setImage(null)
  }, [image, pathname])

  if (!image) return null
  const href = popupHref(popup?.link)
  const close = () => setImage(null)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close()
  }
  const picture = (
    <Image
      src={image}
      size="medium"
      alt="Special offer"
      width={600}
      height={600}
      loading="eager"
      className="block aspect-square h-auto w-full bg-background object-cover"
    />
  )

  return (
    // a phone gets a corner card above the bottom bars, not a sheet over the Add to Cart buttons (issue 31)
    <div className="pointer-events-none fixed right-0 bottom-16 z-40 flex justify-end p-3 sm:inset-0 sm:items-center sm:justify-center sm:p-4">
      <div
        role="dialog"
        aria-label="Special offer"
        onKeyDown={onKeyDown}
        data-testid="promo-popup"
        className="pointer-events-auto relative w-40 overflow-hidden rounded-2xl bg-surface shadow-2xl ring-1 ring-black/5 transition duration-300 ease-out starting:translate-y-6 starting:opacity-0 sm:w-full sm:max-w-sm sm:starting:translate-y-0 sm:starting:scale-95 motion-reduce:transition-none"
      >
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="block">
            {picture}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          picture
        )}
        <OverlayCloseButton
          onClick={close}
          className="absolute top-2 right-2 rounded-full bg-surface/90 text-text shadow-md backdrop-blur-sm hover:bg-surface"
        />
        {/* Time left: a bar that empties over the duration (from @starting-style, so no keyframes are needed). */}
        <div
          aria-hidden="true"
          className="h-1 w-0 bg-primary transition-[width] ease-linear starting:w-full motion-reduce:hidden"
          style={{ transitionDuration: `${durationMs}ms` }}
        />
      </div>
    </div>
  )
}
