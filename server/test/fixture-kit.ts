import { randomUUID } from 'node:crypto'
import type { AdminBrand, AdminCategory, AdminProduct } from '../../common/contracts/admin-catalogue'
import type { SearchSynonym } from '../../common/contracts/admin-search'
import type { AdminCoupon } from '../../common/contracts/admin-coupons'
import type { SiteEditorAnswer } from '../../common/contracts/admin-site'
import type { Warehouse } from '../../common/contracts/admin-stock'
import { shopping } from '../features/checkout/test-kit'
import type { StaffMember } from '../../common/contracts/admin-staff'
import type { TestApp } from './app'
import { newShopper, type SignedIn } from './shopper'
import { staffCall } from './staff'

/** A working request for one staff call (the tables in server/test/staff-fixtures/, gathered in staff-fixtures.ts). */
export interface StaffRequest {
  url: string
  payload?: unknown
  /** what an admin gets (default 200) */
  status?: number
  /** the request names records of the main demo website: the other website's admin gets 404 */
  foreign?: boolean
  /** a body that is not JSON (a CSV upload) says its own content type */
  contentType?: string
  /** a read that cannot be sent twice alike (a consent code to a number: one per 30 s): made again for each caller */
  fresh?: boolean
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
  /** the version of the main demo website's messaging settings */
  messageSettingsVersion(): Promise<number>
  /** the main demo website's settings as the page builder reads them (GET /s/api/admin/site-settings) */
  siteEditor(): Promise<SiteEditorAnswer>
  /** the website's tax settings as a save sends them */
  taxSettings(): Promise<Record<string, unknown>>
  /** a new person of the main demo website with a khata: a credit limit of ₹1,000 and ₹100 owed */
  khataCustomer(): Promise<number>
  /** a new person of the main demo website, blocked from ordering there */
  blockedPerson(): Promise<{ user_id: number }>
  /** a new shopper of the main demo website (staff and agents are not its customers, issue 29) */
  customer(): Promise<{ user_id: number }>
  /** the open shift of the main demo website's register (opened when there is none) */
  posShift(): Promise<number>
  /** a new register (till) of the main demo website at a new warehouse (its id) */
  posRegister(): Promise<number>
  /** closes the register's open shift, if any */
  closePosShift(): Promise<void>
  /** a counter sale of one unit on the main demo website (a shift is opened when needed), and its body */
  posSale(): Promise<{ order_number: string }>
  posSaleBody(): Promise<object>
  /** a dynamic UPI QR started at the main demo website's register (its qr_… id) */
  posUpiQr(): Promise<string>
  /** the address of a new page of the main demo website with a saved draft (published when `publish`) */
  draftPage(publish?: boolean): Promise<string>
  /** a new supplier of the main demo website */
  supplier(): Promise<{ id: number }>
  /** a purchase bill received into a new warehouse of the main demo website: one pack, one batch expired yesterday */
  purchase(): Promise<{ id: number; packId: number; warehouseId: number; batchId: number; supplierId: number }>
  /** a draft purchase order to the bills' supplier, for their pack and warehouse */
  purchaseOrder(): Promise<{ id: number }>
  /** a debit note returning one unit of a new bill's batch to its supplier */
  debitNote(): Promise<{ id: number }>
  /** a custom role of the main demo website, held by nobody */
  customRole(): Promise<{ id: number }>
  unique(): string
}

export type StaffFixtures = Record<string, (k: FixtureKit) => Promise<StaffRequest>>

/** One new product with one pack, as a CSV file. */
export const fixtureCsv = (unique: string) =>
  `Product name,Brand,Categories,Pack name,Price,MRP,SKU\nCSV fixture ${unique},Kesar Valley,rice,1 kg,90,100,CSV-${unique}\n`

/** A mobile number no demo account has (9 then nine random digits). */
export const freshPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`

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
  /** one supplier, pack and warehouse for every bill the fixtures receive (made once: the staff-call walks are long) */
  let billBase: Promise<[{ id: number }, AdminProduct, Warehouse]> | null = null
  async function purchase() {
    billBase ??= Promise.all([
      made<{ id: number }>('/s/api/admin/suppliers', { name: `Kit supplier ${unique()}` }),
      made<AdminProduct>('/s/api/admin/products', {
        product_name: `Kit product ${unique()}`,
        brand: 'Sona Khet',
        categories: ['atta-flours'],
        packs: [{ pack_name: '1 kg', price: 50, act_price: 60 }],
      }),
      made<Warehouse>('/s/api/admin/warehouses', { name: `Kit store ${unique()}` }),
    ])
    const [supplier, product, warehouse] = await billBase
    const packId = product.packs[0].pack_id
    const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10)
    const batchNo = unique()
    const bill = await made<{ id: number }>('/s/api/admin/purchases', {
      supplier_id: supplier.id,
      warehouse_id: warehouse.id,
      lines: [{ pack_id: packId, quantity: 5, cost_price: 30, batch: `K${batchNo}`, expiry: yesterday }],
    })
    const batches = (await staffCall(t, admin, 'GET', `/s/api/admin/stock/batches?pack_id=${packId}&warehouse_id=${warehouse.id}`)).json()
    const batch = (batches.data as { id: number; batch: string }[]).find((b) => b.batch === `K${batchNo}`)!
    return { id: bill.id, packId, warehouseId: warehouse.id, batchId: batch.id, supplierId: supplier.id }
  }
  async function purchaseOrder() {
    const p = await purchase()
    return made<{ id: number }>('/s/api/admin/purchase-orders', {
      supplier_id: p.supplierId,
      warehouse_id: p.warehouseId,
      lines: [{ pack_id: p.packId, quantity: 10, cost_price: 30 }],
    })
  }
  async function debitNote() {
    const p = await purchase()
    return made<{ id: number }>('/s/api/admin/debit-notes', {
      supplier_id: p.supplierId,
      reason: 'Past its date',
      lines: [{ batch_id: p.batchId, quantity: 1 }],
    })
  }
  return {
    unique,
    supplier: () => made('/s/api/admin/suppliers', { name: `Kit supplier ${unique()}` }),
    purchase,
    purchaseOrder,
    debitNote,
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
    customRole: () => made('/s/api/admin/staff-roles', { name: `Kit role ${unique()}`, permissions: { stock: 'read' } }),
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
    messageSettingsVersion: async () => {
      const res = await staffCall(t, admin, 'GET', '/s/api/admin/message-settings')
      if (res.statusCode !== 200) throw new Error(`message settings: ${res.statusCode} ${res.body}`)
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
    posRegister: async () => {
      const warehouse = await made<Warehouse>('/s/api/admin/warehouses', { name: `Kit store ${unique()}` })
      return (await made<{ id: number }>('/s/api/pos/registers', { name: `Kit till ${unique()}`, warehouse_id: warehouse.id })).id
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
    customer: async () => ({ user_id: (await newShopper(t)).userId }),
    khataCustomer: async () => {
      const person = { user_id: (await newShopper(t)).userId }
      const limit = await staffCall(t, admin, 'PUT', `/s/api/admin/customers/${person.user_id}/khata`, { credit_limit: 1000 })
      if (limit.statusCode !== 200) throw new Error(`khata limit: ${limit.statusCode} ${limit.body}`)
      await made(`/s/api/admin/customers/${person.user_id}/khata/adjustments`, { change: 100, reason: 'Kit opening balance' })
      return person.user_id
    },
    blockedPerson: async () => {
      // a shopper: staff and agents are not the website's customers (issue 29), so they cannot be blocked as one
      const person = { user_id: (await newShopper(t)).userId }
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
