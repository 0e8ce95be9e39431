import { randomUUID } from 'node:crypto'
import type { AdminBrand, AdminCategory, AdminProduct } from '../../common/contracts/admin-catalogue'
import sharp from 'sharp'
import type { SearchSynonym } from '../../common/contracts/admin-search'
import type { AdminCoupon } from '../../common/contracts/admin-coupons'
import type { SiteEditorAnswer } from '../../common/contracts/admin-site'
import type { Warehouse } from '../../common/contracts/admin-stock'
import { shopping } from '../features/checkout/test-kit'
import type { StaffMember } from '../../common/contracts/admin-staff'
import type { TestApp } from './app'
import type { SignedIn } from './shopper'
import { staffCall } from './staff'

/**
 * A working request for every staff call, so the tests that walk the route table (server/test/staff-calls.test.ts)
 * can show each one succeeding for an admin. A staff call without an entry here fails those tests: add one with
 * the call.
 */
export interface StaffRequest {
  url: string
  payload?: unknown
  /** what an admin gets (default 200) */
  status?: number
  /** the request names records of the main demo website: the other website's admin gets 404 */
  foreign?: boolean
  /** a body that is not JSON (a CSV upload) says its own content type */
  contentType?: string
}

export interface FixtureKit {
  /** a new product, category or brand on the main demo website, made through the staff calls */
  product(): Promise<AdminProduct>
  category(): Promise<AdminCategory>
  brand(): Promise<AdminBrand>
  /** a staff search synonym on the main demo website */
  synonym(): Promise<SearchSynonym>
  /** a CSV import previewed on the main demo website, ready to apply */
  importToken(): Promise<string>
  warehouse(): Promise<Warehouse>
  coupon(): Promise<AdminCoupon>
  /** a cash-on-delivery order (confirmed) of a new shopper on the main demo website */
  order(units?: number): Promise<{ id: number; lineIds: number[] }>
  /** a cash-on-delivery order delivered (cash collected) by the admin */
  deliveredOrder(): Promise<{ id: number }>
  /** a pincode served by a new warehouse of the main demo website */
  pincode(): Promise<string>
  /** a closure of the main demo website (its id) */
  closure(): Promise<number>
  /** a new person with the sales-agent role on the main demo website */
  person(): Promise<StaffMember>
  /** the version of the main demo website's payment methods, as an editor reads it */
  paymentMethodsVersion(): Promise<number>
  /** the main demo website's settings as the page builder reads them (GET /s/api/admin/site-settings) */
  siteEditor(): Promise<SiteEditorAnswer>
  /** the website's tax settings as a save sends them */
  taxSettings(): Promise<Record<string, unknown>>
  /** a new person of the main demo website, blocked from ordering there */
  blockedPerson(): Promise<StaffMember>
  /** the open shift of the main demo website's register (opened when there is none) */
  posShift(): Promise<number>
  /** closes the register's open shift, if any */
  closePosShift(): Promise<void>
  /** a counter sale of one unit on the main demo website (a shift is opened when needed), and its body */
  posSale(): Promise<{ order_number: string }>
  posSaleBody(): Promise<object>
  /** a dynamic UPI QR started at the main demo website's register (its qr_… id) */
  posUpiQr(): Promise<string>
  /** the address of a new page of the main demo website with a saved draft (published when `publish`) */
  draftPage(publish?: boolean): Promise<string>
  unique(): string
}

export type StaffFixtures = Record<string, (k: FixtureKit) => Promise<StaffRequest>>

