import { matchPath } from '../lib/router'
import { lazyRoute, type LazyRoute } from '../lib/lazy-route'

export const HomeRoute = lazyRoute(() => import('../routes/home').then((m) => m.HomeRoute))
export const ProductsRoute = lazyRoute(() => import('../routes/products').then((m) => m.ProductsRoute))
export const ProductRoute = lazyRoute(() => import('../routes/product').then((m) => m.ProductRoute))
export const ContentPageRoute = lazyRoute(() => import('../routes/content-page').then((m) => m.ContentPageRoute))

/** The route component a path renders, to preload before rendering or hydrating. */
export function routeComponentFor(pathname: string): LazyRoute {
  if (pathname === '/') return HomeRoute
  if (pathname === '/products') return ProductsRoute
  if (matchPath('/products/:slug', pathname)) return ProductRoute
  return ContentPageRoute
}
