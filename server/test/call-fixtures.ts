import type { AddressInfo } from 'node:net'
import { returnTokenOf } from '../features/checkout/payment-return'
import { shopping } from '../features/checkout/test-kit'
import { createPaymentProviders } from '../features/payments/providers/registry'
import type { TestApp, TestSession } from './app'
import type { SignedIn } from './shopper'
import { type Cast, cast, staffCall } from './staff'
import { fixtureKit, freshPhone, type FixtureKit, type StaffRequest } from './fixture-kit'
import { STAFF_FIXTURES } from './staff-fixtures'

/**
 * A working request for every call that has fields (params, query or body), so tests that walk every call
 * (server/platform/malformed-input.test.ts) start each one from a request that gets past validation. Staff calls
 * have theirs in staff-fixtures/; the shopper, agent and sign-in calls here.
 */

export interface CallKit extends FixtureKit {
  who: Cast
  /** a visitor's session, for the sign-in calls (which would replace a signed-in session) */
  visitor: TestSession
  /** the admin's own address (the admin's cart holds a pack for it) and one of the admin's orders */
  addressId: number
  orderId: number
  orderNumber: string
  /** the payment-return page's token of that order (features/checkout/payment-return.ts) */
  paymentReturnToken: string
  /** a pack in stock, its product and warehouse */
  pack: { pack_id: number; warehouse_id: number; product_id: number }
  /** a new https:// domain of the admin's website (added through the superadmin's call) */
  websiteDomain(): Promise<string>
  /** the token of a new khata statement share link (of a new khata customer of the main demo website) */
  khataShareToken(): Promise<string>
}

/** Who makes a call: agents their calls, visitors the sign-in calls, the demo superadmin everything else. */
export const callerOf = (kit: CallKit, url: string): SignedIn | TestSession =>
  url.startsWith('/s/api/sales/') ? kit.who.agent : url.startsWith('/s/api/auth/') ? kit.visitor : kit.who.admin

/** The app on a loopback port (calls that reach a payment provider find the simulator) with what the fixtures need. */
export async function callKit(t: TestApp): Promise<CallKit> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  t.app.payments = createPaymentProviders(t.app.deps.config, { razorpay: { apiBase: origin }, cashfree: { apiBase: `${origin}/pg` } })
  const who = await cast(t)
  const catalogue = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data as { product_id: number; packs: { pack_id: number }[] }[]
  const shop = shopping(t, catalogue as never)
  const [pack] = shop.sellable()
  const product = catalogue.find((p) => p.packs.some((x) => x.pack_id === pack.pack_id))!
  const admin = await shop.shopperWithCart([pack], 2, undefined, who.admin)
  const { res, order } = await shop.place(admin, 'cod')
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`)
  await shop.call(admin, 'POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })
  const kit = fixtureKit(t, who.admin)
  return {
    ...kit,
    async websiteDomain() {
      const origin = `https://walk-${kit.unique()}.example`
      const res = await staffCall(t, who.admin, 'POST', `/s/api/bos/websites/${who.admin.websiteId}/domains`, { origin })
      if (res.statusCode !== 201) throw new Error(`domain: ${res.statusCode} ${res.body}`)
      return origin
    },
    async khataShareToken() {
      const res = await staffCall(t, who.admin, 'POST', `/s/api/admin/customers/${await kit.khataCustomer()}/khata/share-links`, {})
      if (res.statusCode >= 300) throw new Error(`share link: ${res.statusCode} ${res.body}`)
      return (res.json().url as string).split('/').pop()!
    },
    who,
    visitor: await t.visitor(),
    addressId: admin.addressId,
    orderId: order.order_id,
    orderNumber: order.order_number,
    paymentReturnToken: returnTokenOf(t.app.deps.config.SESSION_SECRET, who.admin.websiteId, order.order_id),
    pack: { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, product_id: product.product_id },
  }
}

const address = {
  name: 'Asha Rao',
  mobile: '9876512345',
  house: '12',
  street: 'MG Road',
  area: 'Ashok Nagar',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  type: 'home',
}

