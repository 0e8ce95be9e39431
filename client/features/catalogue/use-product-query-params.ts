import { useCallback, useMemo } from 'react'
import { useSearchParams } from '../../lib/router'
import { isSort, MAX_QUERY_LENGTH, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../../../common/contracts/product-sorts'
import type { ProductListParams } from './api'

/** 'a, b,,/products?c=c' → ['a', 'b', 'c'] (links of older menus carry the whole path). */
const list = (value: string | null) =>
  value === null
    ? undefined
    : value
        .split(',')
        .map((x) => x.replace(/^\/products\?c=/, '').trim())
        .filter(Boolean)

/** A whole number from `min` to `max`; anything else (missing, empty, a fraction, out of range) is `fallback`. */
function whole(value: string | null, min: number, max: number, fallback: number) {
  const n = value === null ? Number.NaN : Number(value)
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/**
 * The URL is the state of the product list (STYLE rule 13): q, c, b, s, page, perPage. A part that does not read
 * is left out (page and perPage fall back to their defaults). Read without zod: the list page is a first load
 * (issue 31), and the server checks the call again against its contract.
 */
export function parseProductSearch(search: URLSearchParams): ProductListParams {
  // A name given twice counts by its last value.
  const get = (name: string) => search.getAll(name).at(-1) ?? null
  const q = get('q')?.trim()
  const s = get('s')
  return {
    q: q !== undefined && q.length <= MAX_QUERY_LENGTH ? q : undefined,
    c: list(get('c')),
    b: list(get('b')),
    s: isSort(s) ? s : undefined,
    page: whole(get('page'), 1, Number.MAX_SAFE_INTEGER, 1),
    perPage: whole(get('perPage'), 1, PER_PAGE_MAX, PER_PAGE_DEFAULT),
  }
}

export function productSearchString(p: ProductListParams): string {
  const out = new URLSearchParams()
  if (p.q) out.set('q', p.q)
  if (p.c?.length) out.set('c', p.c.join(','))
  if (p.b?.length) out.set('b', p.b.join(','))
  if (p.s) out.set('s', p.s)
  if (p.page && p.page > 1) out.set('page', String(p.page))
  if (p.perPage && p.perPage !== PER_PAGE_DEFAULT) out.set('perPage', String(p.perPage))
  const s = out.toString()
  return s ? `?${s}` : ''
}

export function useProductQueryParams() {
  const [search, setSearch] = useSearchParams()
  const params = useMemo(() => parseProductSearch(search), [search])
  /** Filters, sort and search reset the page to 1; paging keeps the rest. */
  const update = useCallback(
    (change: Partial<ProductListParams>) => {
      const next = { ...params, ...change }
      if (!('page' in change)) next.page = 1
      setSearch(new URLSearchParams(productSearchString(next).slice(1)), { preventScrollReset: !('page' in change) })
    },
    [params, setSearch],
  )
  return { params, update }
}
