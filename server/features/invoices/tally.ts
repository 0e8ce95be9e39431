import type { PurchaseBill } from '../purchases/service'
import type { ReturnDocument } from './gstr1'

/**
 * Tally XML for the accountant's books (docs/decisions/0051-gst-returns-and-tally.md, where the format was read):
 * an import request (ENVELOPE → HEADER/TALLYREQUEST "Import Data" → BODY/IMPORTDATA → REQUESTDESC "All Masters" and
 * REQUESTDATA of TALLYMESSAGEs) holding a Sales voucher per tax invoice (web, agent and counter sales alike), a
 * Credit Note voucher per credit note, a Receipt voucher per payment taken (a Payment voucher per refund given), a
 * Purchase voucher per purchase bill, and the khata's movements: a Receipt per khata payment, a Journal moving a
 * credit sale (or its return, or an adjustment) between the order's party and the customer's own ledger. The B2B
 * buyers' and khata customers' ledgers come first, under Sundry Debtors (buyers with their GSTIN), and the
 * suppliers' under Sundry Creditors. Tally's signs: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a
 * credit a positive one with No; every voucher's amounts add up to zero. Plain data in, text out.
 */

export interface TallyLedgers {
  sales: string
  cgst: string
  sgst: string
  igst: string
  cess: string
  roundOff: string
  /** the party of online (web and agent) B2C sales */
  onlineCustomers: string
  /** the party of counter sales to walk-in customers */
  counterCustomers: string
  cash: string
  bank: string
  /** purchase bills: the purchases ledger and the input taxes (issue 33's purchase register) */
  purchases: string
  inputCgst: string
  inputSgst: string
  inputIgst: string
  /** the other side of a khata adjustment (an opening balance brought in, a write-off): the accountant reclassifies */
  khataAdjustments: string
}

export const DEFAULT_TALLY_LEDGERS: TallyLedgers = {
  sales: 'Sales',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  cess: 'Output Cess',
  roundOff: 'Round Off',
  onlineCustomers: 'Online Customers',
  counterCustomers: 'Counter Customers',
  cash: 'Cash',
  bank: 'Bank Account',
  purchases: 'Purchases',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
  khataAdjustments: 'Khata Adjustments',
}

/**
 * money taken against an order: online (bank), cash on delivery or at the counter (cash or bank); or given back
 * (negative: a counter return, an online refund, cash returned for a cash-on-delivery order), a Payment voucher
 */
export interface Receipt {
  at: Date
  orderNumber: string
  /** the order's party ledger, as its invoice names it */
  party: string
  into: 'cash' | 'bank'
  /** + taken, − given back */
  amountPaise: number
  reference: string
}

interface Entry {
  ledger: string
  /** + credit, − debit */
  paise: number
}

/** One entry of a customer's khata (docs/decisions/0047-khata.md) in the range. */
export interface KhataMove {
  id: number
  at: Date
  kind: 'sale' | 'payment' | 'return' | 'adjustment'
  /** the customer's own ledger (khataLedgerName) */
  customer: string
  /** + the customer owes more, − less (as the khata's ledger) */
  amountPaise: number
  /** a payment: into the cash or the bank */
  into: 'cash' | 'bank'
  /** a sale or return: its order's party ledger, as the invoice names it (null: no order) */
  orderParty: string | null
  orderNumber: string | null
  /** the payment's reference or the adjustment's reason */
  note: string
}

/** A khata customer's ledger: the name this website knows them by and their mobile (names alone repeat). */
export const khataLedgerName = (name: string, phone: string | null, userId: number) =>
  `Khata - ${[name.trim(), phone ? `(${phone})` : ''].filter(Boolean).join(' ') || `customer ${userId}`}`

export interface Voucher {
  type: 'Sales' | 'Credit Note' | 'Receipt' | 'Payment' | 'Journal' | 'Purchase'
  date: Date
  number: string
  /** the supplier's bill number of a purchase; else the voucher's number */
  reference?: string
  party: string
  narration: string
  entries: Entry[]
  partyGstin: string | null
}

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;')
/** yyyymmdd in India */
const tallyDate = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10).replaceAll('-', '')
const amount = (paise: number) => (paise / 100).toFixed(2)

/** The ledger a document's buyer is booked to: a B2B buyer's own, else the channel's customers. */
export function partyOf(d: Pick<ReturnDocument['content'], 'recipient' | 'order'>, l: TallyLedgers): string {
  if (d.recipient.gstin) return d.recipient.name
  return d.order.channel === 'pos' ? l.counterCustomers : l.onlineCustomers
}

