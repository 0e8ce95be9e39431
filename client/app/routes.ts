import { type ComponentType, createElement } from 'react'
import { matchPath } from '../lib/router'
import { lazyRoute, type LazyRoute } from '../lib/lazy-route'
import { ClientOnly } from './client-only'

export const HomeRoute = lazyRoute(() => import('../routes/home').then((m) => m.HomeRoute))
export const ProductsRoute = lazyRoute(() => import('../routes/products').then((m) => m.ProductsRoute))
export const ProductRoute = lazyRoute(() => import('../routes/product').then((m) => m.ProductRoute))
export const ContentPageRoute = lazyRoute(() => import('../routes/content-page').then((m) => m.ContentPageRoute))

/** A lazy route that renders in the browser only: the server sends the layout with a loading state. */
function clientRoute(load: () => Promise<ComponentType>): LazyRoute {
  const route = lazyRoute(load)
  const Gated = (props: object) => createElement(ClientOnly, null, createElement(route, props))
  return Object.assign(Gated, { preload: route.preload })
}

/** Sign-in, account and superadmin screens (issue #3), checkout and orders (issue #5), each in its own chunk, none in a shopper's first load. */
export const CLIENT_ROUTES: [path: string, route: LazyRoute][] = [
  ['/auth/login', clientRoute(() => import('../routes/auth-login').then((m) => m.AuthLoginRoute))],
  ['/auth/verify', clientRoute(() => import('../routes/auth-verify').then((m) => m.AuthVerifyRoute))],
  ['/auth/register', clientRoute(() => import('../routes/auth-register').then((m) => m.AuthRegisterRoute))],
  ['/auth/logout', clientRoute(() => import('../routes/auth-logout').then((m) => m.AuthLogoutRoute))],
  ['/auth/bos/choose', clientRoute(() => import('../routes/bos-choose').then((m) => m.BosChooseRoute))],
  ['/auth/bos/create', clientRoute(() => import('../routes/bos-create').then((m) => m.BosCreateRoute))],
  ['/auth/bos/switch', clientRoute(() => import('../routes/bos-switch').then((m) => m.BosSwitchRoute))],
  ['/account', clientRoute(() => import('../routes/account').then((m) => m.AccountRoute))],
  ['/account/details', clientRoute(() => import('../routes/account-details').then((m) => m.AccountDetailsRoute))],
  ['/account/addresses', clientRoute(() => import('../routes/account-addresses').then((m) => m.AccountAddressesRoute))],
  ['/account/orders', clientRoute(() => import('../routes/account-orders').then((m) => m.AccountOrdersRoute))],
  ['/account/wishlist', clientRoute(() => import('../routes/account-wishlist').then((m) => m.AccountWishlistRoute))],
  ['/account/dashboard', clientRoute(() => import('../routes/account-dashboard').then((m) => m.AccountDashboardRoute))],
  ['/account/orders/:id', clientRoute(() => import('../routes/account-order').then((m) => m.AccountOrderRoute))],
  // Checkout and orders (issue #5)
  ['/checkout', clientRoute(() => import('../routes/checkout').then((m) => m.CheckoutRoute))],
  ['/checkout/razorpay/:id', clientRoute(() => import('../routes/checkout-pay').then((m) => m.CheckoutRazorpayRoute))],
  ['/checkout/cashfree/:id', clientRoute(() => import('../routes/checkout-pay').then((m) => m.CheckoutCashfreeRoute))],
  ['/checkout/confirm/:id', clientRoute(() => import('../routes/checkout-pay').then((m) => m.CheckoutConfirmRoute))],
  ['/order/success/:ordernumber', clientRoute(() => import('../routes/order-success').then((m) => m.OrderSuccessRoute))],
]

/** The route component a path renders, to preload before rendering or hydrating. */
export function routeComponentFor(pathname: string): LazyRoute {
  const client = CLIENT_ROUTES.find(([path]) => (path.includes(':') ? matchPath(path, pathname) !== null : path === pathname))
  if (client) return client[1]
  if (pathname === '/') return HomeRoute
  if (pathname === '/products') return ProductsRoute
  if (matchPath('/products/:slug', pathname)) return ProductRoute
  return ContentPageRoute
}
