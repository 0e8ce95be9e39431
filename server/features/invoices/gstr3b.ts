import type { Gstr3b } from '../../../common/contracts/gst-returns'
import type { PurchaseBill } from '../purchases/service'
import { rupees } from './gstr1'
import type { MonthDocuments } from './returns'

/**
 * GSTR-3B's outward supplies of a month (tables 3.1 and 3.2) from the same documents as GSTR-1, credit notes taken
 * off, so the two returns agree; input tax credit (table 4(A)(5)) from the month's purchase bills (decision 0051).
 */

export const ITC_NOTE =
  'Table 4(A)(5) "All other ITC" is the GST on this month’s purchase bills from suppliers with a GSTIN, less the GST of the goods returned to them this month (debit notes); bills from unregistered suppliers are listed but not counted. No cess is kept on purchase bills. Before filing, check it against your GSTR-2B: credit can be taken only for bills your suppliers have filed.'

interface Sum {
  taxable: number
  igst: number
  cgst: number
  sgst: number
  cess: number
}
const zero = (): Sum => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 })
const money = (s: Sum) => ({ taxable: rupees(s.taxable), igst: rupees(s.igst), cgst: rupees(s.cgst), sgst: rupees(s.sgst), cess: rupees(s.cess) })

/**
 * 4(A)(5): each bill's GST as the bill shows it (CGST + SGST or IGST), summed over the bills from registered suppliers;
 * a debit note (goods returned to the supplier) comes in negative and takes its GST back off.
 */
function inputTaxCredit(bills: PurchaseBill[]) {
  const itc = zero()
  const listed = bills.map((b) => {
    const counted = Boolean(b.supplierGstin)
    const s: Sum = { taxable: b.taxablePaise, igst: b.igstPaise, cgst: b.cgstPaise, sgst: b.sgstPaise, cess: 0 }
    if (counted) for (const k of ['taxable', 'igst', 'cgst', 'sgst'] as const) itc[k] += s[k]
    return {
      bill_id: b.id,
      kind: b.kind,
      bill_number: b.billNumber,
      bill_date: b.billDate,
      supplier: b.supplierName,
      gstin: b.supplierGstin,
      counted,
      ...money(s),
    }
  })
  return { itc: money(itc), itc_bills: listed }
}

export function buildGstr3b({ gstin, period, documents, bills }: Pick<MonthDocuments, 'gstin' | 'period' | 'documents'> & { bills: PurchaseBill[] }): Gstr3b {
  const total = zero()
  const byRate = new Map<number, Sum>()
  const interB2c = new Map<string, { taxable: number; igst: number }>()
  let nil = 0
  for (const d of documents) {
    const sign = d.kind === 'credit_note' ? -1 : 1
    const c = d.content
    for (const l of c.lines) {
      if (l.ratePct === 0) {
        nil += sign * l.taxablePaise
        continue
      }
      const rate = byRate.get(l.ratePct) ?? zero()
      for (const s of [total, rate]) {
        s.taxable += sign * l.taxablePaise
        s.igst += sign * l.igstPaise
        s.cgst += sign * l.cgstPaise
        s.sgst += sign * l.sgstPaise
        s.cess += sign * l.cessPaise
      }
      byRate.set(l.ratePct, rate)
      if (c.interState && !c.recipient.gstin) {
        const pos = `${c.placeOfSupply.stateCode}-${c.placeOfSupply.state}`
        const row = interB2c.get(pos) ?? { taxable: 0, igst: 0 }
        row.taxable += sign * l.taxablePaise
        row.igst += sign * l.igstPaise
        interB2c.set(pos, row)
      }
    }
  }
  return {
    period,
    gstin,
    outward_taxable: {
      ...money(total),
      by_rate: [...byRate.entries()].sort((a, b) => a[0] - b[0]).map(([rate, s]) => ({ rate, ...money(s) })),
    },
    outward_nil_exempt: { taxable: rupees(nil) },
    inter_state_unregistered: [...interB2c.entries()].sort().map(([pos, r]) => ({ pos, taxable: rupees(r.taxable), igst: rupees(r.igst) })),
    ...inputTaxCredit(bills),
    itc_note: ITC_NOTE,
  }
}
