import type { CategoryNode } from '../../../common/contracts/catalogue'
import { Link } from '../../lib/router'
import { CarouselHeading } from '../../ui/carousel-heading'
import { Image } from '../../ui/image'
import { categoryHref } from './category-carousel'

export interface CategoryGridProps {
  title?: string
  headingId?: string
  /** undefined while loading (skeleton tiles show); an empty list renders nothing */
  categories: CategoryNode[] | undefined
}

/** 3 across on the narrowest phones, 4 from 360px (as the grocery apps), then 6, 8 and 12 on wider screens. */
const gridClasses = 'grid grid-cols-3 gap-x-2.5 gap-y-4 min-[360px]:grid-cols-4 sm:grid-cols-6 sm:gap-x-4 lg:grid-cols-8 xl:grid-cols-12'
const SKELETON_TILES = 8

/** Issue 31: category tiles in rows, each its picture and name, opening the product list filtered by that category. */
export function CategoryGrid({ title, headingId, categories }: CategoryGridProps) {
  if (categories && categories.length === 0) return null
  return (
    <>
      {title && <CarouselHeading id={headingId} title={title} />}
      {categories ? (
        <ul className={gridClasses} aria-label={title ? undefined : 'Categories'}>
          {categories.map((category) => (
            <li key={category.slug}>
              <Link to={categoryHref(category.slug)} className="group flex h-full flex-col items-center gap-1.5 rounded-xl text-center">
                <Image
                  src={category.avatar}
                  size="thumb"
                  alt=""
                  width={160}
                  height={160}
                  className="aspect-square w-full rounded-2xl bg-surface object-cover ring-1 ring-border/60 transition-transform duration-200 group-hover:scale-[1.03] motion-reduce:transition-none"
                />
                <span className="line-clamp-2 text-xs leading-4 font-semibold text-text group-hover:text-primary sm:text-sm sm:leading-5">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div aria-hidden="true" className={gridClasses}>
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <div key={i} data-testid="category-grid-skeleton" className="flex flex-col items-center gap-1.5">
              <div className="aspect-square w-full animate-pulse rounded-2xl bg-border/70 motion-reduce:animate-none" />
              <div className="h-3 w-3/4 animate-pulse rounded bg-border/60 motion-reduce:animate-none" />
            </div>
          ))}
        </div>
      )}
    </>
  )
}
