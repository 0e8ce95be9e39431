// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReceiptTax } from '../../../common/contracts/receipt-tax'
import { Receipt, type ReceiptData } from './receipt'

afterEach(cleanup)

/** the server's golden tax part of a counter sale (server/features/invoices/golden/pos-receipt-tax.json) */
const golden: ReceiptTax = {
  invoice_number: 'KF/2627/00031',
  issued_at: '2026-11-24T10:15:01.000Z',
  gstin: '29AAKCK4821M1Z0',
  legal_name: 'Kirana Fresh Retail Private Limited',
  place_of_supply: '29-Karnataka',
  inter_state: false,
  rates: [
    { rate: 5, cess_rate: 0, taxable: 467.07, cgst: 11.68, sgst: 11.68, igst: 0, cess: 0 },
    { rate: 18, cess_rate: 0, taxable: 100.16, cgst: 9.01, sgst: 9.01, igst: 0, cess: 0 },
    { rate: 28, cess_rate: 12, taxable: 28.13, cgst: 3.94, sgst: 3.94, igst: 0, cess: 3.38 },
  ],
  hsn: [
    { code: '1006', rate: 5, quantity: 2, taxable: 467.07, cgst: 11.68, sgst: 11.68, igst: 0, cess: 0 },
    { code: '1905', rate: 18, quantity: 3, taxable: 100.16, cgst: 9.01, sgst: 9.01, igst: 0, cess: 0 },
    { code: '2202', rate: 28, quantity: 1, taxable: 28.13, cgst: 3.94, sgst: 3.94, igst: 0, cess: 3.38 },
  ],
  totals: { taxable: 595.36, cgst: 24.63, sgst: 24.63, igst: 0, cess: 3.38, tax: 52.64, round_off: 0, total: 648 },
  credit_notes: [],
}

const data: ReceiptData = {
  order_number: 'OD000777',
  client_id: '0b7d8f2e-1c3a-4e5b-9f6d-2a1b3c4d5e6f',
  at: '2026-11-24T10:15:00Z',
  cashier: 'Ravi',
  register: 'Counter 1',
  lines: [{ pack_id: 1, product_id: 1, product_name: 'Sona Khet Sona Masoori Rice', pack_name: '5 kg', price: 24_900, mrp: 26_000, quantity: 2, discount: 0 }],
  orderDiscount: 0,
  payments: [{ method: 'cash', amount: 50_000 }],
  change: 200,
  tax: golden,
}
const shop = { name: 'Kirana Fresh', address: 'Indiranagar', phone: '+91 80 0000 0000', email: '' }
const rows = (el: Element) => [...el.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent))

describe('the receipt’s GST part', () => {
  it('80 mm: the invoice number and GSTIN, CGST/SGST and cess per rate, the HSN summary as code, rate and tax', () => {
    const { getByLabelText } = render(<Receipt data={data} shop={shop} paper="80mm" />)
    const gst = getByLabelText('GST')
    expect(gst.textContent).toContain('Tax invoice KF/2627/00031')
    expect(gst.textContent).toContain('GSTIN 29AAKCK4821M1Z0')
    const [rates, hsn] = gst.querySelectorAll('table')
    expect(rows(rates)).toEqual([
      ['GST', 'Taxable', 'CGST', 'SGST', 'Cess'],
      ['5%', '467.07', '11.68', '11.68', '0.00'],
      ['18%', '100.16', '9.01', '9.01', '0.00'],
      ['28%+12%', '28.13', '3.94', '3.94', '3.38'],
      ['Total', '595.36', '24.63', '24.63', '3.38'],
    ])
    expect(rows(hsn)).toEqual([
      ['HSN', 'Rate', 'Tax'],
      ['1006', '5%', '23.36'],
      ['1905', '18%', '18.02'],
      ['2202', '28%', '11.26'],
    ])
    expect(gst.textContent).toContain('Total tax (included)₹52.64')
  })

  it('A4: every HSN column and the place of supply; no cess column when there is no cess', () => {
    const noCess: ReceiptTax = {
      ...golden,
      rates: golden.rates.slice(0, 2),
      hsn: golden.hsn.slice(0, 2),
      totals: { ...golden.totals, cess: 0 },
    }
    const { getByLabelText } = render(<Receipt data={{ ...data, tax: noCess }} shop={shop} paper="a4" />)
    const gst = getByLabelText('GST')
    expect(gst.textContent).toContain('Place of supply 29-Karnataka')
    const [rates, hsn] = gst.querySelectorAll('table')
    expect(rows(rates)[0]).toEqual(['GST', 'Taxable', 'CGST', 'SGST'])
    expect(rows(hsn)[0]).toEqual(['HSN', 'Qty', 'Rate', 'Taxable', 'Tax'])
    expect(rows(hsn)[1]).toEqual(['1006', '2', '5%', '467.07', '23.36'])
  })

  it('80 mm B2B across states: the buyer’s name, GSTIN and place of supply; IGST per rate with its taxable value', () => {
    const b2b: ReceiptTax = {
      ...golden,
      place_of_supply: '27-Maharashtra',
      inter_state: true,
      buyer: { gstin: '27AABCH1234K1ZR', name: 'Hotel Sagar Pvt Ltd', state: 'Maharashtra' },
      rates: [{ rate: 5, cess_rate: 0, taxable: 100, cgst: 0, sgst: 0, igst: 5, cess: 0 }],
      hsn: [{ code: '1006', rate: 5, quantity: 1, taxable: 100, cgst: 0, sgst: 0, igst: 5, cess: 0 }],
      totals: { taxable: 100, cgst: 0, sgst: 0, igst: 5, cess: 0, tax: 5, round_off: 0, total: 105 },
    }
    const { getByLabelText, getByTestId } = render(<Receipt data={{ ...data, tax: b2b }} shop={shop} paper="80mm" />)
    expect(getByTestId('receipt-buyer').textContent).toBe('Buyer Hotel Sagar Pvt Ltd · GSTIN 27AABCH1234K1ZR · Place of supply 27-Maharashtra')
    const [rates] = getByLabelText('GST').querySelectorAll('table')
    expect(rows(rates)).toEqual([
      ['GST', 'Taxable', 'IGST'],
      ['5%', '100.00', '5.00'],
      ['Total', '100.00', '5.00'],
    ])
  })

  it('no GST part without an invoice (offline, or a shop not registered)', () => {
    const { queryByLabelText } = render(<Receipt data={{ ...data, tax: null }} shop={shop} paper="80mm" />)
    expect(queryByLabelText('GST')).toBeNull()
  })
})
