import { type ComponentType, createElement } from 'react'
import { matchPath } from '../lib/router'
import { lazyRoute, type LazyRoute } from '../lib/lazy-route'
import { PATTERNS as P } from '../lib/paths'
import type { AdminPage } from '../staff/staff-app'
import { ClientOnly } from './client-only'

/**
 * The one route table of the web client. The router (app.tsx), the guards (route-guard.ts), the server's
 * preload and data loading (entry-server.tsx, prefetch.ts) and the content-page check all read it; links are
 * built from the same patterns (lib/paths.ts). The first entry whose pattern matches wins.
 */
export interface AppRoute {
  path: string
  /** the page, in its own chunk; `preload()` before rendering or hydrating */
  component: LazyRoute
  /** 'shop': the storefront layout (header, footer, drawers); 'staff': the staff shell, loaded with staff screens */
  shell: 'shop' | 'staff'
  /** 'ssr': rendered on the server with its data; 'client': in the browser only (the server sends a loading state) */
  render: 'ssr' | 'client'
  /** what the server loads before rendering it (prefetch.ts); 'page' is a content page from page data */
  data?: 'page' | 'product-list' | 'product'
  /** spec §2: full-width pages skip the centred container */
  fullWidth?: boolean
  /** spec §4: a visitor is sent to /auth/login with the path saved */
  requiresLogin?: boolean
  /** spec §4: a signed-in non-agent is sent to /account/orders */
  agentOnly?: boolean
  /** spec §2 and §6: hasAdminAccess only; others signed in see a 403 screen */
  adminOnly?: boolean
  /** an address kept for the app's own screens where none is: the server answers 404 */
  notFound?: boolean
}

type Load = () => Promise<ComponentType>
type Flags = Omit<AppRoute, 'path' | 'component' | 'shell' | 'render'>

/** Wraps a page so that it renders in the browser only (ClientOnly), keeping its preload. */
function browserOnly(route: LazyRoute): LazyRoute {
  const Gated = (props: object) => createElement(ClientOnly, null, createElement(route, props))
  return Object.assign(Gated, { preload: route.preload })
}

/** The staff shell and pages load with the first staff screen, never with a shopper's page. */
const loadStaffApp = () => import('../staff/staff-app')
export const StaffShell = lazyRoute(() => loadStaffApp().then((m) => m.StaffShell as ComponentType))

const ssr = (path: string, load: Load, flags: Flags = {}): AppRoute => ({ path, component: lazyRoute(load), shell: 'shop', render: 'ssr', ...flags })
const client = (path: string, load: Load, flags: Flags = {}): AppRoute => ({ path, component: browserOnly(lazyRoute(load)), shell: 'shop', render: 'client', ...flags })
function staff(path: string, name: AdminPage): AppRoute {
  const page = lazyRoute(() => loadStaffApp().then(async ({ ADMIN_PAGES }) => {
    await ADMIN_PAGES[name].preload()
    return ADMIN_PAGES[name]
  }))
  const component = Object.assign((props: object) => createElement(page, props), { preload: () => Promise.all([StaffShell.preload(), page.preload()]).then(() => undefined) })
  return { path, component, shell: 'staff', render: 'client', fullWidth: true, requiresLogin: true, adminOnly: true }
}

const notFound: Load = () => import('../routes/not-found').then((m) => m.NotFoundRoute)

