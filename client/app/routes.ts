import { type ComponentType, createElement } from 'react'
import { matchPath } from '../lib/router'
import { lazyRoute, type LazyRoute } from '../lib/lazy-route'
import { ClientOnly } from './client-only'

export const HomeRoute = lazyRoute('routes/home.tsx', () => import('../routes/home').then((m) => m.HomeRoute))
export const ProductsRoute = lazyRoute('routes/products.tsx', () => import('../routes/products').then((m) => m.ProductsRoute))
export const ProductRoute = lazyRoute('routes/product.tsx', () => import('../routes/product').then((m) => m.ProductRoute))
export const ContentPageRoute = lazyRoute('routes/content-page.tsx', () => import('../routes/content-page').then((m) => m.ContentPageRoute))

/** A lazy route that renders in the browser only: the server sends the layout with a loading state. */
function clientRoute(module: string, load: () => Promise<ComponentType>): LazyRoute {
  const route = lazyRoute(module, load)
  const Gated = (props: object) => createElement(ClientOnly, null, createElement(route, props))
  return Object.assign(Gated, { preload: route.preload, module })
}

/** Sign-in, account and superadmin screens (issue #3), checkout and orders (issue #5), each in its own chunk, none in a shopper's first load. */
export const CLIENT_ROUTES: [path: string, route: LazyRoute][] = [
  ['/auth/login', clientRoute('routes/auth-login.tsx', () => import('../routes/auth-login').then((m) => m.AuthLoginRoute))],
  ['/auth/verify', clientRoute('routes/auth-verify.tsx', () => import('../routes/auth-verify').then((m) => m.AuthVerifyRoute))],
  ['/auth/register', clientRoute('routes/auth-register.tsx', () => import('../routes/auth-register').then((m) => m.AuthRegisterRoute))],
  ['/auth/logout', clientRoute('routes/auth-logout.tsx', () => import('../routes/auth-logout').then((m) => m.AuthLogoutRoute))],
  ['/auth/bos/choose', clientRoute('routes/bos-choose.tsx', () => import('../routes/bos-choose').then((m) => m.BosChooseRoute))],
  ['/auth/bos/create', clientRoute('routes/bos-create.tsx', () => import('../routes/bos-create').then((m) => m.BosCreateRoute))],
  ['/auth/bos/switch', clientRoute('routes/bos-switch.tsx', () => import('../routes/bos-switch').then((m) => m.BosSwitchRoute))],
  ['/account', clientRoute('routes/account.tsx', () => import('../routes/account').then((m) => m.AccountRoute))],
  ['/account/details', clientRoute('routes/account-details.tsx', () => import('../routes/account-details').then((m) => m.AccountDetailsRoute))],
  ['/account/addresses', clientRoute('routes/account-addresses.tsx', () => import('../routes/account-addresses').then((m) => m.AccountAddressesRoute))],
  ['/account/orders', clientRoute('routes/account-orders.tsx', () => import('../routes/account-orders').then((m) => m.AccountOrdersRoute))],
  ['/account/wishlist', clientRoute('routes/account-wishlist.tsx', () => import('../routes/account-wishlist').then((m) => m.AccountWishlistRoute))],
  ['/account/dashboard', clientRoute('routes/account-dashboard.tsx', () => import('../routes/account-dashboard').then((m) => m.AccountDashboardRoute))],
  ['/account/orders/:id', clientRoute('routes/account-order.tsx', () => import('../routes/account-order').then((m) => m.AccountOrderRoute))],
  // Checkout and orders (issue #5)
  ['/checkout', clientRoute('routes/checkout.tsx', () => import('../routes/checkout').then((m) => m.CheckoutRoute))],
  ['/checkout/razorpay/:id', clientRoute('routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutRazorpayRoute))],
  ['/checkout/cashfree/:id', clientRoute('routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutCashfreeRoute))],
  ['/checkout/confirm/:id', clientRoute('routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutConfirmRoute))],
  ['/order/success/:ordernumber', clientRoute('routes/order-success.tsx', () => import('../routes/order-success').then((m) => m.OrderSuccessRoute))],
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
