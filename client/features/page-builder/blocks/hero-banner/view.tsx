import { useState, type CSSProperties } from 'react'
import type * as z from 'zod/mini'
import type { HeroBannerBlock } from '../../../../../common/contracts/page-blocks'
import { COLOUR_PATTERN } from '../../../../../common/rules/colour'
import { CAROUSEL_DELAY_MS } from '../../../../../common/rules/constants'
import { cn } from '../../../../lib/cn'
import { imageUrl, PLACEHOLDER_IMAGE } from '../../../../lib/image'
import { Carousel, type SlidesPerView } from '../../../../ui/carousel'
import { type BlockView, readTitle } from '../block-view'
import { field, isNullishString, isNumber, isRecord, type Stored, someOf } from '../stored'
import { SlideLink } from '../slide-link'

type Slide = z.infer<typeof HeroBannerBlock.data>['slides'][number]
type HeroSettings = z.infer<typeof HeroBannerBlock.settings>

// A stored hero of any age, read into the contract's shape: a slide that does not parse is skipped, a bad setting
// falls back to its default instead of breaking the page (SECURITY XS-07: bgcolor must be a colour).
function readSlide(value: unknown): Slide | undefined {
  if (!isRecord(value) || typeof value.image !== 'string' || value.image.length === 0) return undefined
  const { image, image_sm, link, alt } = value
  return [image_sm, link, alt].every(isNullishString) ? ({ image, image_sm, link, alt } as Slide) : undefined
}

/** A whole number from min to max, from a number or its text (as stored by older editors); else undefined. */
function count(value: unknown, min = 1, max = 8): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined
}

function readSlidesConfig(value: unknown): HeroSettings['slidesconfig'] {
  let config = value
  if (typeof value === 'string') {
    try {
      // Older editors stored slidesconfig as a JSON string.
      config = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  if (!isRecord(config)) return undefined
  return { sm: count(config.sm), md: count(config.md), columns: count(config.columns), autoplayInterval: count(config.autoplayInterval, 1000, 60_000) }
}

function readSettings(settings: Stored): HeroSettings {
  const { aspect, bgcolor, fullpage } = settings
  return {
    aspect: typeof aspect === 'string' || isNumber(aspect) ? aspect : undefined,
    bgcolor: typeof bgcolor === 'string' && COLOUR_PATTERN.test(bgcolor) ? bgcolor : undefined,
    fullpage: fullpage === undefined ? undefined : fullpage === true,
    slidesconfig: readSlidesConfig(settings.slidesconfig),
  }
}

const DEFAULT_RATIO = 16 / 5
/** The seeded small-screen banners are 800×600; used when image_sm is present. */
const SMALL_RATIO = 4 / 3
const BASE_WIDTH = 1600

/** '16/5', '16:5', '3.2' or 3.2 → width ÷ height, kept between 1:2 and 8:1. */
export function parseAspect(value: HeroSettings['aspect']): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const pair = /^(\d+(?:\.\d+)?)\s*[/:]\s*(\d+(?:\.\d+)?)$/.exec(text)
  const ratio = pair ? Number(pair[1]) / Number(pair[2]) : /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN
  return Number.isFinite(ratio) && ratio >= 0.5 && ratio <= 8 ? ratio : DEFAULT_RATIO
}

interface HeroBannerProps {
  title?: string
  slides: Slide[]
  settings: HeroSettings
}

export const heroBannerView: BlockView<HeroBannerProps> = {
  read: (block) => ({
    title: readTitle(block),
    slides: someOf(field(block.data, 'slides'), readSlide),
    settings: isRecord(block.settings) ? readSettings(block.settings) : {},
  }),
  View: HeroBanner,
}

function HeroBanner({ title, slides, settings }: HeroBannerProps) {
  if (slides.length === 0) return null
  const ratio = parseAspect(settings.aspect)
  const config = settings.slidesconfig
  const perView: SlidesPerView = { base: config?.sm ?? 1, sm: config?.sm ?? 1, md: config?.md ?? 1, lg: config?.columns ?? config?.md ?? 1 }
  const sizes = `(min-width: 1024px) ${Math.round(100 / perView.lg)}vw, (min-width: 768px) ${Math.round(100 / perView.md)}vw, 100vw`
  const fullpage = settings.fullpage === true

  return (
    <div
      className={cn(fullpage && 'ml-[calc(50%-50vw)] w-screen max-w-none')}
      style={{ '--hero-aspect': `${ratio}`, '--hero-bg': settings.bgcolor } as CSSProperties}
    >
      <Carousel
        label={title ?? 'Featured offers'}
        slidesPerView={perView}
        loop
        gap={perView.lg > 1 ? 'sm' : 'none'}
        autoplay={config?.autoplayInterval ?? CAROUSEL_DELAY_MS}
      >
        {slides.map((slide, i) => (
          <HeroSlide key={`${i}-${slide.image}`} slide={slide} first={i === 0} ratio={ratio} sizes={sizes} rounded={!fullpage} />
        ))}
      </Carousel>
    </div>
  )
}

function HeroSlide({ slide, first, ratio, sizes, rounded }: { slide: Slide; first: boolean; ratio: number; sizes: string; rounded: boolean }) {
  const [broken, setBroken] = useState(false)
  const small = slide.image_sm && !broken ? slide.image_sm : null
  const medium = imageUrl(slide.image, 'medium')
  const full = imageUrl(slide.image, 'full')
  return (
    <SlideLink href={slide.link} className={cn('block overflow-hidden bg-(--hero-bg,var(--color-border))', rounded && 'rounded-2xl')}>
      <picture>
        {small && (
          <source
            media="(max-width: 639px)"
            sizes="100vw"
            width={800}
            height={Math.round(800 / SMALL_RATIO)}
            srcSet={`${imageUrl(small, 'small')} 400w, ${imageUrl(small, 'medium')} 800w`}
          />
        )}
        <img
          src={broken ? PLACEHOLDER_IMAGE : full}
          srcSet={broken || medium === full ? undefined : `${medium} 800w, ${full} 1600w`}
          sizes={broken ? undefined : sizes}
          alt={slide.alt || (slide.link ? 'View offer' : '')}
          width={BASE_WIDTH}
          height={Math.round(BASE_WIDTH / ratio)}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding={first ? 'sync' : 'async'}
          draggable={false}
          onError={() => setBroken(true)}
          className={cn('block h-auto w-full object-cover select-none', small ? 'aspect-[4/3] sm:aspect-[var(--hero-aspect)]' : 'aspect-[var(--hero-aspect)]')}
        />
      </picture>
    </SlideLink>
  )
}
