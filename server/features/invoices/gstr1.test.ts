import { describe, expect, it } from 'vitest'
import { Gstr1 } from '../../../common/contracts/gst-returns'
import { gstinProblem } from '../../../common/rules/gstin'
import { CAFE, goldenMonth, HOTEL, SUPPLIER } from './golden-month'
import { buildGstr1, sectionOf } from './gstr1'
import { gstr1Csv } from './gstr1-csv'
import type { PurchaseBill } from '../purchases/service'
import { buildGstr3b } from './gstr3b'

/**
 * GSTR-1 of a month of fixed sales (golden-month.ts), checked three ways: the whole JSON against a golden file, the
 * fields the GSTN's GSTR-1 schema requires (docs/decisions/0051-gst-returns-and-tally.md), and totals worked out by hand.
 */

const month = () => ({ gstin: SUPPLIER.gstin, period: '2026-05', ...goldenMonth() })
const golden = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`

/** required keys of each object, as the GSTN's GSTR-1 schema lists them */
const REQUIRED = {
  top: ['gstin', 'fp'],
  b2b: ['ctin', 'inv'],
  b2bInv: ['inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'itms'],
  item: ['num', 'itm_det'],
  itmDet: ['txval', 'rt', 'csamt'],
  b2cl: ['pos', 'inv'],
  b2clInv: ['inum', 'idt', 'val', 'itms'],
  b2cs: ['sply_ty', 'pos', 'typ', 'rt', 'txval', 'csamt'],
  cdnr: ['ctin', 'nt'],
  cdnrNt: ['ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'rchrg', 'inv_typ', 'itms'],
  cdnur: ['typ', 'ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'itms'],
  nil: ['sply_ty', 'nil_amt', 'expt_amt', 'ngsup_amt'],
  hsn: ['num', 'hsn_sc', 'uqc', 'qty', 'val', 'txval', 'iamt', 'camt', 'samt', 'csamt', 'rt'],
  docDet: ['doc_num', 'docs'],
  doc: ['num', 'from', 'to', 'totnum', 'cancel', 'net_issue'],
}
const has = (o: object, keys: string[]) => expect(Object.keys(o)).toEqual(expect.arrayContaining(keys))
const DATE = /^\d{2}-\d{2}-\d{4}$/
const POS = /^\d{2}$/

describe('GSTR-1 (golden month, May 2026)', () => {
  const g = buildGstr1(month())

  it('matches the golden file and the contract', async () => {
    expect(Gstr1.safeParse(g).success).toBe(true)
    await expect(golden(g)).toMatchFileSnapshot('./golden/gstr1-2026-05.json')
  })

  it('has every field the GSTN schema requires, in its formats', () => {
    has(g, REQUIRED.top)
    expect(gstinProblem(g.gstin)).toBeNull()
    expect(g.fp).toBe('052026')
    const items = (itms: { num: number; itm_det: object }[], inter: boolean) => {
      expect(itms.length).toBeGreaterThan(0)
      for (const i of itms) {
        has(i, REQUIRED.item)
        has(i.itm_det, [...REQUIRED.itmDet, ...(inter ? ['iamt'] : ['camt', 'samt'])])
      }
    }
    for (const b of g.b2b) {
      has(b, REQUIRED.b2b)
      expect(gstinProblem(b.ctin)).toBeNull()
      for (const inv of b.inv) {
        has(inv, REQUIRED.b2bInv)
        expect(inv.idt).toMatch(DATE)
        expect(inv.pos).toMatch(POS)
        items(inv.itms, inv.pos !== '29')
      }
    }
    for (const b of g.b2cl) {
      has(b, REQUIRED.b2cl)
      for (const inv of b.inv) has(inv, REQUIRED.b2clInv), items(inv.itms, true)
    }
    for (const r of g.b2cs) has(r, [...REQUIRED.b2cs, ...(r.sply_ty === 'INTER' ? ['iamt'] : ['camt', 'samt'])])
    for (const c of g.cdnr) {
      has(c, REQUIRED.cdnr)
      for (const nt of c.nt) has(nt, REQUIRED.cdnrNt), expect(nt.nt_dt).toMatch(DATE)
    }
    for (const n of g.cdnur) has(n, REQUIRED.cdnur)
    for (const n of g.nil.inv) has(n, REQUIRED.nil)
    for (const h of g.hsn.data) has(h, REQUIRED.hsn)
    for (const d of g.doc_issue.doc_det) {
      has(d, REQUIRED.docDet)
      for (const r of d.docs) has(r, REQUIRED.doc)
    }
  })

  it('adds up to the totals worked out by hand', () => {
    // B2B: the hotel's invoice across states (IGST, cess on the cola, delivery at 18 %); the cafe's within Karnataka
    expect(g.b2b).toEqual([
      {
        ctin: HOTEL.gstin,
        inv: [
          {
            inum: 'INV/2627/00002',
            idt: '03-05-2026',
            val: 1249,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { txval: 1000, rt: 5, iamt: 50, csamt: 0 } },
              { num: 2, itm_det: { txval: 50, rt: 18, iamt: 9, csamt: 0 } },
              { num: 3, itm_det: { txval: 100, rt: 28, iamt: 28, csamt: 12 } },
            ],
          },
        ],
      },
      {
        ctin: CAFE.gstin,
        inv: [
          {
            inum: 'INV/2627/00003',
            idt: '04-05-2026',
            val: 590,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 500, rt: 18, camt: 45, samt: 45, csamt: 0 } }],
          },
        ],
      },
    ])
    // B2C large: ₹1,05,000 to Tamil Nadu
    expect(g.b2cl).toEqual([
      {
        pos: '33',
        inv: [{ inum: 'INV/2627/00005', idt: '06-05-2026', val: 105000, itms: [{ num: 1, itm_det: { txval: 100000, rt: 5, iamt: 5000, csamt: 0 } }] }],
      },
    ])
    // B2C small: Tamil Nadu's biscuits; Karnataka's dal less the pack credited, and its biscuits
    expect(g.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 18, txval: 200, iamt: 36, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 100, camt: 2.5, samt: 2.5, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 100, camt: 9, samt: 9, csamt: 0 },
    ])
    expect(g.cdnr).toEqual([
      {
        ctin: HOTEL.gstin,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN/2627/00002',
            nt_dt: '21-05-2026',
            val: 140,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 100, rt: 28, iamt: 28, csamt: 12 } }],
          },
        ],
      },
    ])
    expect(g.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN/2627/00003',
        nt_dt: '22-05-2026',
        val: 10500,
        pos: '33',
        itms: [{ num: 1, itm_det: { txval: 10000, rt: 5, iamt: 500, csamt: 0 } }],
      },
    ])
    // nil-rated: the potatoes of orders 1 and 6, sold within Karnataka
    expect(g.nil.inv.find((r) => r.sply_ty === 'INTRAB2C')?.nil_amt).toBe(160)
    expect(g.nil.inv.filter((r) => r.sply_ty !== 'INTRAB2C').every((r) => r.nil_amt === 0)).toBe(true)
    // HSN: every document's lines, credit notes taken off
    const hsn = Object.fromEntries(g.hsn.data.map((h) => [`${h.hsn_sc}@${h.rt}`, h]))
    expect(hsn['0701@0']).toMatchObject({ uqc: 'NOS', qty: 4, val: 160, txval: 160, iamt: 0, camt: 0, samt: 0 })
    expect(hsn['0713@5']).toMatchObject({ qty: 2 + 10 + 1000 - 1, val: 95655, txval: 91100, iamt: 4550, camt: 2.5, samt: 2.5 })
    expect(hsn['1905@18']).toMatchObject({ qty: 8, val: 944, txval: 800, iamt: 36, camt: 54, samt: 54 })
    expect(hsn['2202@28']).toMatchObject({ qty: 0, val: 0, txval: 0, iamt: 0, csamt: 0 })
    expect(hsn['9968@18']).toMatchObject({ uqc: 'NA', qty: 0, val: 59, txval: 50, iamt: 9 })
    // the HSN summary's tax is the documents' tax: invoices less credit notes
    const { documents } = month()
    const net = (pick: (t: (typeof documents)[number]['content']['totals']) => number) =>
      documents.reduce((a, d) => a + (d.kind === 'invoice' ? 1 : -1) * pick(d.content.totals), 0) / 100
    const sum = (k: 'txval' | 'iamt' | 'camt' | 'samt' | 'csamt') => Math.round(g.hsn.data.reduce((a, h) => a + h[k], 0) * 100) / 100
    expect(sum('txval')).toBe(net((t) => t.taxablePaise))
    expect(sum('iamt')).toBe(net((t) => t.igstPaise))
    expect(sum('camt') + sum('samt')).toBe(net((t) => t.cgstPaise + t.sgstPaise))
    expect(sum('csamt')).toBe(net((t) => t.cessPaise))
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'INV/2627/00001', to: 'INV/2627/00006', totnum: 6, cancel: 0, net_issue: 6 }],
      },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/2627/00001', to: 'CN/2627/00003', totnum: 3, cancel: 0, net_issue: 3 }] },
    ])
  })

  it('places every document in one section, and the documents CSV traces each', () => {
    const m = month()
    const sections = m.documents.map((d) => sectionOf(d, d.kind === 'invoice' ? d.totalPaise : m.invoiceTotals.get(d.content.against!.number)!))
    expect(sections).toEqual(['b2cs', 'b2b', 'b2b', 'b2cs', 'b2cl', 'nil', 'b2cs', 'cdnr', 'cdnur'])
    const csv = gstr1Csv(m, g, 'documents')
    expect(csv.length).toBe(1 + m.documents.length)
    expect(csv.slice(1).map((r) => [r[0], r[2]])).toEqual(m.documents.map((d, i) => [sections[i], d.number]))
    const b2b = gstr1Csv(m, g, 'b2b')
    expect(b2b[0][0]).toBe('GSTIN/UIN of Recipient')
    expect(b2b.slice(1).map((r) => [r[0], r[1], r[2], r[10], r[11]])).toEqual([
      [HOTEL.gstin, HOTEL.name, 'INV/2627/00002', 5, 1000],
      [HOTEL.gstin, HOTEL.name, 'INV/2627/00002', 18, 50],
      [HOTEL.gstin, HOTEL.name, 'INV/2627/00002', 28, 100],
      [CAFE.gstin, CAFE.name, 'INV/2627/00003', 18, 500],
    ])
  })
})

/** the month's purchase bills: in the shop's state (5 %, and one whose tax halves to a half paisa), from another state, from an unregistered supplier */
const bill = (id: number, supplierGstin: string | null, taxablePaise: number, tax: { cgst?: number; sgst?: number; igst?: number }): PurchaseBill => ({
  id,
  billNumber: `B-${id}`,
  billDate: '2026-05-10',
  supplierName: `Supplier ${id}`,
  supplierGstin,
  supplierState: null,
  taxablePaise,
  cgstPaise: tax.cgst ?? 0,
  sgstPaise: tax.sgst ?? 0,
  igstPaise: tax.igst ?? 0,
  totalPaise: taxablePaise + (tax.cgst ?? 0) + (tax.sgst ?? 0) + (tax.igst ?? 0),
  kind: 'bill',
})
const BILLS = [
  bill(1, '29AACCS5678M1ZJ', 100_000, { cgst: 2500, sgst: 2500 }),
  bill(2, '27AABCH1234K1ZR', 200_000, { igst: 36_000 }),
  bill(3, '29AACCS5678M1ZJ', 24_700, { cgst: 618, sgst: 617 }),
  bill(4, null, 50_000, { cgst: 1250, sgst: 1250 }),
]

describe('GSTR-3B (golden month)', () => {
  const b = buildGstr3b({ ...month(), bills: BILLS })

  it('4(A)(5) input tax credit by hand: the bills of registered suppliers, each split as the bill shows it; the unregistered one listed, not counted', () => {
    // taxable 1000 + 2000 + 247; IGST 360; CGST 25 + 6.18; SGST 25 + 6.17; no cess on purchase bills
    expect(b.itc).toEqual({ taxable: 3247, igst: 360, cgst: 31.18, sgst: 31.17, cess: 0 })
    expect(b.itc_bills?.map((x) => [x.bill_number, x.counted, x.cgst + x.sgst + x.igst])).toEqual([
      ['B-1', true, 50],
      ['B-2', true, 360],
      ['B-3', true, 12.35],
      ['B-4', false, 25],
    ])
    expect(buildGstr3b({ ...month(), bills: [] }).itc).toEqual({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 })
  })

  it('a debit note of the month (goods returned to a registered supplier) takes its GST back off 4(A)(5); one to an unregistered supplier is listed only', () => {
    // ₹200 of bill 1's goods returned at 5 % (CGST 5 + SGST 5), ₹100 of bill 4's
    const returned: PurchaseBill[] = [
      { ...bill(11, '29AACCS5678M1ZJ', -20_000, { cgst: -500, sgst: -500 }), billNumber: 'DN-00001', kind: 'debit_note' },
      { ...bill(12, null, -10_000, { cgst: -250, sgst: -250 }), billNumber: 'DN-00002', kind: 'debit_note' },
    ]
    const net = buildGstr3b({ ...month(), bills: [...BILLS, ...returned] })
    expect(net.itc).toEqual({ taxable: 3047, igst: 360, cgst: 26.18, sgst: 26.17, cess: 0 })
    expect(net.itc_bills?.slice(4).map((x) => [x.kind, x.bill_number, x.counted, x.taxable, x.cgst, x.sgst])).toEqual([
      ['debit_note', 'DN-00001', true, -200, -5, -5],
      ['debit_note', 'DN-00002', false, -100, -2.5, -2.5],
    ])
  })

  it('3.1(a) outward taxable by hand: invoices less credit notes; 3.1(c) nil; 3.2 inter-state B2C by state', () => {
    // taxable: 300 + 1150 + 500 + 200 + 100000 (invoices, without the potatoes) − 100 − 100 − 10000 (credit notes)
    expect(b.outward_taxable).toMatchObject({ taxable: 91950, igst: 5123 - 28 - 500, cgst: 14 + 45 - 2.5, sgst: 14 + 45 - 2.5, cess: 0 })
    expect(b.outward_taxable.by_rate.map((r) => [r.rate, r.taxable])).toEqual([
      [5, 91100],
      [18, 850],
      [28, 0],
    ])
    expect(b.outward_nil_exempt.taxable).toBe(160)
    expect(b.inter_state_unregistered).toEqual([{ pos: '33-Tamil Nadu', taxable: 200 + 100000 - 10000, igst: 36 + 5000 - 500 }])
    expect(b.itc_note).toMatch(/purchase bills/)
    // the same documents as GSTR-1: its HSN summary's taxable value less the nil-rated
    expect(Math.round(g3hsnTaxable() * 100) / 100 - 160).toBe(b.outward_taxable.taxable)
  })
})

const g3hsnTaxable = () => buildGstr1(month()).hsn.data.reduce((a, h) => a + h.txval, 0)