const shopperCalls: Record<string, (k: CallKit) => Promise<StaffRequest>> = {
  'POST /s/api/auth/login': async () => ({ url: '/s/api/auth/login', payload: { username: freshPhone() } }),
  'POST /s/api/auth/verify': async () => ({ url: '/s/api/auth/verify', payload: { username: freshPhone(), otp: '123456' } }),
  'POST /s/api/auth/register': async () => ({ url: '/s/api/auth/register', payload: { name: 'Asha', email: 'asha.walk@example.com', phone: freshPhone() } }),
  'POST /s/api/bos/switch/redeem': async () => ({ url: '/s/api/bos/switch/redeem', payload: { token: 'a'.repeat(43) } }),
  'GET /s/api/account/messages': async () => ({ url: '/s/api/account/messages' }),
  'PUT /s/api/account/messages': async () => ({ url: '/s/api/account/messages', payload: { channel: 'whatsapp', updates: true } }),
  'PUT /s/api/account/profile': async () => ({ url: '/s/api/account/profile', payload: { name: 'Asha Superadmin', email: 'asha@demo.in' } }),
  'POST /s/api/account/addresses': async () => ({ url: '/s/api/account/addresses', payload: address }),
  'PUT /s/api/account/addresses/:id': async (k) => ({ url: `/s/api/account/addresses/${k.addressId}`, payload: address }),
  'DELETE /s/api/account/addresses/:id': async (k) => ({ url: `/s/api/account/addresses/${k.addressId}` }),
  'POST /s/api/account/addresses/:id/default': async (k) => ({ url: `/s/api/account/addresses/${k.addressId}/default` }),
  'GET /s/api/account/pincode/:pincode': async () => ({ url: '/s/api/account/pincode/560001' }),
  'POST /s/api/account/khata/payments': async () => ({ url: '/s/api/account/khata/payments', payload: { amount: 1, provider: 'razorpay' } }),
  'POST /s/api/account/khata/payments/:id/confirm': async () => ({ url: '/s/api/account/khata/payments/1/confirm', payload: {} }),
  'GET /s/api/khata/shared/:token': async (k) => ({ url: `/s/api/khata/shared/${await k.khataShareToken()}` }),
  'POST /s/api/khata/shared/:token/upi-qr': async (k) => ({ url: `/s/api/khata/shared/${await k.khataShareToken()}/upi-qr`, payload: { amount: 1 } }),
  'GET /s/api/khata/shared/:token/upi-qr/:qr': async (k) => ({ url: `/s/api/khata/shared/${await k.khataShareToken()}/upi-qr/qr_kit1` }),
  'POST /s/api/khata/shared/:token/payment-links': async (k) => ({
    url: `/s/api/khata/shared/${await k.khataShareToken()}/payment-links`,
    payload: { amount: 1, provider: 'razorpay' },
  }),
  'GET /s/api/khata/shared/:token/payment-links/:id': async (k) => ({ url: `/s/api/khata/shared/${await k.khataShareToken()}/payment-links/1` }),
  'POST /s/api/bos/websites': async (k) => ({ url: '/s/api/bos/websites', payload: { name: 'Walk shop', origin: `https://walk-${k.unique()}.example` } }),
  'POST /s/api/bos/switch': async (k) => ({ url: '/s/api/bos/switch', payload: { website_id: k.who.admin.websiteId } }),
  'GET /s/api/bos/websites/:id/domains': async (k) => ({ url: `/s/api/bos/websites/${k.who.admin.websiteId}/domains` }),
  'POST /s/api/bos/websites/:id/domains': async (k) => ({
    url: `/s/api/bos/websites/${k.who.admin.websiteId}/domains`,
    payload: { origin: `https://walk-${k.unique()}.example` },
  }),
  'POST /s/api/bos/websites/:id/domains/remove': async (k) => ({
    url: `/s/api/bos/websites/${k.who.admin.websiteId}/domains/remove`,
    payload: { origin: await k.websiteDomain() },
  }),
  'GET /s/api/products': async () => ({ url: '/s/api/products?q=atta&c=rice&page=1&perPage=24' }),
  'GET /s/api/products/:id': async (k) => ({ url: `/s/api/products/${k.pack.product_id}` }),
  'GET /s/api/products/:id/related': async (k) => ({ url: `/s/api/products/${k.pack.product_id}/related` }),
  'GET /s/api/search/suggest': async () => ({ url: '/s/api/search/suggest?q=atta' }),
  'GET /s/api/page/data/*': async () => ({ url: '/s/api/page/data/about' }),
  'GET /s/api/check/pincode/:pincode': async () => ({ url: '/s/api/check/pincode/560001' }),
  'GET /s/api/cart': async (k) => ({ url: `/s/api/cart?address_id=${k.addressId}&groupby_delivery=1` }),
  'POST /s/api/cart/add': async (k) => ({ url: '/s/api/cart/add', payload: { pack_id: k.pack.pack_id, warehouse_id: k.pack.warehouse_id } }),
  'POST /s/api/cart/remove': async (k) => ({ url: '/s/api/cart/remove', payload: { pack_id: k.pack.pack_id, remove: false } }),
  'POST /s/api/apply/coupon': async () => ({ url: '/s/api/apply/coupon', payload: { code: 'WELCOME50' } }),
  'POST /s/api/wishlist/update': async (k) => ({ url: '/s/api/wishlist/update', payload: { product_id: k.pack.product_id, wishlist_category_id: null } }),
  'POST /s/api/wishlistCategory': async (k) => ({ url: '/s/api/wishlistCategory', payload: { name: `List ${k.unique()}` } }),
  'GET /s/api/checkout/slots': async (k) => ({ url: `/s/api/checkout/slots?address_id=${k.addressId}` }),
  'POST /s/api/checkout/place': async (k) => ({
    url: '/s/api/checkout/place',
    payload: { address_id: k.addressId, slots: [], payment_method: 'cod', notes: 'Ring twice', idempotency_key: `walk-${k.unique()}` },
  }),
  'GET /s/api/checkout/pay/:orderId': async (k) => ({ url: `/s/api/checkout/pay/${k.orderId}` }),
  'GET /s/api/checkout/paid/:token': async (k) => ({ url: `/s/api/checkout/paid/${k.paymentReturnToken}` }),
  'POST /s/api/checkout/link/:orderId': async (k) => ({ url: `/s/api/checkout/link/${k.orderId}` }),
  'POST /s/api/checkout/confirm/:orderId': async (k) => ({
    url: `/s/api/checkout/confirm/${k.orderId}`,
    payload: { razorpay_payment_id: 'pay_walk', razorpay_order_id: 'order_walk', razorpay_signature: 'f'.repeat(64) },
  }),
  'GET /s/api/orders': async () => ({ url: '/s/api/orders?page=1' }),
  'GET /s/api/orders/:id': async (k) => ({ url: `/s/api/orders/${k.orderId}` }),
  'GET /s/api/orders/number/:number': async (k) => ({ url: `/s/api/orders/number/${k.orderNumber}` }),
  'POST /s/api/orders/:id/cancel': async (k) => ({ url: `/s/api/orders/${k.orderId}/cancel`, payload: {} }),
  'POST /s/api/orders/:id/reorder': async (k) => ({ url: `/s/api/orders/${k.orderId}/reorder`, payload: {} }),
  'GET /s/api/orders/:id/tax-documents': async (k) => ({ url: `/s/api/orders/${k.orderId}/tax-documents` }),
  'GET /s/api/orders/:id/invoice.pdf': async (k) => ({ url: `/s/api/orders/${k.orderId}/invoice.pdf` }),
  'GET /s/api/orders/:id/credit-notes/:documentId': async (k) => ({ url: `/s/api/orders/${k.orderId}/credit-notes/1` }),
  'GET /s/api/sales/dashboard': async () => ({ url: '/s/api/sales/dashboard?period=week' }),
  'GET /s/api/sales/customers/lookup': async () => ({ url: '/s/api/sales/customers/lookup?mobile=9876500003' }),
  'POST /s/api/sales/customers': async () => ({ url: '/s/api/sales/customers', payload: { mobile: freshPhone(), name: 'Meena', address } }),
  // a code for a number with no add waiting: validation passes, the service answers 404 (the walk needs no consent)
  'POST /s/api/sales/customers/confirm': async () => ({ url: '/s/api/sales/customers/confirm', payload: { mobile: freshPhone(), code: '123456' } }),
  'GET /s/api/sales/orders': async () => ({ url: '/s/api/sales/orders?status=open&from=2026-11-01&to=2026-11-24' }),
}

/** Every call's working request by `METHOD /route/:pattern`. */
export const CALL_FIXTURES: Record<string, (k: CallKit) => Promise<StaffRequest>> = { ...STAFF_FIXTURES, ...shopperCalls }
