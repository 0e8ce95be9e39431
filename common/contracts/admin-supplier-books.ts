import * as z from 'zod/mini'
import { IdParam, IdParams, listAnswer, staffListQuery } from './admin'
import { GST_RATES, Rupees } from './admin-catalogue'
import { Count, Id, RupeesOrZero } from './admin-purchases'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * Purchase orders, debit notes (goods returned to a supplier) and the supplier's khata (issue 33;
 * docs/decisions/0058-supplier-books.md). Rupees at this edge, paise in the database.
 */

const int = () => z.number().check(z.int())
const GstRate = z.optional(z.literal(GST_RATES, { error: `GST rate must be one of ${GST_RATES.join(', ')} %` }))
const Note = (label: string, max: number) => text(label, [z.trim(), z.maxLength(max, `${label} is at most ${max} characters`)])

/* ---------- purchase orders ---------- */

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'part_received', 'received', 'cancelled'] as const

export const PURCHASE_ORDER_STATUS_LABELS: Record<(typeof PURCHASE_ORDER_STATUSES)[number], string> = {
  draft: 'Draft',
  sent: 'Sent',
  part_received: 'Part received',
  received: 'Received',
  cancelled: 'Cancelled',
}

export const PurchaseOrderLineInput = z.strictObject({
  pack_id: Id('Pack'),
  quantity: Count('Quantity', 1),
  /** the agreed price of one unit, before GST */
  cost_price: RupeesOrZero('Cost price'),
  gst_rate: GstRate,
})
const orderLines = z.array(PurchaseOrderLineInput).check(z.minLength(1, 'An order has at least one line'), z.maxLength(500, 'An order has at most 500 lines'))
export const PurchaseOrderInput = z.strictObject({
  supplier_id: Id('Supplier'),
  warehouse_id: Id('Warehouse'),
  note: z.optional(Note('Note', 300)),
  expected_on: z.optional(z.nullable(calendarDate('Expected on'))),
  lines: orderLines,
})
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInput>
/** A draft's changes (a sent order is the supplier's copy: it is not changed, only cancelled). */
export const PurchaseOrderPatch = z.strictObject({
  note: z.optional(Note('Note', 300)),
  expected_on: z.optional(z.nullable(calendarDate('Expected on'))),
  lines: z.optional(orderLines),
})
export type PurchaseOrderPatch = z.infer<typeof PurchaseOrderPatch>

