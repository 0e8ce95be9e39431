import * as z from 'zod/mini'
import { defineContract } from './http'
import { MAX_QUERY_LENGTH, PER_PAGE_DEFAULT, PER_PAGE_MAX, SORTS } from './product-sorts'
import { text } from './text'

const int = () => z.number().check(z.int())

export const Pack = z.object({
  pack_id: int(),
  pack_name: z.string(),
  /** rupees */
  price: z.number(),
  /** original price (MRP), rupees */
  act_price: z.number(),
  /** percent off act_price, whole number; 0 when no discount */
  discount: z.number(),
  warehouse_id: int(),
  discount_type: z.nullable(z.string()),
  in_stock: z.boolean(),
  /** quantity of this pack in the shopper's cart; absent when none */
  quantity: z.optional(int()),
})
export type Pack = z.infer<typeof Pack>

/** A product image: `src` is a path under /cdn/; `alt` describes it for those who cannot see it (staff set it). */
export const Media = z.object({ src: z.string(), alt: z.optional(z.string()) })

export const Product = z.object({
  product_id: int(),
  product_name: z.string(),
  product_description: z.optional(z.nullable(z.string())),
  product_info: z.optional(z.nullable(z.string())),
  brand_name: z.string(),
  slug: z.string(),
  brand_slug: z.string(),
  category_slug: z.string(),
  wishlist: z._default(z.nullable(z.boolean()), false),
  medias: z.array(Media),
  image: z._default(z.string(), ''),
  packs: z.array(Pack),
})
export type Product = z.infer<typeof Product>

export const Sort = z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(', ')}` })
export type Sort = z.infer<typeof Sort>
export { MAX_QUERY_LENGTH, PER_PAGE_DEFAULT, PER_PAGE_MAX, SORT_LABELS, SORTS } from './product-sorts'
export const MAX_FILTER_SLUGS = 50

const slugList = z.pipe(
  z.pipe(
    text('Filter', [z.maxLength(2000, 'Too many values')]),
    z.transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]),
  ),
  z.array(z.string().check(z.regex(/^[a-z0-9-]{1,80}$/, 'Invalid slug'))).check(z.maxLength(MAX_FILTER_SLUGS, `At most ${MAX_FILTER_SLUGS} values`)),
)

const intParam = (label: string, min: number, max: number, tooBig: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .check(z.int(`${label} must be a whole number`), z.gte(min, `${label} must be ${min} or more`), z.lte(max, tooBig))

export const ProductListQuery = z.object({
  q: z.optional(text('Search text', [z.trim(), z.maxLength(MAX_QUERY_LENGTH, `Search text is limited to ${MAX_QUERY_LENGTH} characters`)])),
  c: z.optional(slugList),
  b: z.optional(slugList),
  s: z.optional(Sort),
  page: z._default(intParam('page', 1, 100_000, 'page is too large'), 1),
  perPage: z._default(intParam('perPage', 1, PER_PAGE_MAX, `perPage is at most ${PER_PAGE_MAX}`), PER_PAGE_DEFAULT),
})
export type ProductListQuery = z.output<typeof ProductListQuery>

export const ProductListMeta = z.object({
  total: int(),
  page: int(),
  perPage: int(),
  lastPage: int(),
  sort: Sort,
})

/** A category or brand offered when a search found nothing (issue 31): its list is /products?c={slug} or ?b={slug}. */
export const DidYouMean = z.object({ kind: z.enum(['category', 'brand']), name: z.string(), slug: z.string() })
export type DidYouMean = z.infer<typeof DidYouMean>

export const listProducts = defineContract({
  method: 'GET',
  path: '/api/products',
  summary:
    'Product list with search, category and brand filters, sort and pagination. A search without filters that found at most 2 ' +
    "products answers, on its first page, the nearest categories or brands (did_you_mean); one that found nothing also the first one's products (instead)",
  query: ProductListQuery,
  response: z.object({
    data: z.array(Product),
    meta: ProductListMeta,
    did_you_mean: z.optional(z.array(DidYouMean)),
    instead: z.optional(z.extend(DidYouMean, { data: z.array(Product), total: int() })),
  }),
})

export const getProduct = defineContract({
  method: 'GET',
  path: '/api/products/:id',
  summary: 'One product by id or slug, with packs, medias and brand',
  params: z.object({ id: text('Product id', [z.maxLength(120), z.regex(/^[a-z0-9-]+$/i, 'Invalid product id or slug')]) }),
  response: Product,
})

export const relatedProducts = defineContract({
  method: 'GET',
  path: '/api/products/:id/related',
  summary:
    "The product page's shelves: similar products (same category) and 'often bought together' (from this website's orders; " +
    "the neighbouring categories while there are none, then together_from is 'category')",
  params: z.object({ id: text('Product id', [z.maxLength(120), z.regex(/^[a-z0-9-]+$/i, 'Invalid product id or slug')]) }),
  response: z.object({ similar: z.array(Product), together: z.array(Product), together_from: z.enum(['orders', 'category']) }),
})

export interface CategoryNode {
  name: string
  slug: string
  avatar: string | null
  children: CategoryNode[]
}
export const Category: z.ZodMiniType<CategoryNode> = z.object({
  name: z.string(),
  slug: z.string(),
  avatar: z.nullable(z.string()),
  get children() {
    return z.array(Category)
  },
})
export const Brand = z.object({ name: z.string(), slug: z.string(), logo: z.nullable(z.string()) })
export type Brand = z.infer<typeof Brand>