/** A sales invoice (credit note: every sign turned): the party debited with the total, sales and taxes credited. */
export function documentVoucher(d: ReturnDocument, l: TallyLedgers): Voucher {
  const t = d.content.totals
  const sign = d.kind === 'invoice' ? 1 : -1
  const party = partyOf(d.content, l)
  const credits: Entry[] = [
    { ledger: l.sales, paise: t.taxablePaise },
    { ledger: l.cgst, paise: t.cgstPaise },
    { ledger: l.sgst, paise: t.sgstPaise },
    { ledger: l.igst, paise: t.igstPaise },
    { ledger: l.cess, paise: t.cessPaise },
    { ledger: l.roundOff, paise: t.roundOffPaise },
  ].filter((e) => e.paise !== 0)
  return {
    type: d.kind === 'invoice' ? 'Sales' : 'Credit Note',
    date: d.issuedAt,
    number: d.number,
    party,
    partyGstin: d.content.recipient.gstin,
    narration:
      d.kind === 'invoice'
        ? `Order ${d.content.order.number}; place of supply ${d.content.placeOfSupply.stateCode}-${d.content.placeOfSupply.state}`
        : `Against ${d.content.against?.number ?? ''} (order ${d.content.order.number}): ${d.content.reason ?? ''}`,
    entries: [{ ledger: party, paise: -sign * t.totalPaise }, ...credits.map((e) => ({ ...e, paise: sign * e.paise }))],
  }
}

/** Money taken (Receipt: cash or bank debited, the party credited) or given back (Payment: the reverse). */
export function receiptVoucher(r: Receipt, l: TallyLedgers, n: number): Voucher {
  const back = r.amountPaise < 0
  return {
    type: back ? 'Payment' : 'Receipt',
    date: r.at,
    number: `${back ? 'PMT' : 'RCPT'}-${String(n).padStart(5, '0')}`,
    party: r.party,
    partyGstin: null,
    narration: `Order ${r.orderNumber}${r.reference ? `; ${r.reference}` : ''}`,
    entries: [
      { ledger: r.into === 'cash' ? l.cash : l.bank, paise: -r.amountPaise },
      { ledger: r.party, paise: r.amountPaise },
    ],
  }
}

/**
 * A khata entry: a payment is a Receipt (cash or bank debited, the customer credited); a credit sale a Journal
 * debiting the customer and crediting the order's party (whom the sales invoice debited), a return the reverse; an
 * adjustment a Journal against the adjustments ledger. Numbered by the entry, so a re-export names it the same.
 */
export function khataVoucher(m: KhataMove, l: TallyLedgers): Voucher {
  const other = m.kind === 'payment' ? (m.into === 'cash' ? l.cash : l.bank) : m.kind === 'adjustment' || !m.orderParty ? l.khataAdjustments : m.orderParty
  const what = { sale: 'Sold on khata', payment: 'Khata payment', return: 'Returned to khata', adjustment: 'Khata adjustment' }[m.kind]
  return {
    type: m.kind === 'payment' ? 'Receipt' : 'Journal',
    date: m.at,
    number: `KH-${String(m.id).padStart(5, '0')}`,
    party: m.customer,
    partyGstin: null,
    narration: [what, m.orderNumber ? `order ${m.orderNumber}` : '', m.note].filter(Boolean).join('; '),
    entries: [
      { ledger: m.customer, paise: -m.amountPaise },
      { ledger: other, paise: m.amountPaise },
    ],
  }
}

/** A purchase bill: the purchases ledger and input taxes debited, the supplier credited with the bill's total. */
export function purchaseVoucher(b: PurchaseBill, l: TallyLedgers): Voucher {
  const debits: Entry[] = [
    { ledger: l.purchases, paise: b.taxablePaise },
    { ledger: l.inputCgst, paise: b.cgstPaise },
    { ledger: l.inputSgst, paise: b.sgstPaise },
    { ledger: l.inputIgst, paise: b.igstPaise },
  ].filter((e) => e.paise !== 0)
  return {
    type: 'Purchase',
    date: new Date(`${b.billDate}T00:00:00+05:30`),
    number: `PUR-${String(b.id).padStart(5, '0')}`,
    reference: b.billNumber ?? '',
    party: b.supplierName,
    partyGstin: b.supplierGstin,
    narration: `Purchase bill ${b.billNumber ?? '(no number)'} of ${b.billDate}`,
    entries: [{ ledger: b.supplierName, paise: b.totalPaise }, ...debits.map((e) => ({ ...e, paise: -e.paise }))],
  }
}

