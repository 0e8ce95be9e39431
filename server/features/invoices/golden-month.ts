import { creditNoteContent, invoiceContent, type OrderForInvoice, type Supplier } from './content'
import type { ReturnDocument } from './gstr1'
import { documentNumber, financialYear } from './tax'

/**
 * A month of fixed sales (May 2026) for the golden tests of GSTR-1, GSTR-3B and the Tally export: B2C and B2B,
 * within Karnataka and across states, a B2C large invoice, a nil-rated sale, and credit notes of each kind. Prices
 * are chosen so that the figures can be worked out by hand (₹105 at 5 % is ₹100 + ₹5 of tax, and so on).
 */

export const SUPPLIER: Supplier = {
  legalName: 'Kirana Fresh Retail Private Limited',
  tradeName: 'Kirana Fresh',
  gstin: '29AAKCK4821M1Z0',
  state: 'Karnataka',
  address: '42, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  deliverySac: '9968',
  deliveryGstRate: 18,
}

export const HOTEL = { gstin: '27AABCH1234K1ZR', name: 'Hotel Sagar Private Limited' }
export const CAFE = { gstin: '29AACCS5678M1ZJ', name: 'Cafe Sunrise LLP' }

const address = (state: string, city = 'Bengaluru') => ({
  name: 'Asha Rao',
  mobile: '9876512345',
  house: '12',
  street: 'MG Road',
  area: 'Ashok Nagar',
  landmark: '',
  city,
  state,
  pincode: '560001',
})

type Product = Omit<OrderForInvoice['items'][number], 'id' | 'quantity'>
const DAL: Product = { productName: 'Toor Dal', packName: '1 kg', pricePaise: 10_500, hsnCode: '0713', gstRate: 5, cessRate: null }
const BISCUITS: Product = { productName: 'Butter Cookies', packName: '200 g', pricePaise: 11_800, hsnCode: '1905', gstRate: 18, cessRate: null }
const POTATO: Product = { productName: 'Potato', packName: '1 kg', pricePaise: 4_000, hsnCode: '0701', gstRate: 0, cessRate: null }
const SODA: Product = { productName: 'Cola', packName: '2 l', pricePaise: 14_000, hsnCode: '2202', gstRate: 28, cessRate: 12 }

let itemId = 100
function order(n: number, lines: [Product, number][], opts: Partial<OrderForInvoice> = {}): OrderForInvoice {
  const items = lines.map(([p, quantity]) => ({ id: ++itemId, ...p, quantity }))
  const itemsPaise = items.reduce((a, i) => a + i.pricePaise * i.quantity, 0)
  const deliveryPaise = opts.deliveryPaise ?? 0
  return {
    id: n,
    orderNumber: `OD${String(n).padStart(6, '0')}`,
    channel: 'web',
    createdAt: new Date(`2026-05-${String(n + 1).padStart(2, '0')}T04:30:00Z`),
    itemsPaise,
    discountPaise: 0,
    deliveryPaise,
    totalPaise: itemsPaise + deliveryPaise,
    address: address('Karnataka'),
    items,
    ...opts,
  }
}

/** The month's documents: invoices INV/2627/00001..6, credit notes CN/2627/00001..3, issued in May 2026. */
export function goldenMonth(): { documents: ReturnDocument[]; invoiceTotals: Map<string, number> } {
  itemId = 100
  const orders = [
    // 1: B2C within Karnataka: 5 %, 18 % and a nil-rated line
    order(1, [
      [DAL, 2],
      [BISCUITS, 1],
      [POTATO, 1],
    ]),
    // 2: B2B to a Maharashtra hotel delivered in Bengaluru: IGST (the GSTIN's state), with cess and delivery
    order(
      2,
      [
        [DAL, 10],
        [SODA, 1],
      ],
      { buyer: HOTEL, deliveryPaise: 5_900 },
    ),
    // 3: B2B to a Karnataka cafe: CGST + SGST
    order(3, [[BISCUITS, 5]], { buyer: CAFE }),
    // 4: B2C to Tamil Nadu, small: B2CS inter-state
    order(4, [[BISCUITS, 2]], { address: address('Tamil Nadu', 'Chennai') }),
    // 5: B2C to Tamil Nadu above ₹1 lakh: B2CL
    order(5, [[DAL, 1000]], { address: address('Tamil Nadu', 'Chennai') }),
    // 6: only nil-rated goods
    order(6, [[POTATO, 3]]),
  ]
  const documents: ReturnDocument[] = []
  const invoices = orders.map((o, i) => {
    const issuedAt = new Date(`2026-05-${String(i + 2).padStart(2, '0')}T06:30:00Z`)
    const number = documentNumber('INV', financialYear(issuedAt), i + 1)
    const content = invoiceContent(o, SUPPLIER, { number, issuedAt })
    const doc: ReturnDocument = {
      kind: 'invoice',
      number,
      seq: i + 1,
      financialYear: content.financialYear,
      issuedAt,
      totalPaise: content.totals.totalPaise,
      content,
    }
    documents.push(doc)
    return doc
  })
  const notes = [
    // one pack of dal of order 1 back (a B2C small note: taken off b2cs)
    { invoice: invoices[0], asked: { amountPaise: 10_500, lines: [{ itemId: orders[0].items[0].id, quantity: 1 }], reason: 'Damaged pack' } },
    // the cola of the hotel's order back (cdnr)
    { invoice: invoices[1], asked: { amountPaise: 14_000, lines: [{ itemId: orders[1].items[1].id, quantity: 1 }], reason: 'Returned' } },
    // a tenth of the B2C large invoice credited (cdnur)
    { invoice: invoices[4], asked: { amountPaise: 10_500_00, lines: null, reason: 'Rate difference' } },
  ]
  notes.forEach((n, i) => {
    const issuedAt = new Date(`2026-05-${String(20 + i)}T06:30:00Z`)
    const number = documentNumber('CN', financialYear(issuedAt), i + 1)
    const content = creditNoteContent(n.invoice.content, [], n.asked, { number, issuedAt })!
    documents.push({ kind: 'credit_note', number, seq: i + 1, financialYear: content.financialYear, issuedAt, totalPaise: content.totals.totalPaise, content })
  })
  return { documents, invoiceTotals: new Map(invoices.map((d) => [d.number, d.totalPaise])) }
}
