import type { ReturnDocument } from './gstr1'

/**
 * Tally XML for the accountant's books (docs/decisions/0051-gst-returns-and-tally.md, where the format was read):
 * an import request (ENVELOPE → HEADER/TALLYREQUEST "Import Data" → BODY/IMPORTDATA → REQUESTDESC "All Masters" and
 * REQUESTDATA of TALLYMESSAGEs) holding a Sales voucher per tax invoice (web, agent and counter sales alike), a
 * Credit Note voucher per credit note, and a Receipt voucher per payment taken; the B2B buyers' ledgers come first,
 * under Sundry Debtors with their GSTIN. Tally's signs: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a
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
}

/** money taken against an order: online (bank), cash on delivery or at the counter (cash or bank) */
export interface Receipt {
  at: Date
  orderNumber: string
  /** the order's party ledger, as its invoice names it */
  party: string
  into: 'cash' | 'bank'
  /** + taken, − given back at the counter */
  amountPaise: number
  reference: string
}

interface Entry {
  ledger: string
  /** + credit, − debit */
  paise: number
}

export interface Voucher {
  type: 'Sales' | 'Credit Note' | 'Receipt'
  date: Date
  number: string
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

export function receiptVoucher(r: Receipt, l: TallyLedgers, n: number): Voucher {
  return {
    type: 'Receipt',
    date: r.at,
    number: `RCPT-${String(n).padStart(5, '0')}`,
    party: r.party,
    partyGstin: null,
    narration: `Order ${r.orderNumber}${r.reference ? `; ${r.reference}` : ''}`,
    entries: [
      { ledger: r.into === 'cash' ? l.cash : l.bank, paise: -r.amountPaise },
      { ledger: r.party, paise: r.amountPaise },
    ],
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
    `<VOUCHERTYPENAME>${v.type}</VOUCHERTYPENAME><VOUCHERNUMBER>${esc(v.number)}</VOUCHERNUMBER><REFERENCE>${esc(v.number)}</REFERENCE>`,
    `<PARTYLEDGERNAME>${esc(v.party)}</PARTYLEDGERNAME>${v.partyGstin ? `<PARTYGSTIN>${v.partyGstin}</PARTYGSTIN>` : ''}`,
    `<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW><ISINVOICE>No</ISINVOICE>`,
    `<NARRATION>${esc(v.narration)}</NARRATION>`,
    entries,
    '</VOUCHER></TALLYMESSAGE>',
  ].join('\n')
}

/** a B2B buyer's ledger under Sundry Debtors, with its GSTIN and state, so its vouchers import into a fresh company */
function partyLedgerXml(name: string, gstin: string, state: string): string {
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${esc(name)}" ACTION="Create">`,
    `<NAME>${esc(name)}</NAME><PARENT>Sundry Debtors</PARENT>`,
    `<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE><PARTYGSTIN>${gstin}</PARTYGSTIN><LEDSTATENAME>${esc(state)}</LEDSTATENAME>`,
    '</LEDGER></TALLYMESSAGE>',
  ].join('')
}

export interface TallyInput {
  company: string
  ledgers: TallyLedgers
  documents: ReturnDocument[]
  receipts: Receipt[]
}

/** The vouchers of the range, oldest first: documents, then receipts. */
export function tallyVouchers({ ledgers, documents, receipts }: TallyInput): Voucher[] {
  const docs = documents.map((d) => documentVoucher(d, ledgers))
  const paid = [...receipts].sort((a, b) => a.at.getTime() - b.at.getTime()).map((r, i) => receiptVoucher(r, ledgers, i + 1))
  return [...docs, ...paid].sort((a, b) => a.date.getTime() - b.date.getTime())
}

export function tallyXml(input: TallyInput): string {
  const parties = new Map<string, { gstin: string; state: string }>()
  for (const d of input.documents) {
    const r = d.content.recipient
    if (r.gstin && !parties.has(r.name)) parties.set(r.name, { gstin: r.gstin, state: r.state })
  }
  const messages = [...[...parties.entries()].map(([name, p]) => partyLedgerXml(name, p.gstin, p.state)), ...tallyVouchers(input).map(voucherXml)]
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
