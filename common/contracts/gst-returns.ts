import * as z from 'zod/mini'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * GST returns data for the shop's accountant (issue 34, docs/decisions/0051-gst-returns-and-tally.md): GSTR-1 as
 * the GST portal's offline tool writes its JSON, the same as CSVs, a GSTR-3B summary, and a Tally XML export.
 * Figures are rupees with two decimals, as the portal takes them.
 */

/** A month, YYYY-MM (a quarter's GSTR-1 under QRMP: one file per month of it, as the IFF takes them). */
export const ReturnPeriod = text('Period', [z.trim(), z.regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM)')])

const num = z.number()
/** one rate's figures of an invoice (itms[].itm_det) */
const ItemDetail = z.object({
  txval: num,
  rt: num,
  iamt: z.optional(num),
  camt: z.optional(num),
  samt: z.optional(num),
  csamt: num,
})
const Items = z.array(z.object({ num: num, itm_det: ItemDetail }))

export const Gstr1 = z.object({
  gstin: z.string(),
  /** filing period MMYYYY */
  fp: z.string(),
  version: z.string(),
  hash: z.string(),
  /** table 4: invoices to registered buyers, by the buyer's GSTIN */
  b2b: z.array(
    z.object({
      ctin: z.string(),
      inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: num, pos: z.string(), rchrg: z.string(), inv_typ: z.string(), itms: Items })),
    }),
  ),
  /** table 5: inter-state invoices to unregistered buyers above ₹1 lakh, by place of supply */
  b2cl: z.array(z.object({ pos: z.string(), inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: num, itms: Items })) })),
  /** table 7: every other B2C supply, by place of supply and rate (credit notes against them taken off) */
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos: z.string(),
      typ: z.string(),
      rt: num,
      txval: num,
      iamt: z.optional(num),
      camt: z.optional(num),
      samt: z.optional(num),
      csamt: num,
    }),
  ),
  /** table 9B: credit notes to registered buyers */
  cdnr: z.array(
    z.object({
      ctin: z.string(),
      nt: z.array(
        z.object({ ntty: z.string(), nt_num: z.string(), nt_dt: z.string(), val: num, pos: z.string(), rchrg: z.string(), inv_typ: z.string(), itms: Items }),
      ),
    }),
  ),
  /** table 9B: credit notes against B2C large invoices */
  cdnur: z.array(z.object({ typ: z.string(), ntty: z.string(), nt_num: z.string(), nt_dt: z.string(), val: num, pos: z.string(), itms: Items })),
  /** table 8: nil-rated (0 %) supplies */
  nil: z.object({
    inv: z.array(z.object({ sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']), nil_amt: num, expt_amt: num, ngsup_amt: num })),
  }),
  /** table 12: HSN/SAC summary (credit notes taken off) */
  hsn: z.object({
    data: z.array(
      z.object({
        num: num,
        hsn_sc: z.string(),
        desc: z.string(),
        uqc: z.string(),
        qty: num,
        val: num,
        txval: num,
        iamt: num,
        camt: num,
        samt: num,
        csamt: num,
        rt: num,
      }),
    ),
  }),
  /** table 13: documents issued */
  doc_issue: z.object({
    doc_det: z.array(
      z.object({
        doc_num: num,
        doc_typ: z.string(),
        docs: z.array(z.object({ num: num, from: z.string(), to: z.string(), totnum: num, cancel: num, net_issue: num })),
      }),
    ),
  }),
})
export type Gstr1 = z.infer<typeof Gstr1>

export const getGstr1 = defineContract({
  method: 'GET',
  path: '/api/admin/gst/gstr1.json',
  summary:
    'CONTRACT: the month’s GSTR-1 as the GST portal’s offline tool JSON (b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn, doc_issue), from the tax invoices and credit notes issued in it',
  query: z.object({ period: ReturnPeriod }),
  response: Gstr1,
})

export const GSTR1_CSV_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'docs', 'documents'] as const
export type Gstr1CsvSection = (typeof GSTR1_CSV_SECTIONS)[number]

export const getGstr1Csv = defineContract({
  method: 'GET',
  path: '/api/admin/gst/gstr1.csv',
  summary:
    'One GSTR-1 section of the month as CSV (the offline tool’s Excel sheet columns); `documents` lists every invoice and credit note with the section it went to',
  query: z.object({
    period: ReturnPeriod,
    section: z.enum(GSTR1_CSV_SECTIONS, { error: `section must be one of ${GSTR1_CSV_SECTIONS.join(', ')}` }),
  }),
  response: z.string(),
})

export const getTallyXml = defineContract({
  method: 'GET',
  path: '/api/admin/exports/tally.xml',
  summary:
    'CONTRACT: Tally XML (an ENVELOPE of vouchers) for the days from..to: sales invoices (web, agent and counter), credit notes, receipts and refunds (Receipt and Payment vouchers), khata payments and credit sales, and purchase bills, with ledgers named in the Tally settings',
  query: z.object({ from: calendarDate('From date'), to: calendarDate('To date') }),
  response: z.string(),
})

