import { Link } from '../../lib/router'
import type { Brand } from '../../../common/contracts/catalogue'
import { Carousel, type CarouselProps } from '../../ui/carousel'
import { CarouselHeading } from '../../ui/carousel-heading'
import { Image } from '../../ui/image'

export interface BrandCarouselProps {
  title?: string
  headingId?: string
  /** undefined while loading (skeleton tiles show); an empty list renders nothing */
  brands: Brand[] | undefined
  slidesPerView?: CarouselProps['slidesPerView']
}

export const brandHref = (slug: string) => `/products?b=${encodeURIComponent(slug)}`

/** Brand logo tiles; each opens the product list filtered by that brand. */
export function BrandCarousel({ title, headingId, brands, slidesPerView }: BrandCarouselProps) {
  if (brands && brands.length === 0) return null
  return (
    <>
      {title && <CarouselHeading id={headingId} title={title} />}
      <Carousel
        label={title && headingId ? undefined : (title ?? 'Brands')}
        labelledBy={title ? headingId : undefined}
        slidesPerView={slidesPerView}
        placeholder={5}
        placeholderSlide={<BrandTileSkeleton />}
      >
        {brands?.map((brand) => (
          <Link
            key={brand.slug}
            to={brandHref(brand.slug)}
            className="group flex h-full flex-col items-center gap-2 rounded-2xl border border-border bg-surface p-3 text-center transition duration-200 hover:border-primary/40 hover:shadow-md motion-reduce:transition-none"
          >
            <Image
              src={brand.logo}
              size="small"
              alt=""
              width={400}
              height={400}
              className="aspect-square w-full max-w-40 rounded-xl object-contain transition-transform duration-200 group-hover:scale-[1.03] motion-reduce:transition-none"
            />
            <span className="line-clamp-1 text-sm font-semibold text-text group-hover:text-primary">{brand.name}</span>
          </Link>
        ))}
      </Carousel>
    </>
  )
}

function BrandTileSkeleton() {
  return (
    <div aria-hidden="true" data-testid="brand-tile-skeleton" className="flex flex-col items-center gap-2 rounded-2xl border border-border bg-surface p-3">
      <div className="aspect-square w-full max-w-40 animate-pulse rounded-xl bg-border/70 motion-reduce:animate-none" />
      <div className="h-4 w-20 animate-pulse rounded bg-border/60 motion-reduce:animate-none" />
    </div>
  )
}
