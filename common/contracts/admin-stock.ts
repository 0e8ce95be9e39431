import * as z from 'zod/mini'
import { IdParam, IdParams, listAnswer, staffListQuery } from './admin'
import { defineContract } from './http'
import { text } from './text'

/**
 * Staff calls of stock and warehouses (CONTRACT "Staff calls": `PUT /api/admin/stock`). Stock is per pack per
 * warehouse: on hand, reserved (held by unpaid and open orders) and available (on hand − reserved).
 */

const int = () => z.number().check(z.int())
export const STOCK_MAX = 1_000_000

/** Why staff change stock; holds and releases for orders are written by checkout, never by staff. */
export const STAFF_STOCK_REASONS = ['received', 'sold', 'returned', 'damaged', 'count_correction'] as const
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number]
export const STOCK_REASON_LABELS: Record<string, string> = {
  opening: 'Opening stock',
  received: 'Received',
  sold: 'Sold',
  returned: 'Returned',
  damaged: 'Damaged',
  count_correction: 'Count correction',
  order_hold: 'Order hold',
  order_release: 'Order release',
  import: 'Import',
  expired: 'Expired (written off)',
  supplier_return: 'Returned to supplier',
}
const Reason = z.enum(STAFF_STOCK_REASONS, { error: `Reason must be one of: ${STAFF_STOCK_REASONS.join(', ')}` })
const Note = z.optional(z.nullable(text('Note', [z.trim(), z.maxLength(200, 'Note is at most 200 characters')])))
const Id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be positive`), z.lte(2_147_483_647, `${label} is too large`))
const Count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.gte(0, `${label} cannot be negative`), z.lte(STOCK_MAX, `${label} is too large`))

/** The answer CONTRACT fixes for a stock write. */
export const StockLevel = z.object({ pack_id: int(), warehouse_id: int(), on_hand: int(), reserved: int(), available: int() })
export type StockLevel = z.infer<typeof StockLevel>

export const SetStockInput = z.strictObject({ pack_id: Id('Pack'), warehouse_id: Id('Warehouse'), quantity: Count('Quantity'), reason: Reason, note: Note })
export type SetStockInput = z.infer<typeof SetStockInput>

export const setStock = defineContract({
  method: 'PUT',
  path: '/api/admin/stock',
  summary:
    'Admin: sets on hand (`quantity`) of a pack at a warehouse, with a reason; 422 when below what orders hold; 404 for a pack or warehouse not of this website',
  body: SetStockInput,
  response: StockLevel,
})

export const AdjustStockInput = z.strictObject({
  pack_id: Id('Pack'),
  warehouse_id: Id('Warehouse'),
  change: z.number({ error: 'Change must be a number' }).check(
    z.int('Change must be a whole number'),
    z.refine((n) => n !== 0, 'Change cannot be 0'),
    z.gte(-STOCK_MAX, 'Change is too large'),
    z.lte(STOCK_MAX, 'Change is too large'),
  ),
  reason: Reason,
  note: Note,
})
export type AdjustStockInput = z.infer<typeof AdjustStockInput>

export const adjustStock = defineContract({
  method: 'POST',
  path: '/api/admin/stock/adjust',
  summary: 'Admin: adds to or takes from on hand (`change`, e.g. +24 received, −2 damaged), with a reason; 422 when on hand would go below what orders hold',
  body: AdjustStockInput,
  response: StockLevel,
})

/** A stock row is low when 0 < available ≤ the pack's threshold (default below), out when nothing is available. */
export const DEFAULT_LOW_STOCK = 5
export const SetThresholdInput = z.strictObject({ low_stock_threshold: z.nullable(Count('Low-stock threshold')) })
export const setLowStockThreshold = defineContract({
  method: 'PUT',
  path: '/api/admin/stock/packs/:id/threshold',
  summary: `Admin: the low-stock threshold of a pack (null: the default, ${DEFAULT_LOW_STOCK})`,
  params: IdParams,
  body: SetThresholdInput,
  response: z.object({ pack_id: int(), low_stock_threshold: int() }),
})

export const STOCK_STATES = ['in_stock', 'low', 'out_of_stock'] as const
export type StockState = (typeof STOCK_STATES)[number]
export const STOCK_SORTS = ['product', 'available', 'on_hand', 'reserved'] as const

export const StockQuery = staffListQuery(STOCK_SORTS, 'product', {
  warehouse_id: z.optional(IdParam('warehouse_id')),
  state: z.optional(z.enum(STOCK_STATES, { error: `state must be one of: ${STOCK_STATES.join(', ')}` })),
  product_id: z.optional(IdParam('product_id')),
})
export type StockQuery = z.output<typeof StockQuery>

export const StockRow = z.object({
  ...StockLevel.shape,
  product_id: int(),
  product_name: z.string(),
  pack_name: z.string(),
  sku: z.nullable(z.string()),
  image: z.string(),
  warehouse_name: z.string(),
  low_stock_threshold: int(),
  state: z.enum(STOCK_STATES),
})
export type StockRow = z.infer<typeof StockRow>

export const listStock = defineContract({
  method: 'GET',
  path: '/api/admin/stock',
  summary:
    'Admin: stock per pack per warehouse (every pack at every warehouse, 0 where none was ever counted); search by product, SKU or barcode; filter by warehouse and state (in_stock, low, out_of_stock)',
  query: StockQuery,
  response: listAnswer(StockRow),
})

export const StockHistoryQuery = staffListQuery(['at'], '-at', { warehouse_id: z.optional(IdParam('warehouse_id')) })
export type StockHistoryQuery = z.output<typeof StockHistoryQuery>

export const StockMoveEntry = z.object({
  id: int(),
  at: z.string(),
  warehouse_id: int(),
  warehouse_name: z.string(),
  reason: z.string(),
  on_hand_change: int(),
  reserved_change: int(),
  on_hand_after: int(),
  reserved_after: int(),
  user: z.nullable(z.object({ id: int(), name: z.string() })),
  order: z.nullable(z.object({ id: int(), order_number: z.string() })),
  note: z.nullable(z.string()),
})
export type StockMoveEntry = z.infer<typeof StockMoveEntry>

export const stockHistory = defineContract({
  method: 'GET',
  path: '/api/admin/stock/packs/:id/history',
  summary: 'Admin: the stock ledger of a pack, newest first (optionally one warehouse): every change with its reason, who and order',
  params: IdParams,
  query: StockHistoryQuery,
  response: z.object({
    pack: z.object({ pack_id: int(), pack_name: z.string(), product_id: int(), product_name: z.string(), low_stock_threshold: int() }),
    ...listAnswer(StockMoveEntry).shape,
  }),
})

/* ---------- warehouses ---------- */

export const Pincode = text('Pincode', [z.trim(), z.regex(/^[1-9]\d{5}$/, 'Please enter a valid pincode')])
export const ServedPincode = z.strictObject({
  pincode: Pincode,
  delivery_days: z._default(
    z
      .number({ error: 'Delivery days must be a number' })
      .check(z.int('Delivery days must be a whole number'), z.gte(0, 'Delivery days cannot be negative'), z.lte(30, 'Delivery days is at most 30')),
    0,
  ),
})

export const Warehouse = z.object({
  id: int(),
  name: z.string(),
  address: z.string(),
  is_default: z.boolean(),
  pincodes: z.array(z.object({ pincode: z.string(), delivery_days: int() })),
})
export type Warehouse = z.infer<typeof Warehouse>

const WarehouseName = text('Name', [z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Name is at most 80 characters')])
const Address = text('Address', [z.trim(), z.maxLength(300, 'Address is at most 300 characters')])
const Pincodes = z.array(ServedPincode).check(z.maxLength(2000, 'At most 2,000 pincodes per warehouse'))

export const CreateWarehouseInput = z.strictObject({
  name: WarehouseName,
  address: z._default(Address, ''),
  is_default: z.optional(z.boolean()),
  pincodes: z._default(Pincodes, []),
})
export type CreateWarehouseInput = z.infer<typeof CreateWarehouseInput>
export const UpdateWarehouseInput = z.strictObject({
  name: z.optional(WarehouseName),
  address: z.optional(Address),
  is_default: z.optional(z.boolean()),
  pincodes: z.optional(Pincodes),
})
export type UpdateWarehouseInput = z.infer<typeof UpdateWarehouseInput>

export const listWarehouses = defineContract({
  method: 'GET',
  path: '/api/admin/warehouses',
  summary: 'Admin: the warehouses of this website with the pincodes each serves',
  response: z.object({ data: z.array(Warehouse) }),
})
export const getWarehouse = defineContract({
  method: 'GET',
  path: '/api/admin/warehouses/:id',
  summary: 'Admin: one warehouse with its pincodes',
  params: IdParams,
  response: Warehouse,
})
export const createWarehouse = defineContract({
  method: 'POST',
  path: '/api/admin/warehouses',
  summary: 'Admin: a new warehouse; a pincode serves from one warehouse only (422 naming the one that serves it)',
  status: 201,
  body: CreateWarehouseInput,
  response: Warehouse,
})
export const updateWarehouse = defineContract({
  method: 'PATCH',
  path: '/api/admin/warehouses/:id',
  summary: 'Admin: changes a warehouse (only the fields sent; `pincodes` replaces the list). One warehouse is the default: making another the default moves it',
  params: IdParams,
  body: UpdateWarehouseInput,
  response: Warehouse,
})
