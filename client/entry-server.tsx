import { dehydrate } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from './lib/router'
import type { Product } from '../common/contracts/catalogue'
import type { PageData } from '../common/contracts/pages'
import type { InitData } from '../common/contracts/site-settings'
import { App } from './app/app'
import { computeHead, headToHtml } from './app/head'
import { leanState } from '../common/page-state'
import { prefetchFor } from './app/prefetch'
import { routeFor } from './app/routes'
import { themeCss } from './app/theme'
import { productQuery } from './features/catalogue/api'
import { listHeading } from './features/catalogue/list-heading'
import { parseProductSearch } from './features/catalogue/use-product-query-params'
import { pageQuery } from './features/pages/api'
import { initQuery } from './lib/init'
import { createQueryClient } from './lib/query-client'
import { createServerApi, type ServerData } from './lib/server-api'

export type { ServerData }

export interface RenderInput {
  url: string
  origin: string
  /** the page's data, read by the server from its own services */
  data: ServerData
}

export interface RenderResult {
  html: string
  head: string
  state: string
  status: number
  /** the source module of the route rendered (client/…, Vite's manifest key), whose code the page should preload */
  route: string
}

export type ServerRender = (input: RenderInput) => Promise<RenderResult>

/** The route pattern a path is rendered by (`/product/:slug`): the server's metrics label its pages by it. */
export const pagePattern = (pathname: string): string => routeFor(pathname).route.path

export const render: ServerRender = async ({ url, origin, data }) => {
  const api = createServerApi(data)
  const qc = createQueryClient()
  const location = new URL(url, origin)
  const path = location.pathname
  const { route, params } = routeFor(path)
  await Promise.all([prefetchFor(api, qc, location), route.component.preload()])
  const init = qc.getQueryData<InitData>(initQuery(api).queryKey)
  if (!init) throw new Error('GET /api/init failed while rendering')

  const productState = route.data === 'product' && params.slug ? qc.getQueryState(productQuery(api, params.slug).queryKey) : undefined
  const pageState = route.data === 'page' ? qc.getQueryState(pageQuery(api, path).queryKey) : undefined
  const missing = route.notFound === true || productState?.status === 'error' || pageState?.status === 'error'

  const head = computeHead({
    init,
    origin,
    url: location.pathname + location.search,
    page: qc.getQueryData<PageData>(pageQuery(api, path).queryKey) ?? null,
    product: (productState?.data as Product | undefined) ?? null,
    title: missing
      ? 'Page not found'
      : route.data === 'product-list'
        ? listHeading(parseProductSearch(location.searchParams), init.categories, init.brands)
        : undefined,
  })
  const html = renderToString(
    <StaticRouter location={url}>
      <App api={api} queryClient={qc} />
    </StaticRouter>,
  )
  const state = leanState(dehydrate(qc)).replace(/</g, '\\u003c')
  return {
    html,
    head: `${headToHtml(head)}\n    <style id="site-theme">${themeCss(init)}</style>`,
    state,
    status: missing ? 404 : 200,
    route: route.component.module,
  }
}
