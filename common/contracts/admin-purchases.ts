import * as z from 'zod/mini'
import { INDIAN_STATES } from '../rules/address'
import { gstinProblem } from '../rules/gstin'
import { IdParam, IdParams, listAnswer, staffListQuery } from './admin'
import { GST_RATES, PRICE_MAX, Rupees } from './admin-catalogue'
import { STOCK_MAX } from './admin-stock'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * Suppliers, purchase bills received into stock, and stock batches with expiry (issue 33; CONTRACT "Staff calls
 * added for … purchases"). Prices are rupees at this edge, paise in the database.
 */

const int = () => z.number().check(z.int())
export const Id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be positive`), z.lte(2_147_483_647, `${label} is too large`))
export const Count = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, min ? `${label} must be at least ${min}` : `${label} cannot be negative`),
      z.lte(STOCK_MAX, `${label} is too large`),
    )
/** Rupees, 0 allowed (a free line's cost, no discount). */
export const RupeesOrZero = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(PRICE_MAX, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )

export const Gstin = text('GSTIN', [
  z.trim(),
  z.toUpperCase(),
  z.superRefine((v, ctx) => {
    const problem = gstinProblem(v)
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: v })
  }),
])
const State = z.enum(INDIAN_STATES, { error: 'Choose a state of India' })
const Phone = text('Phone', [z.trim(), z.regex(/^(\+91)?[0-9]{10,11}$/, 'Phone must be a 10-digit mobile or a landline with its STD code')])

const supplierFields = {
  name: text('Name', [z.trim(), z.minLength(2, 'Name is required'), z.maxLength(120, 'Name is at most 120 characters')]),
  gstin: z.optional(z.nullable(Gstin)),
  phone: z.optional(z.nullable(Phone)),
  state: z.optional(z.nullable(State)),
  address: z.optional(text('Address', [z.trim(), z.maxLength(300, 'Address is at most 300 characters')])),
  payment_terms_days: z.optional(Count('Payment terms', 0).check(z.lte(365, 'Payment terms are at most 365 days'))),
}
/** A GSTIN says its state: a state given with it must be that one. */
const gstinMatchesState = z.superRefine<{ gstin?: string | null; state?: string | null }>((v, ctx) => {
  if (!v.gstin || !v.state || gstinProblem(v.gstin)) return
  const problem = gstinProblem(v.gstin, v.state)
  if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['gstin'], input: v.gstin })
})
export const SupplierInput = z.strictObject(supplierFields).check(gstinMatchesState)
export type SupplierInput = z.infer<typeof SupplierInput>
export const SupplierPatch = z.strictObject({ ...supplierFields, name: z.optional(supplierFields.name) }).check(gstinMatchesState)
export type SupplierPatch = z.infer<typeof SupplierPatch>

export const Supplier = z.object({
  id: int(),
  name: z.string(),
  gstin: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  state: z.nullable(z.string()),
  address: z.string(),
  payment_terms_days: int(),
  /** rupees billed in all */
  purchases_total: z.number(),
  bills: int(),
  /** rupees the shop owes the supplier now (bills − payments − debit notes) */
  balance_due: z.number(),
})
export type Supplier = z.infer<typeof Supplier>

export const createSupplier = defineContract({
  method: 'POST',
  path: '/api/admin/suppliers',
  summary: 'Admin: a new supplier (GSTIN checked: format, state code, check character; it must match the state given)',
  body: SupplierInput,
  response: Supplier,
  status: 201,
})
export const updateSupplier = defineContract({
  method: 'PATCH',
  path: '/api/admin/suppliers/:id',
  summary: 'Admin: changes a supplier',
  params: IdParams,
  body: SupplierPatch,
  response: Supplier,
})
export const SupplierQuery = staffListQuery(['name'], 'name', {})
export type SupplierQuery = z.output<typeof SupplierQuery>
export const listSuppliers = defineContract({
  method: 'GET',
  path: '/api/admin/suppliers',
  summary: 'Admin: the suppliers of this website, by name; `q` searches name, GSTIN and phone',
  query: SupplierQuery,
  response: listAnswer(Supplier),
})

/* ---------- purchase bills ---------- */

const ExpiryDate = z.nullable(calendarDate('Expiry'))
export const PurchaseLineInput = z.strictObject({
  pack_id: Id('Pack'),
  quantity: Count('Quantity', 1),
  free_quantity: z.optional(Count('Free quantity', 0)),
  /** one billed unit, before discount and GST */
  cost_price: RupeesOrZero('Cost price'),
  /** rupees off the line */
  discount: z.optional(RupeesOrZero('Discount')),
  gst_rate: z.optional(z.literal(GST_RATES, { error: `GST rate must be one of ${GST_RATES.join(', ')} %` })),
  batch: text('Batch', [z.trim(), z.minLength(1, 'Batch is required (the number printed on the pack)'), z.maxLength(40, 'Batch is at most 40 characters')]),
  expiry: ExpiryDate,
  mrp: z.optional(z.nullable(Rupees('MRP'))),
})
export type PurchaseLineInput = z.infer<typeof PurchaseLineInput>

export const PurchaseInput = z.strictObject({
  supplier_id: Id('Supplier'),
  warehouse_id: Id('Warehouse'),
  bill_number: z.optional(z.nullable(text('Bill number', [z.trim(), z.maxLength(40, 'Bill number is at most 40 characters')]))),
  bill_date: z.optional(calendarDate('Bill date')),
  /** received against this purchase order: its lines' received quantities and its status follow */
  purchase_order_id: z.optional(z.nullable(Id('Purchase order'))),
  lines: z.array(PurchaseLineInput).check(z.minLength(1, 'A bill has at least one line'), z.maxLength(500, 'A bill has at most 500 lines')),
})
export type PurchaseInput = z.infer<typeof PurchaseInput>

export const PurchaseLine = z.object({
  id: int(),
  pack_id: int(),
  product_name: z.string(),
  pack_name: z.string(),
  quantity: int(),
  free_quantity: int(),
  cost_price: z.number(),
  discount: z.number(),
  gst_rate: int(),
  batch: z.string(),
  expiry: z.nullable(z.string()),
  mrp: z.nullable(z.number()),
  taxable: z.number(),
  tax: z.number(),
  /** what one unit (free ones included) cost the shop, before GST */
  unit_cost: z.number(),
})
export const Purchase = z.object({
  id: int(),
  supplier_id: int(),
  supplier_name: z.string(),
  warehouse_id: int(),
  bill_number: z.nullable(z.string()),
  bill_date: z.string(),
  purchase_order_id: z.nullable(int()),
  /** CGST + SGST (the supplier is in the shop's state) or IGST */
  intra_state: z.boolean(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  created_at: z.string(),
  lines: z.array(PurchaseLine),
})
export type Purchase = z.infer<typeof Purchase>

export const createPurchase = defineContract({
  method: 'POST',
  path: '/api/admin/purchases',
  summary: 'Admin: a supplier’s bill received into a warehouse: each line becomes a stock batch (ledger reason `received`)',
  body: PurchaseInput,
  response: Purchase,
  status: 201,
})
export const getPurchase = defineContract({
  method: 'GET',
  path: '/api/admin/purchases/:id',
  summary: 'Admin: one purchase bill with its lines',
  params: IdParams,
  response: Purchase,
})
export const PurchaseQuery = staffListQuery(['bill_date'], '-bill_date', { supplier_id: z.optional(IdParam('supplier_id')) })
export const listPurchases = defineContract({
  method: 'GET',
  path: '/api/admin/purchases',
  summary: 'Admin: purchase bills, newest first (optionally one supplier’s)',
  query: PurchaseQuery,
  response: listAnswer(z.omit(Purchase, { lines: true })),
})

/* ---------- batches and expiry ---------- */

export const StockBatch = z.object({
  id: int(),
  batch: z.string(),
  expiry: z.nullable(z.string()),
  quantity: int(),
  reserved: int(),
  /** rupees a unit cost; null: not known (opening stock) */
  cost_price: z.nullable(z.number()),
  mrp: z.nullable(z.number()),
  expired: z.boolean(),
})
export type StockBatch = z.infer<typeof StockBatch>

export const listBatches = defineContract({
  method: 'GET',
  path: '/api/admin/stock/batches',
  summary: 'Admin: the batches of a pack at a warehouse that hold stock, earliest expiry first (no expiry last)',
  query: z.object({ pack_id: IdParam('pack_id'), warehouse_id: IdParam('warehouse_id') }),
  response: z.object({ data: z.array(StockBatch) }),
})

export const NEAR_EXPIRY_DAYS = [7, 15, 30] as const
export const NearExpiryRow = z.object({
  ...StockBatch.shape,
  pack_id: int(),
  pack_name: z.string(),
  product_id: int(),
  product_name: z.string(),
  warehouse_id: int(),
  warehouse_name: z.string(),
  /** the pack's selling price and MRP now, rupees */
  price: z.number(),
  act_price: z.number(),
  days_left: int(),
})
export type NearExpiryRow = z.infer<typeof NearExpiryRow>
export const nearExpiry = defineContract({
  method: 'GET',
  path: '/api/admin/stock/near-expiry',
  summary: 'Admin: batches with stock expiring within `days` (7, 15 or 30), expired ones first',
  query: z.object({
    days: z._default(z.pipe(z.coerce.number({ error: 'days must be a number' }), z.literal(NEAR_EXPIRY_DAYS, { error: 'days must be 7, 15 or 30' })), 30),
    warehouse_id: z.optional(IdParam('warehouse_id')),
  }),
  response: z.object({ data: z.array(NearExpiryRow) }),
})

export const writeOffBatch = defineContract({
  method: 'POST',
  path: '/api/admin/stock/batches/:id/write-off',
  summary: 'Admin: the batch’s units not held by orders leave stock as expired (ledger reason `expired`)',
  params: IdParams,
  body: z.strictObject({ note: z.optional(z.nullable(text('Note', [z.trim(), z.maxLength(200, 'Note is at most 200 characters')]))) }),
  response: z.object({ pack_id: int(), warehouse_id: int(), written_off: int(), on_hand: int() }),
})

export const markDownPack = defineContract({
  method: 'POST',
  path: '/api/admin/stock/packs/:id/mark-down',
  summary: 'Admin: a near-expiry pack’s selling price lowered (never above its MRP); the storefront shows it at once',
  params: IdParams,
  body: z.strictObject({ price: Rupees('Price') }),
  response: z.object({ pack_id: int(), price: z.number(), act_price: z.number() }),
})
