import { type ComponentType, createElement } from 'react'
import { matchPath } from '../lib/router'
import { lazyRoute, type LazyRoute } from '../lib/lazy-route'
import { PATTERNS as P } from '../lib/paths'
import { ClientOnly } from './client-only'
import type { AccessRule } from './route-guard'

/**
 * The one route table of the web client. The router (app.tsx), the guards (route-guard.ts), the server's
 * preload and data loading (entry-server.tsx, prefetch.ts) and the content-page check all read it; links are
 * built from the same patterns (lib/paths.ts). The first entry whose pattern matches wins.
 */
export interface AppRoute extends Omit<AccessRule, 'permission'> {
  path: string
  /** the page, in its own chunk; `preload()` before rendering or hydrating */
  component: LazyRoute
  /** 'shop': the storefront layout (header, footer, drawers); 'staff': the staff app, which shows a screen of its own table */
  shell: 'shop' | 'staff'
  /** 'ssr': rendered on the server with its data; 'client': in the browser only (the server sends a loading state) */
  render: 'ssr' | 'client'
  /** what the server loads before rendering it (prefetch.ts); 'page' is a content page from page data */
  data?: 'page' | 'product-list' | 'product'
  /** spec §2: full-width pages skip the centred container */
  fullWidth?: boolean
  /** an address kept for the app's own screens where none is: the server answers 404 */
  notFound?: boolean
}

type Load = () => Promise<ComponentType>
type Flags = Omit<AppRoute, 'path' | 'component' | 'shell' | 'render'>

/** Wraps a page so that it renders in the browser only (ClientOnly), keeping its preload and module. */
function browserOnly(route: LazyRoute): LazyRoute {
  const Gated = (props: object) => createElement(ClientOnly, null, createElement(route, props))
  return Object.assign(Gated, { preload: route.preload, module: route.module })
}

/**
 * Every address of a staff area loads the staff app, in one import(): the shopper's entry carries this one loader and
 * the areas' patterns, never the staff screens (their table, client/staff/staff-screens.ts, is in the staff app).
 */
const STAFF_APP = 'staff/staff-app.tsx'
const loadStaffApp = () => import('../staff/staff-app')
const StaffApp = lazyRoute(STAFF_APP, () => loadStaffApp().then((m) => m.StaffApp))

// `module` is the page's source under client/ (its key in Vite's manifest): the server preloads its chunk.
const ssr = (path: string, module: string, load: Load, flags: Flags = {}): AppRoute => ({
  path,
  component: lazyRoute(module, load),
  shell: 'shop',
  render: 'ssr',
  ...flags,
})
const client = (path: string, module: string, load: Load, flags: Flags = {}): AppRoute => ({
  path,
  component: browserOnly(lazyRoute(module, load)),
  shell: 'shop',
  render: 'client',
  ...flags,
})
const staff = (path: string): AppRoute => ({ path, component: StaffApp, shell: 'staff', render: 'client', fullWidth: true })

const NOT_FOUND = 'routes/not-found.tsx'
const notFound: Load = () => import('../routes/not-found').then((m) => m.NotFoundRoute)

