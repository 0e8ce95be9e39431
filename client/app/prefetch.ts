import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from '../lib/router'
import type { Api } from '../lib/api'
import { productListQuery, productQuery } from '../features/catalogue/api'
import { parseProductSearch } from '../features/catalogue/use-product-query-params'
import { pageQuery } from '../features/pages/api'
import { initQuery } from '../features/site-settings/api'

/** Server rendering loads what the page shows before rendering it, from the same queries the browser uses. */
export async function prefetchFor(api: Api, qc: QueryClient, url: URL) {
  const path = url.pathname
  const jobs: Promise<unknown>[] = [qc.prefetchQuery(initQuery(api))]
  const product = matchPath('/products/:slug', path)
  if (path === '/products') {
    jobs.push(qc.prefetchQuery(productListQuery(api, parseProductSearch(url.searchParams))), qc.prefetchQuery(pageQuery(api, path)))
  } else if (product?.params.slug) {
    jobs.push(qc.prefetchQuery(productQuery(api, product.params.slug)))
  } else if (isContentPath(path)) {
    jobs.push(qc.prefetchQuery(pageQuery(api, path)))
  }
  await Promise.all(jobs)
}

/** Paths owned by client-rendered screens (account, checkout, auth, staff tools) are not content pages. */
export const isContentPath = (path: string) => !/^\/(account|checkout|auth|order|bos|page-builder|pos)(\/|$)/.test(path)
