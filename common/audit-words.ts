import { formatDate, formatIndiaDateTime } from './dates'
import { formatINR } from './money'

/**
 * The audit log in shop words (docs/decisions/0055-audit-log-in-shop-words.md): a row's stored before / after
 * (the records as the writes snapshot them, column-ish keys, money in paise) becomes a list of
 * `{ field, before, after }` a shop owner reads: labels not column names, ₹ not paise, India time, order numbers
 * and product names not ids, and never raw JSON.
 */
export interface AuditChange {
  field: string
  before: string
  after: string
}

/** Names of the records the log points at, looked up by the server (ids as strings). */
export interface AuditNames {
  orders: ReadonlyMap<string, string>
  products: ReadonlyMap<string, string>
}
export const NO_NAMES: AuditNames = { orders: new Map(), products: new Map() }

/** Every kind of record the log holds (the `entity` of every staff write; a test reads them from the server). */
export const AUDIT_KINDS: Record<string, string> = {
  order: 'Orders',
  refund: 'Refunds',
  payment: 'Payments',
  payment_link: 'Payment links',
  product: 'Products',
  pack: 'Packs',
  stock: 'Stock',
  category: 'Categories',
  brand: 'Brands',
  collection: 'Collections',
  catalogue_import: 'Catalogue imports',
  media: 'Media',
  search_synonym: 'Search words',
  purchase: 'Purchases',
  purchase_order: 'Purchase orders',
  debit_note: 'Debit notes',
  supplier: 'Suppliers',
  warehouse: 'Warehouses',
  pincode: 'Pincodes',
  delivery_template: 'Delivery charges',
  delivery_closure: 'Delivery closures',
  coupon: 'Coupons',
  customer: 'Customers',
  khata: 'Khata',
  khata_consent: 'Khata consent',
  pos_register: 'Counter registers',
  pos_shift: 'Counter shifts',
  pos_upi_qr: 'Counter UPI QR',
  qr_code: 'QR codes',
  page: 'Pages',
  page_draft: 'Page drafts',
  site_settings: 'Website settings',
  message_settings: 'Message settings',
  payment_settings: 'Payment settings',
  tax_settings: 'Tax settings',
  tax_document: 'Tax documents',
  commission_rules: 'Commission rules',
  staff: 'Staff',
  staff_role: 'Staff roles',
  website: 'Website',
  event: 'Events',
  analytics_retention: 'Analytics',
  monitoring: 'Monitoring',
}

/** Labels where the column name is not what the shop calls it. */
const LABELS: Record<string, string> = {
  act_price: 'MRP',
  mrp: 'MRP',
  price: 'Price',
  pack_name: 'Pack',
  product_name: 'Name',
  payment_status: 'Payment',
  cash_collected: 'Cash collected',
  upi_collected: 'UPI collected',
  due: 'Still due',
  paid_at_door: 'Paid at the door',
  is_active: 'Shown in shop',
  active: 'Active',
  qty: 'Quantity',
  stock_qty: 'Stock',
  hsn: 'HSN code',
  gstin: 'GSTIN',
  sku: 'SKU',
  upi_id: 'UPI ID',
  url: 'Link',
  cod_max_order_value: 'Cash on delivery up to',
}

/** Money fields stored in paise without saying so in their name (anything ending `_paise` is money too). */
const MONEY = new Set([
  'price',
  'act_price',
  'mrp',
  'amount',
  'total',
  'subtotal',
  'cash_collected',
  'upi_collected',
  'due',
  'credit_limit',
  'balance',
  'cost',
  'cost_price',
  'delivery_charge',
  'max_discount',
  'min_order_value',
  'max_order_value',
  'cod_max_order_value',
  'refund_amount',
  'total_spent',
])
/** Bookkeeping every snapshot carries; a change of only these is no change to the shop. */
const SKIPPED = new Set(['id', 'version', 'updated_at', 'website_id'])
/** How an item of a list is matched between before and after, and what it is called. */
const ITEM_KEYS = ['pack_id', 'line_id', 'product_id', 'id', 'key', 'slug']
const ITEM_NAMES = ['pack_name', 'product_name', 'name', 'title', 'label', 'pincode', 'code']
const MAX_DEPTH = 3

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** 'has_admin_access' → 'Has admin access'; 'cash_collected_paise' → 'Cash collected'; 'brand_id' → 'Brand'. */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key]
  const words = key
    .replace(/_(paise|id|ids|at)$/, (m) => (m === '_at' ? ' at' : m === '_ids' ? 's' : ''))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase()
  return capital(words || key)
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isMoney = (key: string) => MONEY.has(key) || key.endsWith('_paise')
/** Stored code values with a plainer word. */
const VALUE_WORDS: Record<string, string> = { cod: 'cash on delivery', upi: 'UPI', gst: 'GST', pos: 'counter' }
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const CODE_WORD = /^[a-z]+(_[a-z]+)+$/

