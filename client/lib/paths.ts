/**
 * Every shopper page's address pattern, named once: the route table (client/app/routes.ts) matches these, and links
 * build their addresses from them with `paths.*` (`import * as paths`; Saleor's typed URL builders), so a link cannot point at a
 * page that does not exist. The staff screens' addresses are in their own table (client/staff/staff-screens.ts).
 */
export const PATTERNS = {
  home: '/',
  products: '/products',
  product: '/products/:slug',
  checkout: '/checkout',
  checkoutRazorpay: '/checkout/razorpay/:id',
  checkoutCashfree: '/checkout/cashfree/:id',
  checkoutConfirm: '/checkout/confirm/:id',
  orderSuccess: '/order/success/:ordernumber',
  /** where a sales agent's payment link returns the customer, without signing in */
  orderPaid: '/order/paid/:token',
  login: '/auth/login',
  verify: '/auth/verify',
  register: '/auth/register',
  logout: '/auth/logout',
  chooseWebsite: '/auth/bos/choose',
  createWebsite: '/auth/bos/create',
  switchWebsite: '/auth/bos/switch',
  account: '/account',
  accountDetails: '/account/details',
  accountAddresses: '/account/addresses',
  accountOrders: '/account/orders',
  accountOrder: '/account/orders/:id',
  accountWishlist: '/account/wishlist',
  accountKhata: '/account/khata',
  /** a statement shared by the shop (docs/decisions/0047) */
  khataShared: '/khata/:token',
  salesDashboard: '/account/dashboard',
} as const

/** The `:name` parameters of a pattern. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string | number }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<string, never>

/** '/products/:slug' + { slug: 'atta' } → '/products/atta' (each value URL-encoded), then the query string. */
export function pathTo<P extends string>(pattern: P, params: PathParams<P>, search?: URLSearchParams | string): string {
  const values = params as Record<string, string | number>
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
  const qs = typeof search === 'string' ? search.replace(/^\?/, '') : (search?.toString() ?? '')
  return qs ? `${path}?${qs}` : path
}

const none = {} as Record<string, never>

// Builders are separate exports (import * as paths), so the shopper's bundle keeps only the ones it uses (an export of
// the entry chunk that any chunk imports stays in it).
export const home = () => PATTERNS.home
export const products = (search?: URLSearchParams | string) => pathTo(PATTERNS.products, none, search)
export const product = (slug: string) => pathTo(PATTERNS.product, { slug })
export const login = () => PATTERNS.login
export const logout = () => PATTERNS.logout
export const accountOrders = () => PATTERNS.accountOrders
export const accountOrder = (id: number) => pathTo(PATTERNS.accountOrder, { id })
