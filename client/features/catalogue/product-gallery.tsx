import { type KeyboardEvent, useId, useRef, useState } from 'react'
import type { Product } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { Image } from '../../ui/image'

export interface ProductGalleryProps {
  /** The product's medias; an empty list shows the placeholder image. */
  medias: Product['medias']
  /** Used for the images' alt text. */
  name: string
  className?: string
}

/**
 * Main image with a row of thumbnails. The thumbnails follow the tabs pattern: one tab stop,
 * arrow keys (and Home/End) move between images.
 */
export function ProductGallery({ medias, name, className }: ProductGalleryProps) {
  const [index, setIndex] = useState(0)
  const thumbs = useRef<(HTMLButtonElement | null)[]>([])
  const baseId = useId()
  const current = Math.min(index, Math.max(0, medias.length - 1))
  const count = medias.length

  const select = (i: number) => {
    const next = (i + count) % count
    setIndex(next)
    thumbs.current[next]?.focus()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    }
    if (!(e.key in moves)) return
    e.preventDefault()
    select(moves[e.key])
  }

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-labelledby is set only when the role is tabpanel */}
      <div
        id={`${baseId}-panel`}
        role={count > 1 ? 'tabpanel' : undefined}
        aria-labelledby={count > 1 ? `${baseId}-tab-${current}` : undefined}
        className="flex aspect-square items-center justify-center overflow-hidden rounded-xl border border-border bg-surface p-4"
      >
        <Image
          src={medias[current]?.src}
          size="medium"
          loading="eager"
          width={800}
          height={800}
          alt={medias[current]?.alt || (count > 1 ? `${name}, image ${current + 1} of ${count}` : name)}
          className="size-full object-contain"
        />
      </div>
      {count > 1 && (
        <div role="tablist" aria-label={`${name} images`} onKeyDown={onKeyDown} className="flex gap-2 overflow-x-auto p-1">
          {medias.map((media, i) => (
            <button
              key={`${media.src}-${i}`}
              ref={(el) => {
                thumbs.current[i] = el
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${i}`}
              aria-controls={`${baseId}-panel`}
              aria-selected={i === current}
              tabIndex={i === current ? 0 : -1}
              aria-label={`Image ${i + 1} of ${count}${media.alt ? `: ${media.alt}` : ''}`}
              onClick={() => setIndex(i)}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-lg border-2 bg-surface p-1 transition-colors md:size-20',
                i === current ? 'border-primary' : 'border-border hover:border-muted',
              )}
            >
              <Image src={media.src} size="thumb" alt="" width={80} height={80} className="size-full object-contain" />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