const catalogue: StaffFixtures = {
  'GET /s/api/admin/products': async () => ({ url: '/s/api/admin/products?perPage=5&sort=-updated_at' }),
  'POST /s/api/admin/products': async (k) => ({
    url: '/s/api/admin/products',
    payload: { product_name: `Fixture ${k.unique()}`, brand: 'Kesar Valley', categories: ['rice'], packs: [{ pack_name: '1 kg', price: 90, act_price: 100 }] },
    status: 201,
  }),
  'GET /s/api/admin/products/:id': async (k) => ({ url: `/s/api/admin/products/${(await k.product()).product_id}`, foreign: true }),
  'PATCH /s/api/admin/products/:id': async (k) => {
    const p = await k.product()
    return { url: `/s/api/admin/products/${p.product_id}`, payload: { version: p.version, product_name: `Renamed ${k.unique()}` }, foreign: true }
  },
  'POST /s/api/admin/products/:id/duplicate': async (k) => ({
    url: `/s/api/admin/products/${(await k.product()).product_id}/duplicate`,
    payload: {},
    status: 201,
    foreign: true,
  }),
  'POST /s/api/admin/products/bulk': async (k) => ({
    url: '/s/api/admin/products/bulk',
    payload: { action: 'unpublish', ids: [(await k.product()).product_id] },
    foreign: true,
  }),
  'POST /s/api/admin/products/prices/preview': async (k) => ({
    url: '/s/api/admin/products/prices/preview',
    payload: { ids: [(await k.product()).product_id], kind: 'percent', value: -10 },
    foreign: true,
  }),
  'POST /s/api/admin/products/prices/apply': async (k) => ({
    url: '/s/api/admin/products/prices/apply',
    payload: { ids: [(await k.product()).product_id], kind: 'amount', value: -5 },
    foreign: true,
  }),
  'GET /s/api/admin/categories': async () => ({ url: '/s/api/admin/categories' }),
  'POST /s/api/admin/categories': async (k) => ({ url: '/s/api/admin/categories', payload: { name: `Aisle ${k.unique()}` }, status: 201 }),
  'PATCH /s/api/admin/categories/:id': async (k) => ({
    url: `/s/api/admin/categories/${(await k.category()).id}`,
    payload: { name: `Aisle ${k.unique()}` },
    foreign: true,
  }),
  'POST /s/api/admin/categories/:id/move': async (k) => ({
    url: `/s/api/admin/categories/${(await k.category()).id}/move`,
    payload: { parent_id: null, position: 0 },
    foreign: true,
  }),
  'DELETE /s/api/admin/categories/:id': async (k) => ({ url: `/s/api/admin/categories/${(await k.category()).id}`, foreign: true }),
  'GET /s/api/admin/brands': async () => ({ url: '/s/api/admin/brands?perPage=10' }),
  'POST /s/api/admin/brands': async (k) => ({ url: '/s/api/admin/brands', payload: { name: `Brand ${k.unique()}` }, status: 201 }),
  'PATCH /s/api/admin/brands/:id': async (k) => ({ url: `/s/api/admin/brands/${(await k.brand()).id}`, payload: { logo: '/cdn/brand.webp' }, foreign: true }),
  'GET /s/api/admin/search/synonyms': async () => ({ url: '/s/api/admin/search/synonyms' }),
  'POST /s/api/admin/search/synonyms': async (k) => ({
    url: '/s/api/admin/search/synonyms',
    payload: { term: `kit ${k.unique()}`, means: 'atta' },
    status: 201,
  }),
  'DELETE /s/api/admin/search/synonyms/:id': async (k) => ({ url: `/s/api/admin/search/synonyms/${(await k.synonym()).id}`, foreign: true }),
  'GET /s/api/admin/search/misses': async () => ({ url: '/s/api/admin/search/misses' }),
}

