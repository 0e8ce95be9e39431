import type { Gstr1 } from '../../../common/contracts/gst-returns'
import type { TaxDocumentContent, TaxLine } from '../../../common/contracts/invoices'

/**
 * GSTR-1 of a month from the tax invoices and credit notes issued in it, in the GST portal's offline-tool JSON
 * (docs/decisions/0051-gst-returns-and-tally.md, where the format was read). Plain data in, plain data out: the
 * golden test runs this very code. Amounts are rupees to the paisa; every figure comes from documents' lines, and
 * `sectionOf` says where each document went (the `documents` CSV lists it, so every figure is traceable).
 */

export interface ReturnDocument {
  kind: 'invoice' | 'credit_note'
  number: string
  seq: number
  financialYear: string
  issuedAt: Date
  totalPaise: number
  content: TaxDocumentContent
}

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'nil'

/** B2C large: an inter-state invoice to an unregistered buyer above ₹1,00,000 (₹2,50,000 before August 2024). */
export const B2CL_ABOVE_PAISE = 100_000_00
export const GSTR1_VERSION = 'GST3.2.1'

export const rupees = (paise: number) => Math.round(paise) / 100

/** DD-MM-YYYY in India, as the portal writes dates */
export function portalDate(at: Date): string {
  const d = new Date(at.getTime() + 330 * 60_000).toISOString()
  return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`
}

/** "2026-05" → "052026" */
export const filingPeriod = (period: string) => `${period.slice(5, 7)}${period.slice(0, 4)}`

const isB2cl = (c: TaxDocumentContent, invoiceTotalPaise: number) => !c.recipient.gstin && c.interState && invoiceTotalPaise > B2CL_ABOVE_PAISE

/**
 * Where a document goes: an invoice by its buyer (registered: b2b; unregistered: b2cl when large and inter-state,
 * else b2cs); a credit note to a registered buyer cdnr, against a B2C large invoice cdnur, else taken off b2cs.
 * A document of only 0 % lines is reported under nil alone. `invoiceTotalPaise`: the invoice's (a credit note's own invoice).
 */
export function sectionOf(d: ReturnDocument, invoiceTotalPaise: number): Gstr1Section {
  const c = d.content
  if (c.lines.every((l) => l.ratePct === 0)) return 'nil'
  if (d.kind === 'invoice') return c.recipient.gstin ? 'b2b' : isB2cl(c, invoiceTotalPaise) ? 'b2cl' : 'b2cs'
  return c.recipient.gstin ? 'cdnr' : isB2cl(c, invoiceTotalPaise) ? 'cdnur' : 'b2cs'
}

interface Taxes {
  txval: number
  iamt: number
  camt: number
  samt: number
  csamt: number
}
const zero = (): Taxes => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 })
function add(t: Taxes, l: TaxLine, sign = 1) {
  t.txval += sign * l.taxablePaise
  t.iamt += sign * l.igstPaise
  t.camt += sign * l.cgstPaise
  t.samt += sign * l.sgstPaise
  t.csamt += sign * l.cessPaise
}
/** the tax heads of a supply: IGST across states, CGST + SGST within */
const heads = (t: Taxes, interState: boolean) =>
  interState ? { iamt: rupees(t.iamt), csamt: rupees(t.csamt) } : { camt: rupees(t.camt), samt: rupees(t.samt), csamt: rupees(t.csamt) }

/** a document's taxed lines summed by rate (itms), in rate order */
export function itemsOf(c: TaxDocumentContent) {
  const byRate = new Map<number, Taxes>()
  for (const l of c.lines) {
    if (l.ratePct === 0) continue
    const t = byRate.get(l.ratePct) ?? zero()
    add(t, l)
    byRate.set(l.ratePct, t)
  }
  return [...byRate.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rt, t], i) => ({ num: i + 1, itm_det: { txval: rupees(t.txval), rt, ...heads(t, c.interState) } }))
}

const groupBy = <T, K>(xs: T[], key: (x: T) => K) => {
  const m = new Map<K, T[]>()
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x])
  return m
}

export interface Gstr1Input {
  gstin: string
  period: string
  documents: ReturnDocument[]
  /** each credit note's invoice total, by the invoice's number (B2C large or small) */
  invoiceTotals: Map<string, number>
}

const invoiceTotal = (d: ReturnDocument, totals: Map<string, number>) =>
  d.kind === 'invoice' ? d.totalPaise : (totals.get(d.content.against?.number ?? '') ?? 0)

export function buildGstr1({ gstin, period, documents, invoiceTotals }: Gstr1Input): Gstr1 {
  const placed = documents.map((d) => ({ d, section: sectionOf(d, invoiceTotal(d, invoiceTotals)) }))
  const of = (s: Gstr1Section) => placed.filter((p) => p.section === s).map((p) => p.d)
  const pos = (d: ReturnDocument) => d.content.placeOfSupply.stateCode

  const b2b = [...groupBy(of('b2b'), (d) => d.content.recipient.gstin!).entries()].map(([ctin, docs]) => ({
    ctin,
    inv: docs.map((d) => ({
      inum: d.number,
      idt: portalDate(d.issuedAt),
      val: rupees(d.totalPaise),
      pos: pos(d),
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsOf(d.content),
    })),
  }))
  const b2cl = [...groupBy(of('b2cl'), pos).entries()].map(([p, docs]) => ({
    pos: p,
    inv: docs.map((d) => ({ inum: d.number, idt: portalDate(d.issuedAt), val: rupees(d.totalPaise), itms: itemsOf(d.content) })),
  }))
  const note = (d: ReturnDocument) => ({ ntty: 'C', nt_num: d.number, nt_dt: portalDate(d.issuedAt), val: rupees(d.totalPaise), pos: pos(d) })
  const cdnr = [...groupBy(of('cdnr'), (d) => d.content.recipient.gstin!).entries()].map(([ctin, docs]) => ({
    ctin,
    nt: docs.map((d) => ({ ...note(d), rchrg: 'N', inv_typ: 'R', itms: itemsOf(d.content) })),
  }))
  const cdnur = of('cdnur').map((d) => ({ typ: 'B2CL', ...note(d), itms: itemsOf(d.content) }))

  // B2C small: invoices' taxed lines by supply type, place of supply and rate; their credit notes taken off
  const b2csRows = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; t: Taxes }>()
  for (const d of of('b2cs')) {
    const sign = d.kind === 'credit_note' ? -1 : 1
    const sply_ty = d.content.interState ? 'INTER' : 'INTRA'
    for (const l of d.content.lines) {
      if (l.ratePct === 0) continue
      const key = `${sply_ty}|${pos(d)}|${l.ratePct}`
      const row = b2csRows.get(key) ?? { sply_ty, pos: pos(d), rt: l.ratePct, t: zero() }
      add(row.t, l, sign)
      b2csRows.set(key, row)
    }
  }
  const b2cs = [...b2csRows.values()]
    .sort((a, b) => a.sply_ty.localeCompare(b.sply_ty) || a.pos.localeCompare(b.pos) || a.rt - b.rt)
    .map((r) => ({ sply_ty: r.sply_ty, pos: r.pos, typ: 'OE', rt: r.rt, txval: rupees(r.t.txval), ...heads(r.t, r.sply_ty === 'INTER') }))

  // nil-rated: every 0 % line of every document, by inter/intra-state and registered or not
  const nilAmt = new Map<string, number>([
    ['INTRB2B', 0],
    ['INTRAB2B', 0],
    ['INTRB2C', 0],
    ['INTRAB2C', 0],
  ])
  for (const d of documents) {
    const sign = d.kind === 'credit_note' ? -1 : 1
    const type = `${d.content.interState ? 'INTR' : 'INTRA'}${d.content.recipient.gstin ? 'B2B' : 'B2C'}`
    for (const l of d.content.lines) if (l.ratePct === 0) nilAmt.set(type, nilAmt.get(type)! + sign * l.taxablePaise)
  }
  const nil = {
    inv: [...nilAmt.entries()].map(([sply_ty, paise]) => ({ sply_ty: sply_ty as 'INTRB2B', nil_amt: rupees(paise), expt_amt: 0, ngsup_amt: 0 })),
  }

  return {
    gstin,
    fp: filingPeriod(period),
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b,
    b2cl,
    b2cs,
    cdnr,
    cdnur,
    nil,
    hsn: { data: hsnSummary(documents) },
    doc_issue: { doc_det: documentSeries(documents) },
  }
}

/** HSN/SAC summary (table 12): by code, unit and rate; services have no quantity (UQC "NA"); credit notes taken off. */
export function hsnSummary(documents: ReturnDocument[]) {
  const rows = new Map<string, { hsn_sc: string; desc: string; uqc: string; rt: number; qty: number; val: number; t: Taxes }>()
  for (const d of documents) {
    const sign = d.kind === 'credit_note' ? -1 : 1
    for (const l of d.content.lines) {
      const service = l.kind === 'service'
      const uqc = service ? 'NA' : l.unit
      const key = `${l.code}|${uqc}|${l.ratePct}`
      const row = rows.get(key) ?? { hsn_sc: l.code, desc: l.description.slice(0, 30), uqc, rt: l.ratePct, qty: 0, val: 0, t: zero() }
      if (!service) row.qty += sign * l.quantity
      row.val += sign * l.valuePaise
      add(row.t, l, sign)
      rows.set(key, row)
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.hsn_sc.localeCompare(b.hsn_sc) || a.rt - b.rt)
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn_sc,
      desc: r.desc,
      uqc: r.uqc,
      qty: r.qty,
      val: rupees(r.val),
      txval: rupees(r.t.txval),
      iamt: rupees(r.t.iamt),
      camt: rupees(r.t.camt),
      samt: rupees(r.t.samt),
      csamt: rupees(r.t.csamt),
      rt: r.rt,
    }))
}

/** Documents issued (table 13): each series' first and last number; numbers are gapless and never cancelled. */
export function documentSeries(documents: ReturnDocument[]) {
  const kinds = [
    { kind: 'invoice', doc_num: 1, doc_typ: 'Invoices for outward supply' },
    { kind: 'credit_note', doc_num: 5, doc_typ: 'Credit Note' },
  ] as const
  return kinds
    .map(({ kind, doc_num, doc_typ }) => {
      const series = groupBy(
        documents.filter((d) => d.kind === kind),
        (d) => `${d.financialYear}|${d.number.split('/')[0]}`,
      )
      const docs = [...series.values()].map((ds, i) => {
        const sorted = [...ds].sort((a, b) => a.seq - b.seq)
        return { num: i + 1, from: sorted[0].number, to: sorted.at(-1)!.number, totnum: ds.length, cancel: 0, net_issue: ds.length }
      })
      return { doc_num, doc_typ, docs }
    })
    .filter((s) => s.docs.length > 0)
}
