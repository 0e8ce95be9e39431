import type { Gstr1, Gstr1CsvSection } from '../../../common/contracts/gst-returns'
import type { CsvCell } from '../../../common/csv'
import { itemsOf, portalDate, type ReturnDocument, rupees, sectionOf } from './gstr1'
import type { MonthDocuments } from './returns'

/**
 * GSTR-1 sections as CSV with the columns of the GST offline tool's Excel sheets (b2b, b2cl, b2cs, cdnr, cdnur,
 * exemp as `nil`, hsn, docs), and `documents`: every invoice and credit note of the month with the section it went
 * to and its figures, so each figure of the return is traceable to its documents.
 */

type Table = CsvCell[][]
const placeOf = (d: ReturnDocument) => `${d.content.placeOfSupply.stateCode}-${d.content.placeOfSupply.state}`

/** one row per rate of a document, as the sheets want them */
const rateRows = (d: ReturnDocument, row: (it: ReturnType<typeof itemsOf>[number]['itm_det']) => CsvCell[]) => itemsOf(d.content).map((i) => row(i.itm_det))

export function gstr1Csv(month: MonthDocuments, json: Gstr1, section: Gstr1CsvSection): Table {
  const placed = month.documents.map((d) => ({
    d,
    section: sectionOf(d, d.kind === 'invoice' ? d.totalPaise : (month.invoiceTotals.get(d.content.against?.number ?? '') ?? 0)),
  }))
  const of = (s: string) => placed.filter((p) => p.section === s).map((p) => p.d)
  switch (section) {
    case 'b2b':
      return [
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Applicable % of Tax Rate',
          'Invoice Type',
          'E-Commerce GSTIN',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        ...of('b2b').flatMap((d) =>
          rateRows(d, (i) => [
            d.content.recipient.gstin ?? '',
            d.content.recipient.name,
            d.number,
            portalDate(d.issuedAt),
            rupees(d.totalPaise),
            placeOf(d),
            'N',
            '',
            'Regular B2B',
            '',
            i.rt,
            i.txval,
            i.csamt,
          ]),
        ),
      ]
    case 'b2cl':
      return [
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        ...of('b2cl').flatMap((d) => rateRows(d, (i) => [d.number, portalDate(d.issuedAt), rupees(d.totalPaise), placeOf(d), '', i.rt, i.txval, i.csamt, ''])),
      ]
    case 'b2cs':
      return [
        ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
        ...json.b2cs.map((r) => ['OE', r.pos, '', r.rt, r.txval, r.csamt, '']),
      ]
    case 'cdnr':
      return [
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Reverse Charge',
          'Note Supply Type',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        ...of('cdnr').flatMap((d) =>
          rateRows(d, (i) => [
            d.content.recipient.gstin ?? '',
            d.content.recipient.name,
            d.number,
            portalDate(d.issuedAt),
            'C',
            placeOf(d),
            'N',
            'Regular B2B',
            rupees(d.totalPaise),
            '',
            i.rt,
            i.txval,
            i.csamt,
          ]),
        ),
      ]
    case 'cdnur':
      return [
        [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        ...of('cdnur').flatMap((d) =>
          rateRows(d, (i) => ['B2CL', d.number, portalDate(d.issuedAt), 'C', placeOf(d), rupees(d.totalPaise), '', i.rt, i.txval, i.csamt]),
        ),
      ]
    case 'nil': {
      const names: Record<string, string> = {
        INTRB2B: 'Inter-State supplies to registered persons',
        INTRAB2B: 'Intra-State supplies to registered persons',
        INTRB2C: 'Inter-State supplies to unregistered persons',
        INTRAB2C: 'Intra-State supplies to unregistered persons',
      }
      return [
        ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
        ...json.nil.inv.map((r) => [names[r.sply_ty], r.nil_amt, r.expt_amt, r.ngsup_amt]),
      ]
    }
    case 'hsn':
      return [
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        ...json.hsn.data.map((r) => [r.hsn_sc, r.desc, r.uqc, r.qty, r.val, r.rt, r.txval, r.iamt, r.camt, r.samt, r.csamt]),
      ]
    case 'docs':
      return [
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        ...json.doc_issue.doc_det.flatMap((s) => s.docs.map((r) => [s.doc_typ, r.from, r.to, r.totnum, r.cancel])),
      ]
    case 'documents':
      return [
        [
          'Section',
          'Type',
          'Number',
          'Date',
          'Order',
          'Against invoice',
          'Buyer GSTIN',
          'Buyer',
          'Place of supply',
          'Taxable value',
          'IGST',
          'CGST',
          'SGST',
          'Cess',
          'Total',
        ],
        ...placed.map(({ d, section: s }) => {
          const t = d.content.totals
          return [
            s,
            d.kind === 'invoice' ? 'Invoice' : 'Credit note',
            d.number,
            portalDate(d.issuedAt),
            d.content.order.number,
            d.content.against?.number ?? '',
            d.content.recipient.gstin ?? '',
            d.content.recipient.name,
            placeOf(d),
            rupees(t.taxablePaise),
            rupees(t.igstPaise),
            rupees(t.cgstPaise),
            rupees(t.sgstPaise),
            rupees(t.cessPaise),
            rupees(d.totalPaise),
          ]
        }),
      ]
  }
}
