import { useState, type CSSProperties } from 'react'
import * as z from 'zod/mini'
import type { HeroBannerBlock } from '../../../../../common/contracts/page-blocks'
import { Colour } from '../../../../../common/contracts/site-settings'
import { CAROUSEL_DELAY_MS } from '../../../../../common/rules/constants'
import { cn } from '../../../../lib/cn'
import { imageUrl, PLACEHOLDER_IMAGE } from '../../../../lib/image'
import { Carousel, type SlidesPerView } from '../../../../ui/carousel'
import { type BlockView, readTitle, someOf } from '../block-view'
import { SlideLink } from '../slide-link'

type Slide = z.infer<typeof HeroBannerBlock.data>['slides'][number]
type HeroSettings = z.infer<typeof HeroBannerBlock.settings>

// A stored hero of any age, read into the contract's shape: a slide that does not parse is skipped, a bad setting
// falls back to its default instead of breaking the page (SECURITY XS-07: bgcolor must be a colour).
const StoredSlide: z.ZodMiniType<Slide> = z.object({
  image: z.string().check(z.minLength(1)),
  image_sm: z.nullish(z.string()),
  link: z.nullish(z.string()),
  alt: z.nullish(z.string()),
})
const StoredData = z.object({ slides: someOf(StoredSlide) })

const count = z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(8))), undefined)
const SlidesConfig = z.object({
  sm: count,
  md: count,
  columns: count,
  autoplayInterval: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(60_000))), undefined),
})
/** Older editors stored slidesconfig as a JSON string. */
const JsonText = z.pipe(
  z.string(),
  z.transform((text) => {
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  }),
)
const StoredSettings: z.ZodMiniType<HeroSettings> = z.object({
  aspect: z.catch(z.optional(z.union([z.string(), z.number()])), undefined),
  bgcolor: z.catch(z.optional(Colour), undefined),
  fullpage: z.catch(z.optional(z.boolean()), false),
  slidesconfig: z.catch(z.optional(z.union([SlidesConfig, z.pipe(JsonText, SlidesConfig)])), undefined),
})

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
    slides: z.safeParse(StoredData, block.data).data?.slides ?? [],
    settings: z.safeParse(StoredSettings, block.settings).data ?? {},
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
