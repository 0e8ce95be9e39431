import { useCallback, useMemo } from 'react'
import { useSearchParams } from '../../lib/router'
import * as z from 'zod/mini'
import { PER_PAGE_DEFAULT, Sort } from '../../../common/contracts/catalogue'
import type { ProductListParams } from './api'

const list = z.pipe(
  z.string(),
  z.transform((s) =>
    s
      .split(',')
      .map((x) => x.replace(/^\/products\?c=/, '').trim())
      .filter(Boolean),
  ),
)

/** The URL is the state of the product list (STYLE rule 13): q, c, b, s, page, perPage. */
const SearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined),
  c: z.catch(z.optional(list), undefined),
  b: z.catch(z.optional(list), undefined),
  s: z.catch(z.optional(Sort), undefined),
  page: z.catch(z._default(z.coerce.number().check(z.int(), z.gte(1)), 1), 1),
  perPage: z.catch(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PER_PAGE_DEFAULT), PER_PAGE_DEFAULT),
})

export function parseProductSearch(search: URLSearchParams): ProductListParams {
  return SearchSchema.parse(Object.fromEntries(search))
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