/** One value as the shop reads it; `key` says what it is (money, an order, a product). */
export function shopValue(key: string, v: unknown, names: AuditNames = NO_NAMES): string {
  if (v === undefined) return '—'
  if (v === null || v === '') return 'empty'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'number') {
    if (isMoney(key)) return formatINR(v)
    if (key === 'order_id') return names.orders.get(String(v)) ?? `order ${v}`
    if (key === 'product_id') return names.products.get(String(v)) ?? `product ${v}`
    if (key.endsWith('_id')) return `#${v}`
    return v.toLocaleString('en-IN')
  }
  if (typeof v === 'string') {
    if (/^\d+$/.test(v) && (key === 'order_id' || key === 'product_id' || isMoney(key))) return shopValue(key, Number(v), names)
    if (INSTANT.test(v)) return formatIndiaDateTime(v) || v
    if (DAY.test(v)) return formatDate(v) || v
    if (VALUE_WORDS[v]) return VALUE_WORDS[v]
    if (CODE_WORD.test(v)) return v.replace(/_/g, ' ')
    return v
  }
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map((item) => shopValue(key, item, names)).join(', ')
  if (isRecord(v))
    return (
      Object.entries(v)
        .filter(([k]) => !SKIPPED.has(k))
        .map(([k, inner]) => `${fieldLabel(k)}: ${shopValue(k, inner, names)}`)
        .join('; ') || 'empty'
    )
  return String(v)
}

interface Leaf {
  label: string
  key: string
  value: unknown
}

const itemKeyField = (item: Record<string, unknown>) => ITEM_KEYS.find((key) => item[key] !== undefined && item[key] !== null)
const itemKey = (item: Record<string, unknown>, index: number) => {
  const k = itemKeyField(item)
  return k ? `${k}=${String(item[k])}` : `#${index}`
}
const itemName = (item: Record<string, unknown>, index: number, names: AuditNames) => {
  const k = ITEM_NAMES.find((key) => typeof item[key] === 'string' && item[key] !== '')
  if (k) return String(item[k])
  if (item.product_id !== undefined) return shopValue('product_id', item.product_id, names)
  return `Item ${index + 1}`
}

/** The record's fields as labelled leaves: nested records and lists of records spread out as "Pack 1 kg: Price". */
function leaves(value: unknown, names: AuditNames, path = '', label = '', depth = 0, out = new Map<string, Leaf>(), matchedBy?: string): Map<string, Leaf> {
  if (!isRecord(value)) return out
  for (const [key, v] of Object.entries(value)) {
    // A list item's own id only matches it up (a product's id still names it: kept).
    if (SKIPPED.has(key) || (key === matchedBy && key !== 'product_id')) continue
    const p = path ? `${path}.${key}` : key
    const l = label ? `${label}: ${fieldLabel(key)}` : fieldLabel(key)
    if (depth < MAX_DEPTH && isRecord(v)) leaves(v, names, p, l, depth + 1, out)
    else if (depth < MAX_DEPTH && Array.isArray(v) && v.length > 0 && v.every(isRecord)) {
      v.forEach((item, i) => {
        const named = itemName(item, i, names)
        leaves(item, names, `${p}[${itemKey(item, i)}]`, label ? `${label}: ${named}` : named, depth + 1, out, itemKeyField(item))
      })
    } else out.set(p, { label: l, key, value: v })
  }
  return out
}