const media: StaffFixtures = {
  'POST /s/api/admin/media': async () => ({
    url: '/s/api/admin/media',
    // a new image each time (a random colour), so each upload adds one
    payload: await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`,
      },
    })
      .png()
      .toBuffer(),
  }),
}

const catalogueCsv: StaffFixtures = {
  'GET /s/api/admin/catalogue/export.csv': async () => ({ url: '/s/api/admin/catalogue/export.csv' }),
  'POST /s/api/admin/catalogue/import': async (k) => ({
    url: '/s/api/admin/catalogue/import?name=fixture.csv',
    payload: fixtureCsv(k.unique()),
    contentType: 'text/csv',
  }),
  'POST /s/api/admin/catalogue/import/:token/apply': async (k) => ({
    url: `/s/api/admin/catalogue/import/${await k.importToken()}/apply`,
    payload: {},
    foreign: true,
  }),
}

/** One new product with one pack, as a CSV file. */
export const fixtureCsv = (unique: string) =>
  `Product name,Brand,Categories,Pack name,Price,MRP,SKU\nCSV fixture ${unique},Kesar Valley,rice,1 kg,90,100,CSV-${unique}\n`

const audit: StaffFixtures = {
  'GET /s/api/admin/audit': async () => ({ url: '/s/api/admin/audit?entity=product&perPage=5' }),
}

const orders: StaffFixtures = {
  'GET /s/api/admin/payments/refunds': async () => ({ url: '/s/api/admin/payments/refunds?page=1' }),
  'GET /s/api/admin/orders': async () => ({ url: '/s/api/admin/orders?status=confirmed&perPage=5&payment_method=cod' }),
  'GET /s/api/admin/orders/pick-list': async () => ({ url: '/s/api/admin/orders/pick-list?date=2026-11-24&slot=09:00' }),
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

const stock: StaffFixtures = {
  'GET /s/api/admin/stock': async () => ({ url: '/s/api/admin/stock?perPage=5&state=low&sort=-available' }),
  'PUT /s/api/admin/stock': async (k) => {
    const [p, w] = await Promise.all([k.product(), k.warehouse()])
    return { url: '/s/api/admin/stock', payload: { pack_id: p.packs[0].pack_id, warehouse_id: w.id, quantity: 12, reason: 'received' }, foreign: true }
  },
  'POST /s/api/admin/stock/adjust': async (k) => {
    const [p, w] = await Promise.all([k.product(), k.warehouse()])
    return {
      url: '/s/api/admin/stock/adjust',
      payload: { pack_id: p.packs[0].pack_id, warehouse_id: w.id, change: 4, reason: 'received', note: 'Morning delivery' },
      foreign: true,
    }
  },
  'PUT /s/api/admin/stock/packs/:id/threshold': async (k) => ({
    url: `/s/api/admin/stock/packs/${(await k.product()).packs[0].pack_id}/threshold`,
    payload: { low_stock_threshold: 8 },
    foreign: true,
  }),
  'GET /s/api/admin/stock/packs/:id/history': async (k) => ({ url: `/s/api/admin/stock/packs/${(await k.product()).packs[0].pack_id}/history`, foreign: true }),
  'GET /s/api/admin/warehouses': async () => ({ url: '/s/api/admin/warehouses' }),
  'GET /s/api/admin/warehouses/:id': async (k) => ({ url: `/s/api/admin/warehouses/${(await k.warehouse()).id}`, foreign: true }),
  'POST /s/api/admin/warehouses': async (k) => ({ url: '/s/api/admin/warehouses', payload: { name: `Store ${k.unique()}`, address: 'MG Road' }, status: 201 }),
  'PATCH /s/api/admin/warehouses/:id': async (k) => ({
    url: `/s/api/admin/warehouses/${(await k.warehouse()).id}`,
    payload: { address: 'Brigade Road' },
    foreign: true,
  }),
}

const coupons: StaffFixtures = {
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

/** A mobile number no demo account has (9 then nine random digits). */
export const freshPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`

const staff: StaffFixtures = {
  'GET /s/api/admin/dashboard': async () => ({ url: '/s/api/admin/dashboard' }),
  'GET /s/api/admin/analytics': async () => ({ url: '/s/api/admin/analytics?days=7' }),
  'GET /s/api/admin/client-errors': async () => ({ url: '/s/api/admin/client-errors' }),
  'GET /s/api/admin/monitoring': async () => ({ url: '/s/api/admin/monitoring' }),
  'PUT /s/api/admin/monitoring': async () => ({ url: '/s/api/admin/monitoring', payload: { dsn: 'https://key@o7.ingest.sentry.io/7' } }),
  'GET /s/api/admin/analytics/retention': async () => ({ url: '/s/api/admin/analytics/retention' }),
  'PUT /s/api/admin/analytics/retention': async () => ({ url: '/s/api/admin/analytics/retention', payload: { events_days: 90, errors_days: 30 } }),
  'GET /s/api/admin/agents': async () => ({ url: '/s/api/admin/agents' }),
  'GET /s/api/admin/commission-rules': async () => ({ url: '/s/api/admin/commission-rules' }),
  'PUT /s/api/admin/commission-rules': async (k) => ({
    url: '/s/api/admin/commission-rules',
    payload: { default_percent: 2.5, categories: [{ category_id: (await k.category()).id, percent: 4 }] },
    foreign: true,
  }),
  'GET /s/api/admin/staff': async () => ({ url: '/s/api/admin/staff?role=admin&q=a' }),
  'POST /s/api/admin/staff': async () => ({
    url: '/s/api/admin/staff',
    payload: { username: freshPhone(), name: 'Meena Packer', is_sales_agent: true },
    status: 201,
  }),
  'PATCH /s/api/admin/staff/:id': async (k) => ({
    url: `/s/api/admin/staff/${(await k.person()).user_id}`,
    payload: { has_admin_access: true },
    foreign: true,
  }),
}

const customers: StaffFixtures = {
  'GET /s/api/admin/customers': async () => ({ url: '/s/api/admin/customers?q=a&sort=-total_spent' }),
  'GET /s/api/admin/customers/:id': async (k) => ({ url: `/s/api/admin/customers/${(await k.person()).user_id}`, foreign: true }),
  'POST /s/api/admin/customers/:id/block': async (k) => ({
    url: `/s/api/admin/customers/${(await k.person()).user_id}/block`,
    payload: { reason: 'Refused three cash-on-delivery orders' },
    foreign: true,
  }),
  'GET /s/api/admin/customers/:id/export': async (k) => ({ url: `/s/api/admin/customers/${(await k.person()).user_id}/export`, foreign: true }),
  'POST /s/api/admin/customers/:id/erase': async (k) => ({ url: `/s/api/admin/customers/${(await k.person()).user_id}/erase`, payload: {}, foreign: true }),
  'POST /s/api/admin/customers/:id/unblock': async (k) => ({
    url: `/s/api/admin/customers/${(await k.blockedPerson()).user_id}/unblock`,
    payload: {},
    foreign: true,
  }),
}

const reports: StaffFixtures = Object.fromEntries(
  ['sales', 'channels', 'products', 'categories', 'slots', 'coupons'].flatMap((name) => {
    const query = name === 'sales' ? '?from=2026-11-01&to=2026-11-24&group=week' : '?from=2026-11-01&to=2026-11-24'
    return [
      [`GET /s/api/admin/reports/${name}`, async () => ({ url: `/s/api/admin/reports/${name}${query}` })],
      [`GET /s/api/admin/reports/${name}.csv`, async () => ({ url: `/s/api/admin/reports/${name}.csv${query}` })],
    ]
  }),
)
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const delivery: StaffFixtures = {
  'GET /s/api/admin/delivery/pincodes': async () => ({ url: '/s/api/admin/delivery/pincodes?q=560&perPage=5&sort=-delivery_days' }),
  'POST /s/api/admin/delivery/warehouses/:id/pincodes/preview': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/pincodes/preview`,
    payload: { text: `560001, ${freshPincode()}\n012345` },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/warehouses/:id/pincodes': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/pincodes`,
    payload: { pincodes: [freshPincode(), freshPincode()], delivery_days: 1 },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/pincodes/days': async (k) => ({
    url: '/s/api/admin/delivery/pincodes/days',
    payload: { pincodes: [await k.pincode()], delivery_days: 2 },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/pincodes/remove': async (k) => ({
    url: '/s/api/admin/delivery/pincodes/remove',
    payload: { pincodes: [await k.pincode()] },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/charges': async () => ({ url: '/s/api/admin/delivery/charges' }),
  'PUT /s/api/admin/delivery/charges': async () => ({ url: '/s/api/admin/delivery/charges', payload: { charge: 30, free_above: 499 } }),
  'PUT /s/api/admin/delivery/warehouses/:id/charges': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/charges`,
    payload: { own: { charge: 45, free_above: 600 } },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/warehouses/:id/template': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/template`,
    foreign: true,
  }),
  'PUT /s/api/admin/delivery/warehouses/:id/template': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/template`,
    payload: { version: 0, weekdays: [1, 2, 3, 4, 5], windows: [{ start: '08:00', end: '12:00' }], capacity: 10, cutoff_minutes: 90, days_ahead: 4 },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/closures': async () => ({ url: '/s/api/admin/delivery/closures' }),
  'POST /s/api/admin/delivery/closures': async (k) => ({
    url: '/s/api/admin/delivery/closures',
    payload: { warehouse_id: (await k.warehouse()).id, from: soon(40), to: soon(41), reason: 'Stock count' },
    status: 201,
    foreign: true,
  }),
  'DELETE /s/api/admin/delivery/closures/:id': async (k) => ({ url: `/s/api/admin/delivery/closures/${await k.closure()}`, foreign: true }),
  'GET /s/api/admin/delivery/warehouses/:id/slots': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/slots?days=3`,
    foreign: true,
  }),
}