export const ROUTES: readonly AppRoute[] = [
  ssr(P.home, () => import('../routes/home').then((m) => m.HomeRoute), { data: 'page' }),
  ssr(P.products, () => import('../routes/products').then((m) => m.ProductsRoute), { data: 'product-list' }),
  ssr(P.product, () => import('../routes/product').then((m) => m.ProductRoute), { data: 'product' }),
  // Sign-in, account and superadmin screens (issue #3), checkout and orders (issue #5): each in its own chunk, none in a shopper's first load.
  client(P.login, () => import('../routes/auth-login').then((m) => m.AuthLoginRoute), { fullWidth: true }),
  client(P.verify, () => import('../routes/auth-verify').then((m) => m.AuthVerifyRoute), { fullWidth: true }),
  client(P.register, () => import('../routes/auth-register').then((m) => m.AuthRegisterRoute), { fullWidth: true }),
  client(P.logout, () => import('../routes/auth-logout').then((m) => m.AuthLogoutRoute), { fullWidth: true }),
  client(P.chooseWebsite, () => import('../routes/bos-choose').then((m) => m.BosChooseRoute), { requiresLogin: true }),
  client(P.createWebsite, () => import('../routes/bos-create').then((m) => m.BosCreateRoute), { requiresLogin: true }),
  client(P.switchWebsite, () => import('../routes/bos-switch').then((m) => m.BosSwitchRoute)),
  client(P.account, () => import('../routes/account').then((m) => m.AccountRoute), { requiresLogin: true }),
  client(P.accountDetails, () => import('../routes/account-details').then((m) => m.AccountDetailsRoute), { requiresLogin: true }),
  client(P.accountAddresses, () => import('../routes/account-addresses').then((m) => m.AccountAddressesRoute), { requiresLogin: true }),
  client(P.accountOrders, () => import('../routes/account-orders').then((m) => m.AccountOrdersRoute), { requiresLogin: true }),
  client(P.accountOrder, () => import('../routes/account-order').then((m) => m.AccountOrderRoute), { requiresLogin: true }),
  client(P.accountWishlist, () => import('../routes/account-wishlist').then((m) => m.AccountWishlistRoute), { requiresLogin: true }),
  client(P.salesDashboard, () => import('../routes/account-dashboard').then((m) => m.AccountDashboardRoute), { requiresLogin: true, agentOnly: true }),
  client(P.checkout, () => import('../routes/checkout').then((m) => m.CheckoutRoute), { fullWidth: true, requiresLogin: true }),
  client(P.checkoutRazorpay, () => import('../routes/checkout-pay').then((m) => m.CheckoutRazorpayRoute), { fullWidth: true }),
  client(P.checkoutCashfree, () => import('../routes/checkout-pay').then((m) => m.CheckoutCashfreeRoute), { fullWidth: true }),
  client(P.checkoutConfirm, () => import('../routes/checkout-pay').then((m) => m.CheckoutConfirmRoute), { fullWidth: true }),
  client(P.orderSuccess, () => import('../routes/order-success').then((m) => m.OrderSuccessRoute), { requiresLogin: true }),
  // Administration (issue #10): the staff shell, admins only.
  staff(P.admin, 'home'),
  staff(P.adminProducts, 'products'),
  staff(P.adminProductNew, 'productNew'),
  staff(P.adminProduct, 'product'),
  staff('/bos/admin/*', 'notFound'),
  // Addresses kept for the app's own screens are never content pages.
  client('/account/*', notFound, { requiresLogin: true, notFound: true }),
  ssr('/checkout/*', notFound, { fullWidth: true, notFound: true }),
  ssr('/auth/*', notFound, { fullWidth: true, notFound: true }),
  ssr('/order/*', notFound, { fullWidth: true, notFound: true }),
  ssr('/bos/*', notFound, { fullWidth: true, notFound: true }),
  // Any other path: a content page built from page data (spec §2).
  ssr('*', () => import('../routes/content-page').then((m) => m.ContentPageRoute), { data: 'page', fullWidth: true }),
]

export interface RouteMatch {
  route: AppRoute
  params: Record<string, string>
}

/** The entry that serves `pathname` (the last one matches anything). */
export function routeFor(pathname: string): RouteMatch {
  for (const route of ROUTES) {
    const match = matchPath(route.path, pathname)
    if (match) return { route, params: match.params }
  }
  throw new Error(`no route for ${pathname}`)
}

/** The route component a path renders, to preload before rendering or hydrating. */
export function routeComponentFor(pathname: string): LazyRoute {
  return routeFor(pathname).route.component
}