/**
 * The fields that differ between an audit row's before and after, in shop words. A created record shows its
 * fields against "—", a deleted one what it was; a list item added or gone shows against "—" too.
 */
export function auditChanges(before: unknown, after: unknown, names: AuditNames = NO_NAMES): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after) || (before == null && after == null)) return []
    return [{ field: 'Value', before: shopValue('value', before, names), after: shopValue('value', after, names) }]
  }
  const b = leaves(before, names)
  const a = leaves(after, names)
  const changes: AuditChange[] = []
  const paths = [...new Set([...b.keys(), ...a.keys()])]
  // A field that was empty and became a record (or the other way) shows as the record's own fields.
  const spread = (path: string) => paths.some((other) => other.startsWith(`${path}.`) || other.startsWith(`${path}[`))
  for (const path of paths) {
    const was = b.get(path)
    const now = a.get(path)
    if (spread(path) && (was?.value ?? null) === null && (now?.value ?? null) === null) continue
    const leaf = (now ?? was)!
    const shownBefore = was ? shopValue(was.key, was.value, names) : '—'
    const shownAfter = now ? shopValue(now.key, now.value, names) : '—'
    if (shownBefore !== shownAfter) changes.push({ field: leaf.label, before: shownBefore, after: shownAfter })
  }
  return changes
}

/**
 * What a row is about: "Order OD000001", "Product Basmati Rice", "Staff Meena Packer" (the record's own name when
 * its snapshot has one), else "Warehouse #3".
 */
export function auditRecord(entity: string, entityId: string | null, names: AuditNames = NO_NAMES, ...snapshots: unknown[]): string {
  const kind = AUDIT_KINDS[entity]?.replace(/(ie)?s$/, (m) => (m === 'ies' ? 'y' : '')) ?? fieldLabel(entity)
  if (entityId === null) return kind
  if (entity === 'order' && names.orders.has(entityId)) return `Order ${names.orders.get(entityId)}`
  if (entity === 'product' && names.products.has(entityId)) return `Product ${names.products.get(entityId)}`
  for (const snapshot of snapshots.reverse())
    if (isRecord(snapshot)) {
      const k = ITEM_NAMES.find((key) => typeof snapshot[key] === 'string' && snapshot[key] !== '')
      if (k) return `${kind} ${String(snapshot[k])}`
    }
  return `${kind} #${entityId}`
}

const VERBS: Record<string, string> = { roles: 'role changed', create: 'added', update: 'changed', delete: 'deleted', remove: 'removed', add: 'added' }

/** 'product.update' → 'Product changed'; 'order.out_for_delivery' → 'Order out for delivery'. */
export function auditAction(action: string): string {
  const words = action.split('.').map((part) => VERBS[part] ?? part.replace(/_/g, ' '))
  return capital(words.join(' '))
}

/** The order and product ids a row mentions (its own id, and any `order_id` / `product_id` inside), to look up. */
export function auditIds(entity: string, entityId: string | null, ...values: unknown[]): { orders: string[]; products: string[] } {
  const orders = new Set<string>()
  const products = new Set<string>()
  if (entityId && entity === 'order') orders.add(entityId)
  if (entityId && entity === 'product') products.add(entityId)
  const walk = (v: unknown, depth: number) => {
    if (depth > MAX_DEPTH + 1) return
    if (Array.isArray(v)) for (const item of v) walk(item, depth + 1)
    else if (isRecord(v))
      for (const [k, inner] of Object.entries(v)) {
        if (k === 'order_id' && (typeof inner === 'number' || typeof inner === 'string')) orders.add(String(inner))
        else if (k === 'product_id' && (typeof inner === 'number' || typeof inner === 'string')) products.add(String(inner))
        else walk(inner, depth + 1)
      }
  }
  for (const v of values) walk(v, 0)
  return { orders: [...orders].filter((id) => /^\d+$/.test(id)), products: [...products].filter((id) => /^\d+$/.test(id)) }
}
