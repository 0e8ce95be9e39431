import type * as z from 'zod/mini'
import type { SupplierTilesBlock } from '../../../../../common/contracts/page-blocks'
import { cn } from '../../../../lib/cn'
import { Carousel } from '../../../../ui/carousel'
import { CarouselHeading } from '../../../../ui/carousel-heading'
import { Image } from '../../../../ui/image'
import { type BlockView, readTitle } from '../block-view'
import { field, isNullishString, isRecord, someOf } from '../stored'
import { SlideLink } from '../slide-link'

type SupplierTile = z.infer<typeof SupplierTilesBlock.data>['items'][number]

/** A stored tile of any age that is not a tile (no name, a field of the wrong type) is skipped. */
function readTile(value: unknown): SupplierTile | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name.length === 0) return undefined
  const { name, link, avatar, image, title, border } = value
  if (![link, avatar, image, title].every(isNullishString) || !(border == null || typeof border === 'boolean')) return undefined
  return { name, link, avatar, image, title, border } as SupplierTile
}

interface SupplierTilesProps {
  title?: string
  items: SupplierTile[]
}

export const supplierTilesView: BlockView<SupplierTilesProps> = {
  read: (block) => ({ title: readTitle(block), items: someOf(field(block.data, 'items'), readTile) }),
  heading: ({ title }) => title,
  View: SupplierTiles,
}

/** Spec §2 supplier tile: avatar or image, optional title and border, links to the supplier's own link. */
function SupplierTiles({ title, items, headingId }: SupplierTilesProps & { headingId: string }) {
  if (items.length === 0) return null
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
