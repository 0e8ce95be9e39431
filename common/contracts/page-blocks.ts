import * as z from 'zod/mini'
import { INT_MAX, wholeNumber } from './whole-numbers'
import { classifyLink } from '../rules/links'
import { COLOUR_PATTERN } from './site-settings'
import { text } from './text'

/**
 * The props of every block the storefront renders (client/app/block-registry.tsx), as staff may save them.
 * Keys a block does not read are dropped; a link that is not a spec §2 link (`/…`, `http(s)://…`, `www.…`) is
 * refused with the field's path, so `javascript:`, `data:`, `vbscript:`, `//host` never reach a shopper
 * (SECURITY XS-06). Names and titles are text: React and the head writer escape them.
 */

const Name = (label: string, max = 200) => text(label, [z.maxLength(max, `${label} is limited to ${max} characters`)])
const Title = z.nullish(Name('Title'))

export const LINK_MESSAGE = 'Links must start with /, http://, https:// or www.'
const isLink = (s: string) => s === '' || classifyLink(s).kind !== 'none'
const Link = z.nullish(text('Link', [z.maxLength(2000, 'Link is limited to 2000 characters'), z.refine(isLink, LINK_MESSAGE)]))

/** An uploaded image's key (`banners/diwali.webp`) or an address the storefront may load: `/…` or http(s). */
const MEDIA_KEY = /^[a-z0-9][a-z0-9_./-]*$/i
export const IMAGE_MESSAGE = 'An image must be an uploaded image or start with /, http:// or https://'
const isImage = (s: string) => (MEDIA_KEY.test(s) && !s.includes('..')) || (!/^www\./i.test(s) && classifyLink(s).kind !== 'none')
const Image = text('Image', [z.maxLength(2000, 'Image is limited to 2000 characters'), z.refine(isImage, IMAGE_MESSAGE)])

const count = z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(8)))
const SlidesConfig = z.object({
  sm: count,
  md: count,
  columns: count,
  autoplayInterval: z.optional(z.number().check(z.int(), z.minimum(1000), z.maximum(60_000))),
})

export const HeroBannerBlock = {
  data: z.object({
    title: Title,
    slides: z
      .array(z.object({ image: Image, image_sm: z.nullish(Image), link: Link, alt: z.nullish(Name('Alt text', 300)) }))
      .check(z.maxLength(20, 'At most 20 slides')),
  }),
  settings: z.object({
    aspect: z.optional(
      z.union([text('Aspect', [z.regex(/^\d+(\.\d+)?(\s*[/:]\s*\d+(\.\d+)?)?$/, 'Aspect looks like 16/5')]), z.number().check(z.gt(0), z.lte(100))]),
    ),
    bgcolor: z.optional(text('Background colour', [z.regex(COLOUR_PATTERN, 'Not a colour')])),
    fullpage: z.optional(z.boolean()),
    slidesconfig: z.optional(SlidesConfig),
  }),
}

export const RICH_TEXT_MAX = 100_000
export const RichTextBlock = {
  data: z.object({ title: Title, html: text('Text', [z.maxLength(RICH_TEXT_MAX, `Text is limited to ${RICH_TEXT_MAX} characters`)]) }),
}

export const SupplierTilesBlock = {
  data: z.object({
    title: Title,
    items: z
      .array(
        z.object({
          name: Name('Name'),
          link: Link,
          avatar: z.nullish(Image),
          image: z.nullish(Image),
          title: Title,
          border: z.nullish(z.boolean()),
        }),
      )
      .check(z.maxLength(50, 'At most 50 tiles')),
  }),
}

const Slugs = z.optional(z.array(Name('Slug', 120)).check(z.maxLength(50)))
export const ProductCarouselBlock = {
  data: z.object({ title: Title, link: Link }),
  logicdata: z.object({
    c: Slugs,
    b: Slugs,
    s: z.optional(z.enum(['popularity', 'discount', 'newest', 'price_asc'])),
    limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(24))),
  }),
}
export const CategoryCarouselBlock = { data: z.object({ title: Title }), logicdata: z.object({ parent: z.optional(Name('Parent category', 120)) }) }

/** A grid block's rows are in the shop's HTML (issue 31: the home page stays under 100 KB): at most this many items. */
export const GRID_LIMIT_MAX = 24
const gridLimit = (one: string, many: string) =>
  z.optional(
    z.number().check(z.int(`A whole number of ${many}`), z.minimum(1, `At least 1 ${one}`), z.maximum(GRID_LIMIT_MAX, `At most ${GRID_LIMIT_MAX} ${many}`)),
  )

/** Category tiles in rows (3–4 across on a phone), top level or under one parent: issue 31, where the apps show a grid. */
export const CategoryGridBlock = {
  data: z.object({ title: Title }),
  logicdata: z.object({ parent: z.optional(Name('Parent category', 120)), limit: gridLimit('tile', 'tiles') }),
}
/** Products in rows with their Add to Cart (2 across on a phone): picked products in their order, else from categories or brands. */
export const ProductGridBlock = {
  data: z.object({ title: Title, link: Link }),
  logicdata: z.object({
    c: Slugs,
    b: Slugs,
    p: z.optional(z.array(Name('Product', 200)).check(z.maxLength(GRID_LIMIT_MAX, `At most ${GRID_LIMIT_MAX} products`))),
    s: z.optional(z.enum(['popularity', 'discount', 'newest', 'price_asc'])),
    limit: gridLimit('product', 'products'),
  }),
}
export const BrandCarouselBlock = { data: z.object({ title: Title }) }

const block = <T extends string, D extends z.ZodMiniType, S extends z.ZodMiniType = typeof Empty, L extends z.ZodMiniType = typeof Empty>(
  type: T,
  props: { data: D; settings?: S; logicdata?: L },
) =>
  z.object({
    name: Name('Block name', 120),
    type: z.literal(type),
    order: z._default(wholeNumber(-INT_MAX), 0),
    data: props.data,
    settings: z._default((props.settings ?? Empty) as S, {} as never),
    logicdata: z._default((props.logicdata ?? Empty) as L, {} as never),
  })
const Empty = z.object({})

/** One block of a page as staff save it: its type picks the schema of its props. */
export const PageBlockInput = z.discriminatedUnion('type', [
  block('hero_banner', HeroBannerBlock),
  block('rich_text', RichTextBlock),
  block('supplier_tiles', SupplierTilesBlock),
  block('product_carousel', ProductCarouselBlock),
  block('category_carousel', CategoryCarouselBlock),
  block('brand_carousel', BrandCarouselBlock),
  block('category_grid', CategoryGridBlock),
  block('product_grid', ProductGridBlock),
])
export type PageBlockInput = z.infer<typeof PageBlockInput>

/** The block types a page can hold: a missing entry in a `Record<BlockType, …>` registry fails the typecheck. */
export type BlockType = PageBlockInput['type']
/** One block of one type, as staff save it (its props typed by that type's schema above). */
export type PageBlockOf<T extends BlockType> = Extract<PageBlockInput, { type: T }>
