import type { TaxDocumentContent } from '../../../common/contracts/invoices'
import type { ReceiptTax } from '../../../common/contracts/receipt-tax'

/**
 * The tax part a counter receipt prints (issue 17: "printed as the POS receipt's tax part"), from the invoice
 * issued with the sale as it was frozen: its number, the supplier's GSTIN, the business buyer's (a B2B sale), taxes
 * per rate (CGST and SGST; IGST when a business buyer is registered in another state) and the HSN summary. Rupees; the sums are the
 * invoice's lines', so the receipt and the PDF always agree.
 */
export function receiptTaxPart(invoice: TaxDocumentContent, creditNotes: TaxDocumentContent[] = []): ReceiptTax {
  const rupees = (paise: number) => paise / 100
  type Sums = { taxable: number; cgst: number; sgst: number; igst: number; cess: number }
  const zero = (): Sums => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 })
  const rates = new Map<string, Sums & { rate: number; cess_rate: number }>()
  const hsn = new Map<string, Sums & { code: string; rate: number; quantity: number }>()
  for (const l of invoice.lines) {
    const rk = `${l.ratePct}|${l.cessPct}`
    const r = rates.get(rk) ?? { rate: l.ratePct, cess_rate: l.cessPct, ...zero() }
    const hk = `${l.code}|${l.ratePct}`
    const h = hsn.get(hk) ?? { code: l.code || '—', rate: l.ratePct, quantity: 0, ...zero() }
    for (const row of [r, h]) {
      row.taxable += l.taxablePaise
      row.cgst += l.cgstPaise
      row.sgst += l.sgstPaise
      row.igst += l.igstPaise
      row.cess += l.cessPaise
    }
    h.quantity += l.quantity
    rates.set(rk, r)
    hsn.set(hk, h)
  }
  const money = <T extends Sums>(s: T): T => ({
    ...s,
    taxable: rupees(s.taxable),
    cgst: rupees(s.cgst),
    sgst: rupees(s.sgst),
    igst: rupees(s.igst),
    cess: rupees(s.cess),
  })
  const t = invoice.totals
  return {
    invoice_number: invoice.number,
    issued_at: invoice.issuedAt,
    gstin: invoice.supplier.gstin ?? '',
    legal_name: invoice.supplier.name,
    place_of_supply: `${invoice.placeOfSupply.stateCode}-${invoice.placeOfSupply.state}`,
    inter_state: invoice.interState,
    buyer: invoice.recipient.gstin ? { gstin: invoice.recipient.gstin, name: invoice.recipient.name, state: invoice.recipient.state } : null,
    rates: [...rates.values()].sort((a, b) => a.rate - b.rate || a.cess_rate - b.cess_rate).map(money),
    hsn: [...hsn.values()].sort((a, b) => a.code.localeCompare(b.code) || a.rate - b.rate).map(money),
    totals: {
      taxable: rupees(t.taxablePaise),
      cgst: rupees(t.cgstPaise),
      sgst: rupees(t.sgstPaise),
      igst: rupees(t.igstPaise),
      cess: rupees(t.cessPaise),
      tax: rupees(t.taxPaise),
      round_off: rupees(t.roundOffPaise),
      total: rupees(t.totalPaise),
    },
    credit_notes: creditNotes.map((c) => ({ number: c.number, total: rupees(c.totals.totalPaise) })),
  }
}
