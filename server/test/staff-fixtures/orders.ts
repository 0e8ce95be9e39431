import type { StaffFixtures } from '../fixture-kit'

export const orders: StaffFixtures = {
  'GET /s/api/admin/payments/refunds': async () => ({ url: '/s/api/admin/payments/refunds?page=1' }),
  'GET /s/api/admin/orders': async () => ({ url: '/s/api/admin/orders?status=confirmed&perPage=5&payment_method=cod' }),
  'GET /s/api/admin/orders/pick-list': async () => ({ url: '/s/api/admin/orders/pick-list?date=2026-11-24&slot=09:00' }),
  'GET /s/api/admin/orders/cash-handover': async () => ({ url: '/s/api/admin/orders/cash-handover?date=2026-11-24' }),
  'GET /s/api/admin/orders/:id': async (k) => ({ url: `/s/api/admin/orders/${(await k.order()).id}`, foreign: true }),
  'POST /s/api/admin/orders/:id/status': async (k) => ({
    url: `/s/api/admin/orders/${(await k.order()).id}/status`,
    payload: { status: 'packed' },
    foreign: true,
  }),
  'POST /s/api/admin/orders/:id/lines': async (k) => {
    const order = await k.order(2)
    return {
      url: `/s/api/admin/orders/${order.id}/lines`,
      payload: { lines: [{ id: order.lineIds[0], quantity: 1 }], reason: 'One left on the shelf' },
      foreign: true,
    }
  },
  'POST /s/api/admin/orders/:id/refunds': async (k) => ({
    url: `/s/api/admin/orders/${(await k.deliveredOrder()).id}/refunds`,
    payload: { amount: 100, reason: 'Packet torn at the door' },
    foreign: true,
  }),
}

export const coupons: StaffFixtures = {
  'GET /s/api/admin/coupons': async () => ({ url: '/s/api/admin/coupons?perPage=5&state=active&q=welcome' }),
  'GET /s/api/admin/coupons/:id': async (k) => ({ url: `/s/api/admin/coupons/${(await k.coupon()).id}`, foreign: true }),
  'GET /s/api/admin/coupons/:id/usage': async (k) => ({ url: `/s/api/admin/coupons/${(await k.coupon()).id}/usage`, foreign: true }),
  'POST /s/api/admin/coupons': async (k) => ({
    url: '/s/api/admin/coupons',
    payload: { code: `NEW${k.unique()}`, kind: 'percent', value: 15, max_discount: 75, categories: ['rice'] },
    status: 201,
  }),
  'PATCH /s/api/admin/coupons/:id': async (k) => {
    const c = await k.coupon()
    return { url: `/s/api/admin/coupons/${c.id}`, payload: { version: c.version, value: 12 }, foreign: true }
  },
  'POST /s/api/admin/coupons/status': async (k) => ({
    url: '/s/api/admin/coupons/status',
    payload: { ids: [(await k.coupon()).id], status: 'paused' },
    foreign: true,
  }),
  'DELETE /s/api/admin/coupons/:id': async (k) => ({ url: `/s/api/admin/coupons/${(await k.coupon()).id}`, foreign: true }),
}

export const customers: StaffFixtures = {
  'GET /s/api/admin/customers': async () => ({ url: '/s/api/admin/customers?q=a&sort=-total_spent' }),
  'GET /s/api/admin/customers/:id': async (k) => ({ url: `/s/api/admin/customers/${(await k.customer()).user_id}`, foreign: true }),
  'POST /s/api/admin/customers/:id/block': async (k) => ({
    url: `/s/api/admin/customers/${(await k.customer()).user_id}/block`,
    payload: { reason: 'Refused three cash-on-delivery orders' },
    foreign: true,
  }),
  'GET /s/api/admin/customers/:id/export': async (k) => ({ url: `/s/api/admin/customers/${(await k.customer()).user_id}/export`, foreign: true }),
  'POST /s/api/admin/customers/:id/erase': async (k) => ({ url: `/s/api/admin/customers/${(await k.customer()).user_id}/erase`, payload: {}, foreign: true }),
  'POST /s/api/admin/customers/:id/unblock': async (k) => ({
    url: `/s/api/admin/customers/${(await k.blockedPerson()).user_id}/unblock`,
    payload: {},
    foreign: true,
  }),
}

export const reports: StaffFixtures = Object.fromEntries(
  ['sales', 'channels', 'products', 'categories', 'slots', 'coupons'].flatMap((name) => {
    const query = name === 'sales' ? '?from=2026-11-01&to=2026-11-24&group=week' : '?from=2026-11-01&to=2026-11-24'
    return [
      [`GET /s/api/admin/reports/${name}`, async () => ({ url: `/s/api/admin/reports/${name}${query}` })],
      [`GET /s/api/admin/reports/${name}.csv`, async () => ({ url: `/s/api/admin/reports/${name}.csv${query}` })],
    ]
  }),
)

export const payments: StaffFixtures = {
  'GET /s/api/admin/payment-methods': async () => ({ url: '/s/api/admin/payment-methods' }),
  'PUT /s/api/admin/payment-methods': async (k) => ({
    url: '/s/api/admin/payment-methods',
    payload: {
      version: await k.paymentMethodsVersion(),
      cod: { enabled: true, max_order_value: null },
      razorpay: { enabled: true, key_id: '' },
      cashfree: { enabled: true, client_id: '' },
    },
  }),
  // a key id with no secret: answered without calling the provider
  'POST /s/api/admin/payment-methods/test': async () => ({
    url: '/s/api/admin/payment-methods/test',
    payload: { provider: 'razorpay', key_id: 'rzp_test_Fixture0001' },
  }),
}

export const messaging: StaffFixtures = {
  'GET /s/api/admin/message-settings': async () => ({ url: '/s/api/admin/message-settings' }),
  'PUT /s/api/admin/message-settings': async (k) => ({
    url: '/s/api/admin/message-settings',
    payload: {
      version: await k.messageSettingsVersion(),
      whatsapp: { enabled: true, phone_number_id: '' },
      sms: { enabled: true, sender_id: '' },
    },
  }),
  // a phone number id with no token: answered without calling the provider
  'POST /s/api/admin/message-settings/test': async () => ({
    url: '/s/api/admin/message-settings/test',
    payload: { channel: 'whatsapp', phone_number_id: '100000000000555' },
  }),
}

export const taxes: StaffFixtures = {
  'GET /s/api/admin/tax-settings': async () => ({ url: '/s/api/admin/tax-settings' }),
  'PUT /s/api/admin/tax-settings': async (k) => ({ url: '/s/api/admin/tax-settings', payload: await k.taxSettings() }),
  'POST /s/api/admin/tax-settings/issue-missing': async () => ({ url: '/s/api/admin/tax-settings/issue-missing' }),
  'GET /s/api/admin/gst-report': async () => ({ url: '/s/api/admin/gst-report?from=2026-04-01&to=2026-04-30' }),
  'GET /s/api/admin/gst-report.csv': async () => ({ url: '/s/api/admin/gst-report.csv?from=2026-04-01&to=2026-04-30&section=hsn' }),
}
