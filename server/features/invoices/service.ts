import type { ReceiptTax } from '../../../common/contracts/receipt-tax'
import type { Db, Tx } from '../../db/client'
import { type CreditAsked, creditNoteContent, invoiceContent, type Supplier } from './content'
import * as q from './queries'
import { receiptTaxPart } from './receipt-part'
import { documentNumber, financialYear } from './tax'

/**
 * Issuing tax invoices and credit notes (docs/decisions/0030-gst-invoices.md). Both run inside the transaction of
 * their cause (the order confirmed, a counter sale, a cancellation, a refund), with the order row locked by it: a
 * document exists exactly when its cause was committed, and its number with it.
 */

export const supplierOf = (s: q.TaxSettingsRow): Supplier => ({
  legalName: s.legalName,
  tradeName: s.tradeName,
  gstin: s.gstin,
  state: s.state,
  address: s.address,
  deliverySac: s.deliverySac,
  deliveryGstRate: s.deliveryGstRate,
})

/**
 * The order's tax invoice: issued once (a second call answers the first); none while the website has no GST
 * registration saved. `at` is the moment of issue (tests move it across a financial year).
 */
export async function issueInvoice(tx: Tx, orderId: number, at = new Date()): Promise<q.TaxDocumentRow | null> {
  const existing = await q.findDocument(tx, orderId, 'invoice')
  if (existing) return existing
  const order = await q.findOrder(tx, orderId)
  if (!order) return null
  const settings = await q.findSettings(tx, order.websiteId)
  if (!settings) return null
  const items = await q.itemsWithTax(tx, orderId)
  const fy = financialYear(at)
  const seq = await q.nextSeq(tx, order.websiteId, 'invoice', fy)
  const number = documentNumber(settings.invoicePrefix, fy, seq)
  const content = invoiceContent({ ...order, items }, supplierOf(settings), { number, issuedAt: at })
  return q.insertDocument(tx, {
    websiteId: order.websiteId,
    orderId,
    kind: 'invoice',
    financialYear: fy,
    seq,
    number,
    invoiceId: null,
    issuedAt: at,
    placeOfSupply: content.placeOfSupply.state,
    taxablePaise: content.totals.taxablePaise,
    taxPaise: content.totals.taxPaise,
    totalPaise: content.totals.totalPaise,
    content,
  })
}

/**
 * A credit note against the order's invoice for money given back or a cancellation; none when the order has no
 * invoice (cancelled before it was confirmed) or nothing of it is left to credit.
 */
export async function issueCreditNote(tx: Tx, orderId: number, asked: CreditAsked, at = new Date()): Promise<q.TaxDocumentRow | null> {
  const docs = await q.documentsOf(tx, orderId)
  const invoice = docs.find((d) => d.kind === 'invoice')
  if (!invoice) return null
  const settings = await q.findSettings(tx, invoice.websiteId)
  const prefix = settings?.creditNotePrefix ?? 'CN'
  const earlier = docs.filter((d) => d.kind === 'credit_note').map((d) => d.content)
  // checked before a number is taken: a number is never taken for a note that is not issued
  if (!creditNoteContent(invoice.content, earlier, asked, { number: '', issuedAt: at })) return null
  const fy = financialYear(at)
  const seq = await q.nextSeq(tx, invoice.websiteId, 'credit_note', fy)
  const number = documentNumber(prefix, fy, seq)
  const content = creditNoteContent(invoice.content, earlier, asked, { number, issuedAt: at })!
  return q.insertDocument(tx, {
    websiteId: invoice.websiteId,
    orderId,
    kind: 'credit_note',
    financialYear: fy,
    seq,
    number,
    invoiceId: invoice.id,
    issuedAt: at,
    placeOfSupply: content.placeOfSupply.state,
    taxablePaise: content.totals.taxablePaise,
    taxPaise: content.totals.taxPaise,
    totalPaise: content.totals.totalPaise,
    content,
  })
}

/** Everything left of the invoice is credited: the order was cancelled after it was invoiced. */
export const creditCancellation = (tx: Tx, orderId: number, reason: string) =>
  issueCreditNote(tx, orderId, { amountPaise: Number.MAX_SAFE_INTEGER, lines: null, reason })

/** At most this many invoices are issued by one call for the orders confirmed before the registration. */
export const MISSING_BATCH = 2000

/**
 * Tax invoices for the website's orders that were confirmed (or sold at the counter) while it had no GST registration
 * saved: oldest order first, so their numbers follow the orders' order, each dated today. The order rows are locked
 * first (in id order), so two calls at once, or a cancellation meanwhile, wait: an order never gets two invoices.
 */
export async function issueMissingInvoices(tx: Tx, websiteId: number, at = new Date()) {
  const ids = await q.ordersWithoutInvoice(tx, websiteId, MISSING_BATCH)
  const numbers: string[] = []
  for (const id of ids) {
    const doc = await issueInvoice(tx, id, at)
    if (doc) numbers.push(doc.number)
  }
  return { issued: numbers.length, first: numbers[0] ?? null, last: numbers.at(-1) ?? null, remaining: await q.countOrdersWithoutInvoice(tx, websiteId) }
}

/** A counter receipt's tax part: the sale's invoice and the credit notes against it; null when it has none. */
export async function receiptTaxOf(db: Db | Tx, orderId: number): Promise<ReceiptTax | null> {
  const docs = await q.documentsOf(db, orderId)
  const invoice = docs.find((d) => d.kind === 'invoice')
  if (!invoice) return null
  return receiptTaxPart(
    invoice.content,
    docs.filter((d) => d.kind === 'credit_note').map((d) => d.content),
  )
}

/** The invoice's PDF stack (pdf-lib, the shipped DejaVu fonts) for other documents: the khata statement. */
export { indiaDate, newA4Document } from './pdf'
