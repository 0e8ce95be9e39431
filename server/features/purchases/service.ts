import type { Db, Tx } from '../../db/client'
import { billTax } from './money'
import * as q from './queries'

/** What other features read of the purchases (issue 33): the bills of a range, as GST returns and Tally need them. */

export interface PurchaseBill {
  id: number
  billNumber: string | null
  /** YYYY-MM-DD */
  billDate: string
  supplierName: string
  supplierGstin: string | null
  supplierState: string | null
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  totalPaise: number
  /** a bill received, or a debit note (goods returned to the supplier: its amounts are negative) */
  kind: 'bill' | 'debit_note'
}

/** The purchase bills dated from..to, each with its GST split as the bill shows it (CGST + SGST, or IGST). */
export async function billsBetween(db: Db | Tx, websiteId: number, from: string, to: string): Promise<PurchaseBill[]> {
  const rows = await q.billsBetween(db, websiteId, from, to)
  return rows.map(({ intraState, taxPaise, ...b }) => {
    const tax = billTax(taxPaise, intraState)
    return { ...b, cgstPaise: tax.cgst, sgstPaise: tax.sgst, igstPaise: tax.igst, kind: 'bill' as const }
  })
}

/** The debit notes made from..to as bills of negative amounts: what a return to the supplier takes off the input tax credit. */
export async function returnsBetween(db: Db | Tx, websiteId: number, from: string, to: string): Promise<PurchaseBill[]> {
  const rows = await q.debitNotesBetween(db, websiteId, from, to)
  return rows.map(({ intraState, taxPaise, taxablePaise, totalPaise, ...b }) => {
    const tax = billTax(taxPaise, intraState)
    return {
      ...b,
      taxablePaise: -taxablePaise,
      totalPaise: -totalPaise,
      cgstPaise: -tax.cgst,
      sgstPaise: -tax.sgst,
      igstPaise: -tax.igst,
      kind: 'debit_note' as const,
    }
  })
}
