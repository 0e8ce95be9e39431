import type { Brand, CategoryNode } from '../../../common/contracts/catalogue'
import type { ProductListParams } from './api'
import { findCategory } from './category-tree'

/** More names than this read as a list, not a heading. */
const MAX_NAMES = 2

function names(labels: string[]): string | null {
  if (!labels.length) return null
  if (labels.length <= MAX_NAMES) return labels.join(' & ')
  return `${labels.slice(0, MAX_NAMES).join(', ')} & ${labels.length - MAX_NAMES} more`
}

/** The /products heading: the search text, else the chosen categories (or brands), else 'All products'. */
export function listHeading({ q, c = [], b = [] }: ProductListParams, categories: CategoryNode[], brands: Brand[]): string {
  if (q) return `Results for “${q}”`
  return (
    names(c.map((slug) => findCategory(categories, slug)?.name ?? slug)) ??
    names(b.map((slug) => brands.find((x) => x.slug === slug)?.name ?? slug)) ??
    'All products'
  )
}

/** '1 product', '1,234 products' (en-IN grouping). */
export const productCount = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'product' : 'products'}`