export const PurchaseOrderLine = z.object({
  id: int(),
  pack_id: int(),
  product_name: z.string(),
  pack_name: z.string(),
  quantity: int(),
  received: int(),
  /** still to come: quantity − received, never below 0 */
  remaining: int(),
  cost_price: z.number(),
  gst_rate: int(),
})
export const PurchaseOrder = z.object({
  id: int(),
  number: z.string(),
  supplier_id: int(),
  supplier_name: z.string(),
  warehouse_id: int(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  note: z.string(),
  expected_on: z.nullable(z.string()),
  /** rupees: the lines at their agreed price, GST included */
  total: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(PurchaseOrderLine),
})
export type PurchaseOrder = z.infer<typeof PurchaseOrder>

export const createPurchaseOrder = defineContract({
  method: 'POST',
  path: '/api/admin/purchase-orders',
  summary: 'Admin: a purchase order to a supplier, as a draft',
  body: PurchaseOrderInput,
  response: PurchaseOrder,
  status: 201,
})
export const updatePurchaseOrder = defineContract({
  method: 'PATCH',
  path: '/api/admin/purchase-orders/:id',
  summary: 'Admin: changes a draft purchase order',
  params: IdParams,
  body: PurchaseOrderPatch,
  response: PurchaseOrder,
})
export const getPurchaseOrder = defineContract({
  method: 'GET',
  path: '/api/admin/purchase-orders/:id',
  summary: 'Admin: one purchase order with its lines and what is still to come',
  params: IdParams,
  response: PurchaseOrder,
})
export const PurchaseOrderQuery = staffListQuery(['created_at'], '-created_at', {
  supplier_id: z.optional(IdParam('supplier_id')),
  status: z.optional(z.enum(PURCHASE_ORDER_STATUSES, { error: `status must be one of ${PURCHASE_ORDER_STATUSES.join(', ')}` })),
})
export const listPurchaseOrders = defineContract({
  method: 'GET',
  path: '/api/admin/purchase-orders',
  summary: 'Admin: purchase orders, newest first; by supplier or status',
  query: PurchaseOrderQuery,
  response: listAnswer(z.omit(PurchaseOrder, { lines: true })),
})
export const sendPurchaseOrder = defineContract({
  method: 'POST',
  path: '/api/admin/purchase-orders/:id/send',
  summary: 'Admin: a draft purchase order is sent to the supplier',
  params: IdParams,
  body: z.strictObject({}),
  response: PurchaseOrder,
})
export const cancelPurchaseOrder = defineContract({
  method: 'POST',
  path: '/api/admin/purchase-orders/:id/cancel',
  summary: 'Admin: a purchase order not fully received is cancelled (what came stays received)',
  params: IdParams,
  body: z.strictObject({}),
  response: PurchaseOrder,
})

/* ---------- debit notes: goods returned to the supplier ---------- */

export const DebitNoteLineInput = z.strictObject({
  /** the stock batch the units go back from */
  batch_id: Id('Batch'),
  quantity: Count('Quantity', 1),
  /** one unit's value on the note, before GST; the batch's cost when not given */
  cost_price: z.optional(RupeesOrZero('Cost price')),
  /** the GST rate of the bill it came on when not given */
  gst_rate: GstRate,
})
export const DebitNoteInput = z.strictObject({
  supplier_id: Id('Supplier'),
  reason: text('Reason', [z.trim(), z.minLength(2, 'Say why the goods go back'), z.maxLength(200, 'Reason is at most 200 characters')]),
  lines: z.array(DebitNoteLineInput).check(z.minLength(1, 'A debit note has at least one line'), z.maxLength(200, 'A debit note has at most 200 lines')),
})
export type DebitNoteInput = z.infer<typeof DebitNoteInput>

export const DebitNote = z.object({
  id: int(),
  /** its own series per website, DN-00001 onwards, no gaps */
  number: z.string(),
  supplier_id: int(),
  supplier_name: z.string(),
  warehouse_id: int(),
  reason: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  created_at: z.string(),
  lines: z.array(
    z.object({
      batch_id: z.nullable(int()),
      pack_id: int(),
      product_name: z.string(),
      pack_name: z.string(),
      batch: z.string(),
      quantity: int(),
      cost_price: z.number(),
      gst_rate: int(),
      taxable: z.number(),
      tax: z.number(),
    }),
  ),
})
export type DebitNote = z.infer<typeof DebitNote>

export const createDebitNote = defineContract({
  method: 'POST',
  path: '/api/admin/debit-notes',
  summary: 'Admin: goods returned to a supplier from named batches: stock leaves (ledger reason `supplier_return`), the supplier owes it back',
  body: DebitNoteInput,
  response: DebitNote,
  status: 201,
})
export const getDebitNote = defineContract({
  method: 'GET',
  path: '/api/admin/debit-notes/:id',
  summary: 'Admin: one debit note',
  params: IdParams,
  response: DebitNote,
})
export const listDebitNotes = defineContract({
  method: 'GET',
  path: '/api/admin/debit-notes',
  summary: 'Admin: debit notes, newest first (optionally one supplier’s)',
  query: staffListQuery(['created_at'], '-created_at', { supplier_id: z.optional(IdParam('supplier_id')) }),
  response: listAnswer(z.omit(DebitNote, { lines: true })),
})

/* ---------- the supplier's khata ---------- */

export const SUPPLIER_PAYMENT_METHODS = ['cash', 'upi', 'bank', 'cheque'] as const
export const SupplierKhata = z.object({
  supplier_id: int(),
  /** rupees the shop owes the supplier (negative: the supplier owes the shop) */
  balance: z.number(),
  entries: z.array(
    z.object({
      id: int(),
      kind: z.enum(['purchase', 'payment', 'debit_note']),
      /** + the shop owes more, − less */
      amount: z.number(),
      balance_after: z.number(),
      purchase_id: z.nullable(int()),
      bill_number: z.nullable(z.string()),
      debit_note_id: z.nullable(int()),
      debit_note_number: z.nullable(z.string()),
      method: z.nullable(z.string()),
      reference: z.nullable(z.string()),
      paid_on: z.nullable(z.string()),
      created_at: z.string(),
    }),
  ),
})
export type SupplierKhata = z.infer<typeof SupplierKhata>

export const getSupplierKhata = defineContract({
  method: 'GET',
  path: '/api/admin/suppliers/:id/khata',
  summary: 'Admin: the supplier’s khata: bills, payments made and debit notes, newest first, with the balance due',
  params: IdParams,
  response: SupplierKhata,
})
export const SupplierPaymentInput = z.strictObject({
  amount: Rupees('Amount'),
  method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: `Method must be one of ${SUPPLIER_PAYMENT_METHODS.join(', ')}` }),
  reference: z.optional(z.nullable(Note('Reference', 60))),
  paid_on: z.optional(calendarDate('Paid on')),
})
export type SupplierPaymentInput = z.infer<typeof SupplierPaymentInput>
export const paySupplier = defineContract({
  method: 'POST',
  path: '/api/admin/suppliers/:id/payments',
  summary: 'Admin: a payment made to the supplier, recorded (never more than the balance due)',
  params: IdParams,
  body: SupplierPaymentInput,
  response: SupplierKhata,
  status: 201,
})