const payments: StaffFixtures = {
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

const taxes: StaffFixtures = {
  'GET /s/api/admin/tax-settings': async () => ({ url: '/s/api/admin/tax-settings' }),
  'PUT /s/api/admin/tax-settings': async (k) => ({ url: '/s/api/admin/tax-settings', payload: await k.taxSettings() }),
  'POST /s/api/admin/tax-settings/issue-missing': async () => ({ url: '/s/api/admin/tax-settings/issue-missing' }),
  'GET /s/api/admin/gst-report': async () => ({ url: '/s/api/admin/gst-report?from=2026-04-01&to=2026-04-30' }),
  'GET /s/api/admin/gst-report.csv': async () => ({ url: '/s/api/admin/gst-report.csv?from=2026-04-01&to=2026-04-30&section=hsn' }),
}

const pos: StaffFixtures = {
  'GET /s/api/pos/shifts/current': async () => ({ url: '/s/api/pos/shifts/current' }),
  'GET /s/api/pos/shifts/:id': async (k) => ({ url: `/s/api/pos/shifts/${await k.posShift()}`, foreign: true }),
  'POST /s/api/pos/shifts': async (k) => {
    await k.closePosShift()
    return { url: '/s/api/pos/shifts', payload: { opening_cash: 100 }, status: 201 }
  },
  'POST /s/api/pos/shifts/:id/cash': async (k) => ({
    url: `/s/api/pos/shifts/${await k.posShift()}/cash`,
    payload: { kind: 'in', amount: 50, reason: 'Float' },
    foreign: true,
  }),
  'POST /s/api/pos/shifts/:id/close': async (k) => ({
    url: `/s/api/pos/shifts/${await k.posShift()}/close`,
    payload: { counted: { '100': 1 } },
    foreign: true,
  }),
  'POST /s/api/pos/sales': async (k) => ({ url: '/s/api/pos/sales', payload: await k.posSaleBody(), status: 201 }),
  'POST /s/api/pos/sales/preview': async (k) => {
    const { lines } = (await k.posSaleBody()) as { lines: unknown[] }
    return { url: '/s/api/pos/sales/preview', payload: { lines } }
  },
  'POST /s/api/pos/returns': async (k) => ({
    url: '/s/api/pos/returns',
    payload: { order_number: (await k.posSale()).order_number, refund_method: 'cash' },
    status: 201,
    foreign: true,
  }),
  'POST /s/api/pos/returns/preview': async (k) => ({
    url: '/s/api/pos/returns/preview',
    payload: { order_number: (await k.posSale()).order_number, refund_method: 'cash' },
    foreign: true,
  }),
  'GET /s/api/pos/discrepancies': async () => ({ url: '/s/api/pos/discrepancies' }),
  'GET /s/api/pos/registers': async () => ({ url: '/s/api/pos/registers' }),
  'GET /s/api/pos/codes': async () => ({ url: '/s/api/pos/codes' }),
  'POST /s/api/pos/upi-qr': async (k) => {
    await k.posShift()
    return { url: '/s/api/pos/upi-qr', payload: { amount: 25.5 }, status: 201 }
  },
  'GET /s/api/pos/upi-qr/:id': async (k) => ({ url: `/s/api/pos/upi-qr/${await k.posUpiQr()}`, foreign: true }),
  'POST /s/api/pos/sales/:order_number/send': async (k) => ({
    url: `/s/api/pos/sales/${(await k.posSale()).order_number}/send`,
    payload: { phone: '9811100001' },
    status: 201,
    foreign: true,
  }),
  'GET /s/api/pos/sales/:order_number': async (k) => ({ url: `/s/api/pos/sales/${(await k.posSale()).order_number}`, foreign: true }),
}

const pages: StaffFixtures = {
  'GET /s/api/admin/pages': async () => ({ url: '/s/api/admin/pages' }),
  'POST /s/api/admin/pages/preview': async (k) => ({
    url: '/s/api/admin/pages/preview',
    payload: { url: `/fixture-${k.unique()}`, components: [{ name: 'Hello', type: 'rich_text', data: { html: '<p>Hello</p>' } }] },
  }),
  'GET /s/api/admin/pages/draft': async (k) => ({ url: `/s/api/admin/pages/draft?url=${await k.draftPage()}` }),
  'GET /s/api/admin/pages/versions': async (k) => ({ url: `/s/api/admin/pages/versions?url=${await k.draftPage(true)}` }),
  'PUT /s/api/admin/pages': async (k) => ({
    url: '/s/api/admin/pages',
    payload: { url: `/fixture-${k.unique()}`, version: 0, components: [{ name: 'Hello', type: 'rich_text', data: { html: '<p>Hello</p>' } }] },
  }),
  'POST /s/api/admin/pages/publish': async (k) => ({ url: '/s/api/admin/pages/publish', payload: { url: await k.draftPage() }, foreign: true }),
  'POST /s/api/admin/pages/rollback': async (k) => ({
    url: '/s/api/admin/pages/rollback',
    payload: { url: await k.draftPage(true), number: 1 },
    foreign: true,
  }),
  'POST /s/api/admin/pages/unpublish': async (k) => ({ url: '/s/api/admin/pages/unpublish', payload: { url: await k.draftPage(true) }, foreign: true }),
  'DELETE /s/api/admin/pages': async (k) => ({ url: `/s/api/admin/pages?url=${await k.draftPage(true)}`, foreign: true }),
}

/** Each save sends back what the website has (the calls' own tests change things). */
const siteSettings: StaffFixtures = {
  'GET /s/api/admin/site-settings': async () => ({ url: '/s/api/admin/site-settings' }),
  'PUT /s/api/admin/site-settings/site': async (k) => {
    const now = await k.siteEditor()
    const { name, logo, favicon, description, show_cart, show_supplier_page, webAddress } = now.site
    return {
      url: '/s/api/admin/site-settings/site',
      payload: { version: now.versions.site, name, logo, favicon, description, font_family: 'Inter', show_cart, show_supplier_page, webAddress },
    }
  },
  'PUT /s/api/admin/site-settings/theme': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/theme', payload: { version: now.versions.theme, ...now.theme } }
  },
  'PUT /s/api/admin/site-settings/navigation': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/navigation', payload: { ...now.navigation, version: now.versions.navigation } }
  },
  'PUT /s/api/admin/site-settings/menus': async (k) => {
    const now = await k.siteEditor()
    const strip = (items: SiteEditorAnswer['menus']['navs']): unknown[] =>
      items.map(({ slug: _, ...i }) => ({ ...i, children: i.value === '/categories' ? [] : strip(i.children) }))
    return { url: '/s/api/admin/site-settings/menus', payload: { version: now.versions.menus, navs: strip(now.menus.navs), footers: strip(now.menus.footers) } }
  },
  'PUT /s/api/admin/site-settings/popup-seo': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/popup-seo', payload: { version: now.versions.popup_seo, ...now.popup_seo } }
  },
}

