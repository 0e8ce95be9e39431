import { describe, expect, it } from 'vitest'
import { creditNoteContent, invoiceContent, type OrderForInvoice, type Supplier } from './content'
import { receiptTaxPart } from './receipt-part'

const supplier: Supplier = {
  legalName: 'Kirana Fresh Retail Private Limited',
  tradeName: 'Kirana Fresh',
  gstin: '29AAKCK4821M1Z0',
  state: 'Karnataka',
  address: '42, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  deliverySac: '9968',
  deliveryGstRate: 18,
}

/** A counter sale: rice at 5 %, two lines of biscuits at 18 % (one HSN row), a cola at 28 % with 12 % cess. */
const sale: OrderForInvoice = {
  id: 41,
  orderNumber: 'OD000777',
  channel: 'pos',
  createdAt: new Date('2026-11-24T10:15:00Z'),
  itemsPaise: 2 * 24_900 + 3_000 + 2 * 4_500 + 4_000,
  discountPaise: 1_000,
  deliveryPaise: 0,
  totalPaise: 2 * 24_900 + 3_000 + 2 * 4_500 + 4_000 - 1_000,
  address: { name: 'Walk-in customer', mobile: '', house: '', street: '', area: 'Counter 1', landmark: '', city: '', state: '', pincode: '' },
  items: [
    { id: 1, productName: 'Sona Khet Sona Masoori Rice', packName: '5 kg', quantity: 2, pricePaise: 24_900, hsnCode: '1006', gstRate: 5, cessRate: null },
    { id: 2, productName: 'Crunchwala Butter Cookies', packName: '200 g', quantity: 1, pricePaise: 3_000, hsnCode: '1905', gstRate: 18, cessRate: null },
    { id: 3, productName: 'Crunchwala Marie', packName: '250 g', quantity: 2, pricePaise: 4_500, hsnCode: '1905', gstRate: 18, cessRate: null },
    { id: 4, productName: 'Fizz Cola', packName: '750 ml', quantity: 1, pricePaise: 4_000, hsnCode: '2202', gstRate: 28, cessRate: 12 },
  ],
}
const doc = { number: 'KF/2627/00031', issuedAt: new Date('2026-11-24T10:15:01Z') }
const paise = (r: number) => Math.round(r * 100)

describe('the counter receipt’s tax part', () => {
  const invoice = invoiceContent(sale, supplier, doc)
  const part = receiptTaxPart(invoice)

  it('prints the invoice’s figures per rate and per HSN code (golden)', async () => {
    await expect(`${JSON.stringify(part, null, 2)}\n`).toMatchFileSnapshot('./golden/pos-receipt-tax.json')
  })

  it('adds up: rate rows and HSN rows to the invoice’s totals, taxable + tax to what the customer paid; CGST = SGST', () => {
    expect(part.invoice_number).toBe('KF/2627/00031')
    expect(part.inter_state).toBe(false)
    expect(part.place_of_supply).toBe('29-Karnataka')
    expect(part.rates.map((r) => [r.rate, r.cess_rate])).toEqual([
      [5, 0],
      [18, 0],
      [28, 12],
    ])
    expect(part.hsn.map((h) => [h.code, h.rate, h.quantity])).toEqual([
      ['1006', 5, 2],
      ['1905', 18, 3],
      ['2202', 28, 1],
    ])
    for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'cess'] as const) {
      expect(part.rates.reduce((a, r) => a + paise(r[key]), 0)).toBe(paise(part.totals[key]))
      expect(part.hsn.reduce((a, h) => a + paise(h[key]), 0)).toBe(paise(part.totals[key]))
    }
    expect(part.totals.cgst).toBe(part.totals.sgst)
    expect(part.totals.igst).toBe(0)
    expect(part.totals.cess).toBeGreaterThan(0)
    expect(paise(part.totals.taxable) + paise(part.totals.tax)).toBe(sale.totalPaise)
    expect(paise(part.totals.total)).toBe(sale.totalPaise)
  })

  it('names the credit notes of returns', () => {
    const note = creditNoteContent(
      invoice,
      [],
      { amountPaise: 4_000, lines: [{ itemId: 4, quantity: 1 }], reason: 'Returned at the counter' },
      {
        number: 'KFCN/2627/00002',
        issuedAt: new Date('2026-11-24T12:00:00Z'),
      },
    )!
    expect(receiptTaxPart(invoice, [note]).credit_notes).toEqual([{ number: 'KFCN/2627/00002', total: 40 }])
  })
})