/* ---------- a supplier's bill as CSV ---------- */

export const BILL_CSV_MAX_CHARS = 200_000
export const BillCsvInput = z.strictObject({
  warehouse_id: Id('Warehouse'),
  /** the file's text: a header row naming the columns (sku or barcode, qty, free, cost, discount, gst, batch, expiry, mrp), a row per line */
  csv: text('File', [z.minLength(1, 'The file is empty'), z.maxLength(BILL_CSV_MAX_CHARS, 'The file is too large for one bill: split it')]),
})
export const BillCsvLine = z.object({
  /** the row in a spreadsheet (the header is row 1) */
  row: int(),
  pack_id: z.nullable(int()),
  product_name: z.nullable(z.string()),
  pack_name: z.nullable(z.string()),
  /** the line as POST /api/admin/purchases takes it, when it has no error */
  line: z.nullable(z.record(z.string(), z.unknown())),
  /** by column: what is wrong with the row */
  errors: z.record(z.string(), z.string()),
})
export type BillCsvLine = z.infer<typeof BillCsvLine>
export const previewBillCsv = defineContract({
  method: 'POST',
  path: '/api/admin/purchases/csv-preview',
  summary:
    'Admin: a supplier’s bill as CSV read line by line (packs by SKU or barcode; expiry as YYYY-MM-DD, DD/MM/YYYY or MM/YYYY), each line’s problems by column; nothing is received (POST /api/admin/purchases receives the lines)',
  body: BillCsvInput,
  response: z.object({ lines: z.array(BillCsvLine), problems: int() }),
})

/* ---------- shelf labels ---------- */

export const ShelfLabel = z.object({
  pack_id: int(),
  product_name: z.string(),
  pack_name: z.string(),
  /** rupees: the MRP printed on the batch, else the pack's */
  mrp: z.number(),
  /** rupees: what the shop sells it at now */
  price: z.number(),
  /** what the barcode encodes: the pack's barcode, else its SKU, else P + its id (the counter's scanner finds each) */
  code: z.string(),
  batch: z.string(),
  expiry: z.nullable(z.string()),
  /** units the bill brought (free ones too): the labels it may need */
  units: int(),
})
export type ShelfLabel = z.infer<typeof ShelfLabel>
export const purchaseLabels = defineContract({
  method: 'GET',
  path: '/api/admin/purchases/:id/labels',
  summary: 'Admin: shelf labels for a purchase bill’s lines: name, pack, MRP, price, the code for its barcode, expiry',
  params: IdParams,
  response: z.object({ data: z.array(ShelfLabel) }),
})
