import { Link } from '../../lib/router'
import type { CategoryNode } from '../../../common/contracts/catalogue'
import { Carousel, type CarouselProps } from '../../ui/carousel'
import { CarouselHeading } from '../../ui/carousel-heading'
import { Image } from '../../ui/image'

export interface CategoryCarouselProps {
  title?: string
  headingId?: string
  /** undefined while loading (skeleton tiles show); an empty list renders nothing */
  categories: CategoryNode[] | undefined
  slidesPerView?: CarouselProps['slidesPerView']
}

export const categoryHref = (slug: string) => `/products?c=${encodeURIComponent(slug)}`

/** Round category avatars with their names; each opens the product list filtered by that category. */
export function CategoryCarousel({ title, headingId, categories, slidesPerView }: CategoryCarouselProps) {
  if (categories && categories.length === 0) return null
  return (
    <>
      {title && <CarouselHeading id={headingId} title={title} />}
      <Carousel
        label={title && headingId ? undefined : (title ?? 'Categories')}
        labelledBy={title ? headingId : undefined}
        slidesPerView={slidesPerView}
        placeholder={5}
        placeholderSlide={<CategoryTileSkeleton />}
      >
        {categories?.map((category) => (
          <Link
            key={category.slug}
            to={categoryHref(category.slug)}
            className="group flex h-full flex-col items-center gap-2.5 rounded-2xl px-2 py-3 text-center"
          >
            <span className="block rounded-full bg-linear-to-br from-primary/15 to-accent/25 p-1 transition-transform duration-200 group-hover:scale-105 motion-reduce:transition-none">
              <Image
                src={category.avatar}
                size="thumb"
                alt=""
                width={112}
                height={112}
                className="size-24 rounded-full bg-surface object-cover ring-2 ring-surface md:size-28"
              />
            </span>
            <span className="line-clamp-2 text-sm leading-5 font-semibold text-text group-hover:text-primary">{category.name}</span>
          </Link>
        ))}
      </Carousel>
    </>
  )
}

function CategoryTileSkeleton() {
  return (
    <div aria-hidden="true" data-testid="category-tile-skeleton" className="flex flex-col items-center gap-3 px-2 py-3">
      <div className="size-26 animate-pulse rounded-full bg-border/70 motion-reduce:animate-none md:size-30" />
      <div className="h-4 w-20 animate-pulse rounded bg-border/60 motion-reduce:animate-none" />
    </div>
  )
}