function voucherXml(v: Voucher): string {
  const entries = v.entries
    .map((e) => {
      const debit = e.paise < 0
      return [
        '<ALLLEDGERENTRIES.LIST>',
        `<LEDGERNAME>${esc(e.ledger)}</LEDGERNAME>`,
        `<ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>`,
        `<ISPARTYLEDGER>${e.ledger === v.party ? 'Yes' : 'No'}</ISPARTYLEDGER>`,
        `<AMOUNT>${amount(e.paise)}</AMOUNT>`,
        '</ALLLEDGERENTRIES.LIST>',
      ].join('')
    })
    .join('\n')
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="${v.type}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    `<DATE>${tallyDate(v.date)}</DATE><EFFECTIVEDATE>${tallyDate(v.date)}</EFFECTIVEDATE>`,
    `<VOUCHERTYPENAME>${v.type}</VOUCHERTYPENAME><VOUCHERNUMBER>${esc(v.number)}</VOUCHERNUMBER><REFERENCE>${esc(v.reference ?? v.number)}</REFERENCE>`,
    `<PARTYLEDGERNAME>${esc(v.party)}</PARTYLEDGERNAME>${v.partyGstin ? `<PARTYGSTIN>${v.partyGstin}</PARTYGSTIN>` : ''}`,
    `<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW><ISINVOICE>No</ISINVOICE>`,
    `<NARRATION>${esc(v.narration)}</NARRATION>`,
    entries,
    '</VOUCHER></TALLYMESSAGE>',
  ].join('\n')
}

/**
 * A party's ledger, so its vouchers import into a fresh company: a B2B buyer under Sundry Debtors, a supplier under
 * Sundry Creditors; with the GSTIN (Regular) and state when known, else Unregistered.
 */
function partyLedgerXml(name: string, parent: 'Sundry Debtors' | 'Sundry Creditors', gstin: string | null, state: string | null): string {
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${esc(name)}" ACTION="Create">`,
    `<NAME>${esc(name)}</NAME><PARENT>${parent}</PARENT>`,
    gstin ? `<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE><PARTYGSTIN>${gstin}</PARTYGSTIN>` : '<GSTREGISTRATIONTYPE>Unregistered</GSTREGISTRATIONTYPE>',
    state ? `<LEDSTATENAME>${esc(state)}</LEDSTATENAME>` : '',
    '</LEDGER></TALLYMESSAGE>',
  ].join('')
}

export interface TallyInput {
  company: string
  ledgers: TallyLedgers
  documents: ReturnDocument[]
  receipts: Receipt[]
  /** the purchase bills dated in the range */
  purchases?: PurchaseBill[]
  /** the khata entries written in the range */
  khata?: KhataMove[]
}

/** The vouchers of the range, oldest first. Receipts and payments are numbered in the file, each its own series. */
export function tallyVouchers({ ledgers, documents, receipts, purchases = [], khata = [] }: TallyInput): Voucher[] {
  const docs = documents.map((d) => documentVoucher(d, ledgers))
  const n = { in: 0, out: 0 }
  const paid = [...receipts].sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => receiptVoucher(r, ledgers, r.amountPaise < 0 ? ++n.out : ++n.in))
  const bought = purchases.map((b) => purchaseVoucher(b, ledgers))
  const credit = khata.map((m) => khataVoucher(m, ledgers))
  return [...docs, ...paid, ...bought, ...credit].sort((a, b) => a.date.getTime() - b.date.getTime())
}

export function tallyXml(input: TallyInput): string {
  const parties = new Map<string, string>()
  for (const d of input.documents) {
    const r = d.content.recipient
    if (r.gstin && !parties.has(r.name)) parties.set(r.name, partyLedgerXml(r.name, 'Sundry Debtors', r.gstin, r.state))
  }
  for (const m of input.khata ?? []) if (!parties.has(m.customer)) parties.set(m.customer, partyLedgerXml(m.customer, 'Sundry Debtors', null, null))
  for (const b of input.purchases ?? [])
    if (!parties.has(b.supplierName)) parties.set(b.supplierName, partyLedgerXml(b.supplierName, 'Sundry Creditors', b.supplierGstin, b.supplierState))
  const messages = [...parties.values(), ...tallyVouchers(input).map(voucherXml)]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    `<REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${esc(input.company)}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>`,
    '<REQUESTDATA>',
    ...messages,
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n')
}
