import type { QueryClient } from '@tanstack/react-query'
import type { Api } from '../lib/api'
import { productListQuery, productQuery } from '../features/catalogue/api'
import { parseProductSearch } from '../features/catalogue/use-product-query-params'
import { pageQuery } from '../features/pages/api'
import { foldPage } from '../features/pages/fold'
import { initQuery } from '../lib/init'
import { routeFor } from './routes'

/** Server rendering loads what the page shows before rendering it, from the same queries the browser uses (the route's `data`). */
export async function prefetchFor(api: Api, qc: QueryClient, url: URL) {
  const path = url.pathname
  const { route, params } = routeFor(path)
  const jobs: Promise<unknown>[] = [qc.prefetchQuery(initQuery(api))]
  if (route.data === 'product-list') {
    jobs.push(qc.prefetchQuery(productListQuery(api, parseProductSearch(url.searchParams))), qc.prefetchQuery(pageQuery(api, path)))
  } else if (route.data === 'product' && params.slug) {
    jobs.push(qc.prefetchQuery(productQuery(api, params.slug)))
  } else if (route.data === 'page') {
    // Blocks below the fold render as placeholders and fill in when scrolled to (features/pages/fold.ts).
    const page = pageQuery(api, path)
    jobs.push(qc.prefetchQuery(page).then(() => qc.setQueryData(page.queryKey, (data) => data && foldPage(data))))
  }
  await Promise.all(jobs)
}

/** Content pages (built from page data) are the table's `data: 'page'` routes; the app's own screens are not. */
export const isContentPath = (path: string) => routeFor(path).route.data === 'page'
