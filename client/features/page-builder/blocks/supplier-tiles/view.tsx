import * as z from 'zod/mini'
import { cn } from '../../../../lib/cn'
import { Carousel } from '../../../../ui/carousel'
import { CarouselHeading } from '../../../../ui/carousel-heading'
import { Image } from '../../../../ui/image'
import { SlideLink } from '../slide-link'
import { blockTitle, type PageBlockProps } from '../block-props'

const SupplierTile = z.object({
  name: z.string().check(z.minLength(1)),
  link: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  image: z.nullish(z.string()),
  title: z.nullish(z.string()),
  border: z.nullish(z.boolean()),
})
type SupplierTile = z.infer<typeof SupplierTile>

/** Spec §2 supplier tile: avatar or image, optional title and border, links to the supplier's own link. */
export function SupplierTiles({ block, headingId }: PageBlockProps) {
  const raw = (block.data as { items?: unknown } | null)?.items
  const items = (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = z.safeParse(SupplierTile, item)
    return parsed.success ? [parsed.data] : []
  })
  if (items.length === 0) return null
  const title = blockTitle(block)
  return (
    <>
      {title && <CarouselHeading id={headingId} title={title} />}
      <Carousel label={title ? undefined : 'Suppliers'} labelledBy={title ? headingId : undefined}>
        {items.map((item, i) => (
          <SupplierCard key={`${i}-${item.name}`} item={item} />
        ))}
      </Carousel>
    </>
  )
}

function SupplierCard({ item }: { item: SupplierTile }) {
  return (
    <SlideLink
      href={item.link}
      className={cn(
        'group flex h-full flex-col items-center gap-3 rounded-2xl bg-surface p-4 text-center transition duration-200 motion-reduce:transition-none',
        item.border ? 'border border-border hover:border-primary/40 hover:shadow-md' : 'shadow-sm hover:shadow-md',
      )}
    >
      {item.image ? (
        <Image src={item.image} size="small" alt="" width={400} height={300} className="aspect-[4/3] w-full rounded-xl bg-background object-cover" />
      ) : (
        <Image
          src={item.avatar}
          size="thumb"
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-full bg-background object-cover ring-4 ring-background transition-transform duration-200 group-hover:scale-105 motion-reduce:transition-none"
        />
      )}
      <span className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold text-text group-hover:text-primary">{item.name}</span>
        {item.title && <span className="text-xs text-muted">{item.title}</span>}
      </span>
    </SlideLink>
  )
}
