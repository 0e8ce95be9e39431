import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ProductListQuery } from '../../../common/contracts/catalogue'
import { type Api, later } from '../../lib/api'
import { useApi } from '../../lib/api-context'

const catalogue = () => import('../../../common/contracts/catalogue')
const listProducts = later(() => catalogue().then((m) => m.listProducts))
const getProduct = later(() => catalogue().then((m) => m.getProduct))

export type ProductListParams = Partial<Pick<ProductListQuery, 'q' | 's'>> & { c?: string[]; b?: string[]; page?: number; perPage?: number }

/** page is sent only above 1 (spec §7). */
export function toListQuery(p: ProductListParams) {
  return {
    q: p.q || undefined,
    c: p.c?.length ? p.c.join(',') : undefined,
    b: p.b?.length ? p.b.join(',') : undefined,
    s: p.s,
    page: p.page && p.page > 1 ? p.page : undefined,
    perPage: p.perPage,
  }
}

export const productListQuery = (api: Api, params: ProductListParams) =>
  queryOptions({
    queryKey: ['catalogue', 'list', toListQuery(params)],
    queryFn: () => api.call(listProducts, { query: toListQuery(params) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export const productQuery = (api: Api, idOrSlug: string) =>
  queryOptions({
    queryKey: ['catalogue', 'product', idOrSlug],
    queryFn: () => api.call(getProduct, { params: { id: idOrSlug } }),
    staleTime: 30_000,
    retry: false,
  })

export const useProductList = (params: ProductListParams) => useQuery(productListQuery(useApi(), params))
export const useProduct = (idOrSlug: string) => useQuery(productQuery(useApi(), idOrSlug))