/** The Tally ledgers the export books to (names as they are in the shop's Tally company). */
export const TALLY_LEDGER_KEYS = [
  'sales',
  'cgst',
  'sgst',
  'igst',
  'cess',
  'roundOff',
  'onlineCustomers',
  'counterCustomers',
  'cash',
  'bank',
  'purchases',
  'inputCgst',
  'inputSgst',
  'inputIgst',
  'khataAdjustments',
] as const
const ledgerName = (label: string) =>
  text(label, [
    z.trim(),
    z.minLength(1, `Name the ${label} ledger`),
    z.maxLength(100, `${label}: at most 100 characters`),
    z.regex(/^[^<>&"]*$/, `${label}: no < > & or "`),
  ])
export const TallyLedgersInput = z.strictObject({
  sales: ledgerName('Sales'),
  cgst: ledgerName('Output CGST'),
  sgst: ledgerName('Output SGST'),
  igst: ledgerName('Output IGST'),
  cess: ledgerName('Output cess'),
  roundOff: ledgerName('Round off'),
  onlineCustomers: ledgerName('Online customers'),
  counterCustomers: ledgerName('Counter customers'),
  cash: ledgerName('Cash'),
  bank: ledgerName('Bank'),
  /** purchase vouchers' ledgers (added later: optional, kept as they were when not given) */
  purchases: z.optional(ledgerName('Purchases')),
  inputCgst: z.optional(ledgerName('Input CGST')),
  inputSgst: z.optional(ledgerName('Input SGST')),
  inputIgst: z.optional(ledgerName('Input IGST')),
  /** the other side of a khata adjustment (added later: optional, kept as it was when not given) */
  khataAdjustments: z.optional(ledgerName('Khata adjustments')),
})
export type TallyLedgersInput = z.infer<typeof TallyLedgersInput>
const ledgerFields = Object.fromEntries(TALLY_LEDGER_KEYS.map((k) => [k, z.string()])) as Record<(typeof TALLY_LEDGER_KEYS)[number], z.ZodMiniString>
export const TallyLedgersAnswer = z.object(ledgerFields)
export type TallyLedgersAnswer = z.infer<typeof TallyLedgersAnswer>

export const getTallyLedgers = defineContract({
  method: 'GET',
  path: '/api/admin/exports/tally-ledgers',
  summary: 'The Tally ledger names the export uses (defaults until staff name their own)',
  response: TallyLedgersAnswer,
})

export const updateTallyLedgers = defineContract({
  method: 'PUT',
  path: '/api/admin/exports/tally-ledgers',
  summary:
    'Names the Tally ledgers the export books to (the ten of sales as a whole; the four of purchases and the khata adjustments one optional, kept when not given); 409 while no GST registration is saved',
  body: TallyLedgersInput,
  response: TallyLedgersAnswer,
})

const Tax = { taxable: num, igst: num, cgst: num, sgst: num, cess: num }
export const Gstr3b = z.object({
  period: z.string(),
  gstin: z.string(),
  /** 3.1(a): outward taxable supplies (other than zero-rated, nil and exempt), credit notes taken off; and by rate */
  outward_taxable: z.object({ ...Tax, by_rate: z.array(z.object({ rate: num, ...Tax })) }),
  /** 3.1(c): nil-rated and exempt supplies */
  outward_nil_exempt: z.object({ taxable: num }),
  /** 3.2: inter-state supplies to unregistered persons, by place of supply */
  inter_state_unregistered: z.array(z.object({ pos: z.string(), taxable: num, igst: num })),
  /** 4: input tax credit; null while the shop's purchases are not recorded here */
  /** 4(A)(5) "All other ITC" (= 4(C) net ITC: nothing is reversed here): the GST on the month's purchase bills from registered suppliers */
  itc: z.nullable(z.object(Tax)),
  itc_note: z.string(),
  /** the purchase bills dated in the month and the debit notes made in it, each with its GST; `counted`: in 4(A)(5) (the supplier has a GSTIN) */
  itc_bills: z.optional(
    z.array(
      z.object({
        bill_id: num,
        /** a purchase bill, or a debit note (goods returned to the supplier; its amounts negative) */
        kind: z.enum(['bill', 'debit_note']),
        bill_number: z.nullable(z.string()),
        bill_date: z.string(),
        supplier: z.string(),
        gstin: z.nullable(z.string()),
        counted: z.boolean(),
        ...Tax,
      }),
    ),
  ),
})
export type Gstr3b = z.infer<typeof Gstr3b>

export const getGstr3b = defineContract({
  method: 'GET',
  path: '/api/admin/gst/gstr3b',
  summary: 'The month’s GSTR-3B outward supplies (3.1, 3.2) from its tax invoices and credit notes; input tax credit 4(A)(5) from the month’s purchase bills',
  query: z.object({ period: ReturnPeriod }),
  response: Gstr3b,
})

export const OrdersWithoutInvoice = z.object({
  /** oldest first, at most 200 */
  data: z.array(z.object({ order_id: num, order_number: z.string(), placed_at: z.string(), channel: z.string(), total: num })),
  total: num,
})
export type OrdersWithoutInvoice = z.infer<typeof OrdersWithoutInvoice>

export const listOrdersWithoutInvoice = defineContract({
  method: 'GET',
  path: '/api/admin/gst/orders-without-invoice',
  summary:
    'Orders confirmed (or sold at the counter) while no GST registration was saved, still without a tax invoice: for the accountant, until staff issue them (rupees)',
  response: OrdersWithoutInvoice,
})
