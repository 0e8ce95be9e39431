// The product list's orders and page sizes, in a module without zod: the list page reads them in the shopper's
// first load (issue 31); common/contracts/catalogue.ts builds its schemas from them.

export const SORTS = ['relevance', 'popularity', 'price_asc', 'price_desc', 'discount', 'newest', 'name'] as const
export type Sort = (typeof SORTS)[number]
export const isSort = (value: unknown): value is Sort => (SORTS as readonly unknown[]).includes(value)

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  popularity: 'Popularity',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  discount: 'Discount',
  newest: 'Newest',
  name: 'Name (A–Z)',
}

export const PER_PAGE_DEFAULT = 24
export const PER_PAGE_MAX = 100
export const MAX_QUERY_LENGTH = 100
