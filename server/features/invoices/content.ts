import type { Party, TaxDocumentContent, TaxLine } from '../../../common/contracts/invoices'
import { GST_STATE_CODES, gstinState } from '../../../common/rules/gstin'
import { allocate, computeDocument, financialYear, type ValuedLine } from './tax'
import { amountInWords } from './words'

/**
 * What a tax invoice and a credit note say, built from plain data (no database here), so the golden and property
 * tests run on the very code that issues them (docs/decisions/0030-gst-invoices.md).
 */

export interface Supplier {
  legalName: string
  tradeName: string
  gstin: string
  state: string
  address: string
  deliverySac: string
  deliveryGstRate: number
}

export interface OrderForInvoice {
  id: number
  orderNumber: string
  channel: string
  createdAt: Date
  itemsPaise: number
  discountPaise: number
  deliveryPaise: number
  totalPaise: number
  address: { name: string; mobile: string; house: string; street: string; area: string; landmark: string; city: string; state: string; pincode: string }
  /** a registered business buying (B2B): its GSTIN and legal name; null or absent: an unregistered buyer */
  buyer?: { gstin: string; name: string } | null
  items: {
    id: number
    productName: string
    packName: string
    quantity: number
    pricePaise: number
    hsnCode: string | null
    gstRate: number | null
    cessRate: number | null
  }[]
}

/** UQC "NOS" (numbers): packs are sold by the piece. */
export const UNIT = 'NOS'

const stateCode = (state: string) => GST_STATE_CODES[state] ?? ''

export function supplierParty(s: Supplier): Party {
  return { name: s.legalName, tradeName: s.tradeName || undefined, gstin: s.gstin, address: s.address, state: s.state, stateCode: stateCode(s.state) }
}

/**
 * Place of supply (IGST Act s.10(1)(a), goods moved to the buyer): the delivery address's state; at the counter
 * the shop's own state. A registered business buyer (B2B), online or at the counter, is billed at the state of its
 * GSTIN (s.10(1)(b), goods delivered on the direction of the buyer; issue 34: "the buyer's state decides the place
 * of supply"). An address whose state is not one we know counts as the shop's state.
 */
export function placeOfSupply(order: Pick<OrderForInvoice, 'channel' | 'address' | 'buyer'>, supplier: Supplier): string {
  const registered = order.buyer ? gstinState(order.buyer.gstin) : null
  if (registered) return registered
  if (order.channel === 'pos') return supplier.state
  return GST_STATE_CODES[order.address.state] ? order.address.state : supplier.state
}

function recipient(order: OrderForInvoice, supplier: Supplier, state: string): Party {
  const a = order.address
  const address =
    order.channel === 'pos' ? supplier.address : [a.house, a.street, a.area, a.landmark, a.city, `${a.state} ${a.pincode}`].filter((p) => p?.trim()).join(', ')
  if (order.buyer) return { name: order.buyer.name, gstin: order.buyer.gstin, address, state, stateCode: stateCode(state), phone: a.mobile || undefined }
  return { name: a.name || 'Walk-in customer', gstin: null, address, state, stateCode: stateCode(state), phone: a.mobile || undefined }
}

/** The order's lines as priced: the coupon's discount shared over the goods by value, delivery a service line of its own. */
export function orderValuedLines(order: OrderForInvoice, supplier: Supplier): ValuedLine[] {
  const items = order.items.filter((i) => i.quantity > 0)
  const discounts = allocate(
    order.discountPaise,
    items.map((i) => i.pricePaise * i.quantity),
  )
  const lines: ValuedLine[] = items.map((i, k) => ({
    itemId: i.id,
    kind: 'goods',
    description: `${i.productName} (${i.packName})`,
    code: i.hsnCode ?? '',
    quantity: i.quantity,
    unit: UNIT,
    unitPricePaise: i.pricePaise,
    discountPaise: discounts[k],
    valuePaise: i.pricePaise * i.quantity - discounts[k],
    ratePct: i.gstRate ?? 0,
    cessPct: i.cessRate ?? 0,
  }))
  if (order.deliveryPaise > 0) {
    lines.push({
      itemId: null,
      kind: 'service',
      description: 'Delivery charge',
      code: supplier.deliverySac,
      quantity: 1,
      unit: 'OTH',
      unitPricePaise: order.deliveryPaise,
      discountPaise: 0,
      valuePaise: order.deliveryPaise,
      ratePct: supplier.deliveryGstRate,
      cessPct: 0,
    })
  }
  return lines
}

