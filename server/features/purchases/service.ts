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
}

/** The purchase bills dated from..to, each with its GST split as the bill shows it (CGST + SGST, or IGST). */
export async function billsBetween(db: Db | Tx, websiteId: number, from: string, to: string): Promise<PurchaseBill[]> {
  const rows = await q.billsBetween(db, websiteId, from, to)
  return rows.map(({ intraState, taxPaise, ...b }) => {
    const tax = billTax(taxPaise, intraState)
    return { ...b, cgstPaise: tax.cgst, sgstPaise: tax.sgst, igstPaise: tax.igst }
  })
}