export const ROUTES: readonly AppRoute[] = [
  ssr(P.home, 'routes/home.tsx', () => import('../routes/home').then((m) => m.HomeRoute), { data: 'page' }),
  ssr(P.products, 'routes/products.tsx', () => import('../routes/products').then((m) => m.ProductsRoute), { data: 'product-list' }),
  ssr(P.product, 'routes/product.tsx', () => import('../routes/product').then((m) => m.ProductRoute), { data: 'product' }),
  // Sign-in, account and superadmin screens (issue #3), checkout and orders (issue #5): each in its own chunk, none in a shopper's first load.
  client(P.login, 'routes/auth-login.tsx', () => import('../routes/auth-login').then((m) => m.AuthLoginRoute), { fullWidth: true }),
  client(P.verify, 'routes/auth-verify.tsx', () => import('../routes/auth-verify').then((m) => m.AuthVerifyRoute), { fullWidth: true }),
  client(P.register, 'routes/auth-register.tsx', () => import('../routes/auth-register').then((m) => m.AuthRegisterRoute), { fullWidth: true }),
  client(P.logout, 'routes/auth-logout.tsx', () => import('../routes/auth-logout').then((m) => m.AuthLogoutRoute), { fullWidth: true }),
  client(P.chooseWebsite, 'routes/bos-choose.tsx', () => import('../routes/bos-choose').then((m) => m.BosChooseRoute), { requiresLogin: true }),
  client(P.createWebsite, 'routes/bos-create.tsx', () => import('../routes/bos-create').then((m) => m.BosCreateRoute), { requiresLogin: true }),
  client(P.switchWebsite, 'routes/bos-switch.tsx', () => import('../routes/bos-switch').then((m) => m.BosSwitchRoute)),
  client(P.account, 'routes/account.tsx', () => import('../routes/account').then((m) => m.AccountRoute), { requiresLogin: true }),
  client(P.accountDetails, 'routes/account-details.tsx', () => import('../routes/account-details').then((m) => m.AccountDetailsRoute), { requiresLogin: true }),
  client(P.accountAddresses, 'routes/account-addresses.tsx', () => import('../routes/account-addresses').then((m) => m.AccountAddressesRoute), {
    requiresLogin: true,
  }),
  client(P.accountOrders, 'routes/account-orders.tsx', () => import('../routes/account-orders').then((m) => m.AccountOrdersRoute), { requiresLogin: true }),
  client(P.accountOrder, 'routes/account-order.tsx', () => import('../routes/account-order').then((m) => m.AccountOrderRoute), { requiresLogin: true }),
  client(P.accountWishlist, 'routes/account-wishlist.tsx', () => import('../routes/account-wishlist').then((m) => m.AccountWishlistRoute), {
    requiresLogin: true,
  }),
  client(P.accountKhata, 'routes/account-khata.tsx', () => import('../routes/account-khata').then((m) => m.AccountKhataRoute), { requiresLogin: true }),
  client(P.khataShared, 'routes/khata-shared.tsx', () => import('../routes/khata-shared').then((m) => m.KhataSharedRoute)),
  client(P.salesDashboard, 'routes/account-dashboard.tsx', () => import('../routes/account-dashboard').then((m) => m.AccountDashboardRoute), {
    requiresLogin: true,
    agentOnly: true,
  }),
  client(P.checkout, 'routes/checkout.tsx', () => import('../routes/checkout').then((m) => m.CheckoutRoute), { fullWidth: true, requiresLogin: true }),
  client(P.checkoutRazorpay, 'routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutRazorpayRoute), { fullWidth: true }),
  client(P.checkoutCashfree, 'routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutCashfreeRoute), { fullWidth: true }),
  client(P.checkoutConfirm, 'routes/checkout-pay.tsx', () => import('../routes/checkout-pay').then((m) => m.CheckoutConfirmRoute), { fullWidth: true }),
  client(P.orderSuccess, 'routes/order-success.tsx', () => import('../routes/order-success').then((m) => m.OrderSuccessRoute), { requiresLogin: true }),
  client(P.orderPaid, 'routes/order-paid.tsx', () => import('../routes/order-paid').then((m) => m.OrderPaidRoute)),
  // The staff areas (Administration, the counter, Website Settings): the staff app shows the screen of the address.
  staff('/bos/admin'),
  staff('/bos/admin/*'),
  staff('/pos'),
  staff('/page-builder'),
  staff('/page-builder/*'),
  // Addresses kept for the app's own screens are never content pages.
  client('/account/*', NOT_FOUND, notFound, { requiresLogin: true, notFound: true }),
  ssr('/checkout/*', NOT_FOUND, notFound, { fullWidth: true, notFound: true }),
  ssr('/auth/*', NOT_FOUND, notFound, { fullWidth: true, notFound: true }),
  ssr('/order/*', NOT_FOUND, notFound, { fullWidth: true, notFound: true }),
  ssr('/bos/*', NOT_FOUND, notFound, { fullWidth: true, notFound: true }),
  // Any other path: a content page built from page data (spec §2).
  ssr('*', 'routes/content-page.tsx', () => import('../routes/content-page').then((m) => m.ContentPageRoute), { data: 'page', fullWidth: true }),
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

/** Loads the code a path shows before the page hydrates: its route's chunk, and for a staff address its screen's too. */
export function preloadRoute(pathname: string): Promise<void> {
  const { route } = routeFor(pathname)
  if (route.shell !== 'staff') return route.component.preload()
  return Promise.all([StaffApp.preload(), loadStaffApp().then((m) => m.preloadScreen(pathname))]).then(() => undefined)
}