export interface Numbered {
  number: string
  issuedAt: Date
}

export function invoiceContent(order: OrderForInvoice, supplier: Supplier, doc: Numbered): TaxDocumentContent {
  const state = placeOfSupply(order, supplier)
  const interState = state !== supplier.state
  const computed = computeDocument(orderValuedLines(order, supplier), interState, order.totalPaise)
  return {
    kind: 'invoice',
    title: 'Tax Invoice',
    number: doc.number,
    issuedAt: doc.issuedAt.toISOString(),
    financialYear: financialYear(doc.issuedAt),
    supplier: supplierParty(supplier),
    recipient: recipient(order, supplier, state),
    placeOfSupply: { state, stateCode: stateCode(state) },
    interState,
    reverseCharge: false,
    order: { id: order.id, number: order.orderNumber, placedAt: order.createdAt.toISOString(), channel: order.channel },
    against: null,
    reason: null,
    ...computed,
    amountInWords: amountInWords(computed.totals.totalPaise),
  }
}

/** What is left to credit of each invoice line after earlier credit notes, by the invoice line's `sr`. */
export function uncredited(invoice: TaxDocumentContent, earlier: TaxDocumentContent[]): Map<number, number> {
  const left = new Map(invoice.lines.map((l) => [l.sr, l.valuePaise]))
  for (const note of earlier) for (const l of note.lines) left.set(l.sr, (left.get(l.sr) ?? 0) - l.valuePaise)
  return left
}

export interface CreditAsked {
  /** money given back (or the invoice's value cancelled), tax included; capped at what is left to credit */
  amountPaise: number
  /** the order lines and units it is for (null: the amount shared over everything left) */
  lines: { itemId: number; quantity: number }[] | null
  reason: string
}

/**
 * A credit note against an invoice (CGST rule 53): the same lines, rates and place of supply as the invoice, with
 * the values credited. Line refunds credit those lines; an amount, or a cancellation, is shared over what is left
 * to credit in proportion. Answers null when nothing is left to credit.
 */
export function creditNoteContent(invoice: TaxDocumentContent, earlier: TaxDocumentContent[], asked: CreditAsked, doc: Numbered): TaxDocumentContent | null {
  const left = uncredited(invoice, earlier)
  const totalLeft = [...left.values()].reduce((a, b) => a + Math.max(0, b), 0)
  const amount = Math.min(asked.amountPaise, totalLeft)
  if (amount <= 0) return null
  const units = new Map((asked.lines ?? []).map((l) => [l.itemId, l.quantity]))
  const weights = invoice.lines.map((l) => {
    const rest = Math.max(0, left.get(l.sr) ?? 0)
    if (!asked.lines) return rest
    const k = l.itemId === null ? 0 : (units.get(l.itemId) ?? 0)
    return Math.min(rest, Math.round((l.valuePaise * k) / l.quantity))
  })
  // lines asked for but already credited: share over everything left instead
  const shares = allocate(amount, weights.some((w) => w > 0) ? weights : invoice.lines.map((l) => Math.max(0, left.get(l.sr) ?? 0)))
  const valued: ValuedLine[] = []
  const srs: number[] = []
  invoice.lines.forEach((l: TaxLine, i) => {
    if (shares[i] <= 0) return
    const whole = shares[i] === (left.get(l.sr) ?? 0) && shares[i] === l.valuePaise
    const k = asked.lines && l.itemId !== null ? (units.get(l.itemId) ?? 0) : 0
    srs.push(l.sr)
    valued.push({
      itemId: l.itemId,
      kind: l.kind,
      description: l.description,
      code: l.code,
      // units when they came back (or the whole line); else a value adjustment of no quantity
      quantity: whole ? l.quantity : k,
      unit: l.unit,
      unitPricePaise: l.unitPricePaise,
      discountPaise: 0,
      valuePaise: shares[i],
      ratePct: l.ratePct,
      cessPct: l.cessPct,
    })
  })
  const computed = computeDocument(valued, invoice.interState, amount)
  // credit note lines keep the invoice's line numbers, so later notes know what is left of each line
  computed.lines = computed.lines.map((l, i) => ({ ...l, sr: srs[i] }))
  return {
    ...invoice,
    kind: 'credit_note',
    title: 'Credit Note',
    number: doc.number,
    issuedAt: doc.issuedAt.toISOString(),
    financialYear: financialYear(doc.issuedAt),
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: asked.reason,
    ...computed,
    amountInWords: amountInWords(computed.totals.totalPaise),
  }
}