export const STAFF_FIXTURES: StaffFixtures = {
  ...siteSettings,
  ...catalogue,
  ...media,
  ...catalogueCsv,
  ...audit,
  ...orders,
  ...stock,
  ...coupons,
  ...staff,
  ...customers,
  ...reports,
  ...delivery,
  ...payments,
  ...taxes,
  ...pos,
  ...pages,
}

let lastPincode = 700_000 + Math.floor(Math.random() * 90_000)
/** a pincode no demo website serves */
export const freshPincode = () => String(++lastPincode)

/** The kit, making what fixtures need through the admin's own calls. */
export function fixtureKit(t: TestApp, admin: SignedIn): FixtureKit {
  let n = 0
  const unique = () => `${Date.now().toString(36)}-${++n}`
  const made = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await staffCall(t, admin, 'POST', url, payload)
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json() as T
  }
  /** one unit of the cheapest pack, stocked at the register's warehouse, paid in cash; a shift is opened when needed */
  async function posSaleBody() {
    const current = (await staffCall(t, admin, 'GET', '/s/api/pos/shifts/current')).json()
    if (!current.shift) await made('/s/api/pos/shifts', { opening_cash: 100 })
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const [pack] = shop.sellable()
    await shop.setStock(pack.pack_id, current.register.warehouse_id, 1000)
    return { client_id: randomUUID(), lines: [{ pack_id: pack.pack_id, quantity: 1 }], payments: [{ method: 'cash', amount: pack.price }] }
  }
  return {
    unique,
    product: () =>
      made('/s/api/admin/products', {
        product_name: `Kit product ${unique()}`,
        brand: 'Sona Khet',
        categories: ['atta-flours'],
        packs: [{ pack_name: '1 kg', price: 50, act_price: 60 }],
      }),
    category: () => made('/s/api/admin/categories', { name: `Kit aisle ${unique()}` }),
    brand: () => made('/s/api/admin/brands', { name: `Kit brand ${unique()}` }),
    synonym: () => made('/s/api/admin/search/synonyms', { term: `kit ${unique()}`, means: 'rice' }),
    importToken: async () => {
      const res = await staffCall(t, admin, 'POST', '/s/api/admin/catalogue/import', fixtureCsv(unique()), undefined, 'text/csv')
      if (res.statusCode !== 200) throw new Error(`import preview: ${res.statusCode} ${res.body}`)
      return (res.json() as { token: string }).token
    },
    warehouse: () => made('/s/api/admin/warehouses', { name: `Kit store ${unique()}` }),
    coupon: () => made('/s/api/admin/coupons', { code: `KIT${unique()}`, kind: 'flat', value: 40, min_cart: 300 }),
    pincode: async () => {
      const warehouse = await made<Warehouse>('/s/api/admin/warehouses', { name: `Kit store ${unique()}` })
      const pincode = freshPincode()
      const res = await staffCall(t, admin, 'POST', `/s/api/admin/delivery/warehouses/${warehouse.id}/pincodes`, { pincodes: [pincode] })
      if (res.statusCode !== 200) throw new Error(`pincode: ${res.statusCode} ${res.body}`)
      return pincode
    },
    closure: async () => {
      const day = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10)
      return (await made<{ id: number }>('/s/api/admin/delivery/closures', { warehouse_id: null, from: day, to: day, reason: 'Kit holiday' })).id
    },
    order: async (units = 1) => {
      const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
      const s = await shop.shopperWithCart([shop.sellable()[0]], units)
      const { res, order } = await shop.place(s, 'cod')
      if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`)
      const detail = (await staffCall(t, admin, 'GET', `/s/api/admin/orders/${order.order_id}`)).json() as { lines: { id: number }[] }
      return { id: order.order_id, lineIds: detail.lines.map((l) => l.id) }
    },
    async deliveredOrder() {
      const order = await this.order()
      for (const status of ['packed', 'out_for_delivery', 'delivered']) {
        const res = await staffCall(t, admin, 'POST', `/s/api/admin/orders/${order.id}/status`, { status })
        if (res.statusCode !== 200) throw new Error(`${status}: ${res.statusCode} ${res.body}`)
      }
      return order
    },
    person: () => made('/s/api/admin/staff', { username: freshPhone(), name: `Kit person ${unique()}`, is_sales_agent: true }),
    siteEditor: async () => {
      const res = await staffCall(t, admin, 'GET', '/s/api/admin/site-settings')
      if (res.statusCode !== 200) throw new Error(`site settings: ${res.statusCode} ${res.body}`)
      return res.json() as SiteEditorAnswer
    },
    paymentMethodsVersion: async () => {
      const res = await staffCall(t, admin, 'GET', '/s/api/admin/payment-methods')
      if (res.statusCode !== 200) throw new Error(`payment methods: ${res.statusCode} ${res.body}`)
      return (res.json() as { version: number }).version
    },
    taxSettings: async () => {
      const res = await staffCall(t, admin, 'GET', '/s/api/admin/tax-settings')
      if (res.statusCode !== 200) throw new Error(`tax settings: ${res.statusCode} ${res.body}`)
      const { configured: _, missing_invoices: __, ...body } = res.json() as Record<string, unknown>
      return body
    },
    posShift: async () => {
      const current = (await staffCall(t, admin, 'GET', '/s/api/pos/shifts/current')).json()
      if (current.shift) return current.shift.shift_id as number
      return (await made<{ shift_id: number }>('/s/api/pos/shifts', { opening_cash: 100 })).shift_id
    },
    closePosShift: async () => {
      const current = (await staffCall(t, admin, 'GET', '/s/api/pos/shifts/current')).json()
      if (!current.shift) return
      const res = await staffCall(t, admin, 'POST', `/s/api/pos/shifts/${current.shift.shift_id}/close`, { counted: {} })
      if (res.statusCode !== 200) throw new Error(`close shift: ${res.statusCode} ${res.body}`)
    },
    posSaleBody,
    posUpiQr: async () => {
      const current = (await staffCall(t, admin, 'GET', '/s/api/pos/shifts/current')).json()
      if (!current.shift) await made('/s/api/pos/shifts', { opening_cash: 100 })
      return (await made<{ qr_id: string }>('/s/api/pos/upi-qr', { amount: 12 })).qr_id
    },
    posSale: async () => made<{ order_number: string }>('/s/api/pos/sales', await posSaleBody()),
    blockedPerson: async () => {
      const person = await made<StaffMember>('/s/api/admin/staff', { username: freshPhone(), name: `Kit person ${unique()}`, is_sales_agent: true })
      const res = await staffCall(t, admin, 'POST', `/s/api/admin/customers/${person.user_id}/block`, { reason: 'Kit block' })
      if (res.statusCode !== 200) throw new Error(`block: ${res.statusCode} ${res.body}`)
      return person
    },
    draftPage: async (publish = false) => {
      const url = `/kit-page-${unique()}`
      const saved = await staffCall(t, admin, 'PUT', '/s/api/admin/pages', { url, version: 0, components: [] })
      if (saved.statusCode !== 200) throw new Error(`page draft: ${saved.statusCode} ${saved.body}`)
      if (publish) {
        const res = await staffCall(t, admin, 'POST', '/s/api/admin/pages/publish', { url })
        if (res.statusCode !== 200) throw new Error(`page publish: ${res.statusCode} ${res.body}`)
      }
      return url
    },
  }
}
