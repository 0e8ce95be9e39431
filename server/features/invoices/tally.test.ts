import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { CAFE, goldenMonth, HOTEL } from './golden-month'
import type { PurchaseBill } from '../purchases/service'
import { DEFAULT_TALLY_LEDGERS, type KhataMove, khataLedgerName, type Receipt, tallyXml } from './tally'

/** The Tally XML of the golden month (golden-month.ts) parses, and every voucher balances: debits = credits. */

const receipts: Receipt[] = [
  {
    at: new Date('2026-05-02T08:00:00Z'),
    orderNumber: 'OD000001',
    party: 'Online Customers',
    into: 'cash',
    amountPaise: 368_00,
    reference: 'Cash on delivery',
  },
  { at: new Date('2026-05-03T08:00:00Z'), orderNumber: 'OD000002', party: HOTEL.name, into: 'bank', amountPaise: 1_249_00, reference: 'razorpay pay_1' },
  { at: new Date('2026-05-09T08:00:00Z'), orderNumber: 'OD000009', party: 'Counter Customers', into: 'cash', amountPaise: -50_00, reference: 'cash' },
  // part of the hotel's online payment refunded: money given back, a Payment voucher
  { at: new Date('2026-05-10T08:00:00Z'), orderNumber: 'OD000002', party: HOTEL.name, into: 'bank', amountPaise: -140_00, reference: 'Refund rf_1' },
]

/** one customer's khata in the month: a counter sale on credit, paid down in cash and online, a return, an adjustment */
const MEENA = khataLedgerName('Meena Iyer', '9876512345', 41)
const move = (id: number, day: string, m: Partial<KhataMove>): KhataMove => ({
  id,
  at: new Date(`2026-05-${day}T09:00:00Z`),
  kind: 'payment',
  customer: MEENA,
  amountPaise: 0,
  into: 'cash',
  orderParty: null,
  orderNumber: null,
  note: '',
  ...m,
})
const khata: KhataMove[] = [
  move(11, '05', { kind: 'sale', amountPaise: 300_00, orderParty: 'Counter Customers', orderNumber: 'OD000005' }),
  move(12, '07', { kind: 'payment', amountPaise: -100_00, into: 'cash' }),
  move(13, '08', { kind: 'return', amountPaise: -40_00, orderParty: 'Counter Customers', orderNumber: 'OD000005' }),
  move(14, '11', { kind: 'payment', amountPaise: -150_00, into: 'bank', note: 'pay_K1' }),
  move(15, '12', { kind: 'adjustment', amountPaise: 25_00, note: 'Opening balance from the paper khata' }),
]

/** two purchase bills: from a registered supplier in the state (CGST + SGST), from an unregistered one in another state (IGST) */
const purchases: PurchaseBill[] = [
  {
    id: 7,
    billNumber: 'SBT/4410',
    billDate: '2026-05-04',
    supplierName: 'Sri Balaji Traders',
    supplierGstin: '29AACCS5678M1ZJ',
    supplierState: 'Karnataka',
    taxablePaise: 1_000_00,
    cgstPaise: 25_00,
    sgstPaise: 25_00,
    igstPaise: 0,
    totalPaise: 1_050_00,
    kind: 'bill',
  },
  {
    id: 8,
    billNumber: null,
    billDate: '2026-05-06',
    supplierName: 'Delhi Dry Fruits',
    supplierGstin: null,
    supplierState: 'Delhi',
    taxablePaise: 247_00,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 12_35,
    totalPaise: 259_35,
    kind: 'bill',
  },
]

function parse(xml: string) {
  const doc = new new Window().DOMParser().parseFromString(xml, 'application/xml')
  expect(doc.getElementsByTagName('parsererror').length).toBe(0)
  return doc
}

describe('Tally export (golden month)', () => {
  const { documents } = goldenMonth()
  const ledgers = { ...DEFAULT_TALLY_LEDGERS, bank: 'HDFC Bank' }
  const xml = tallyXml({ company: 'Kirana Fresh Retail Private Limited & Co', ledgers, documents, receipts, purchases, khata })
  const doc = parse(xml)
  const vouchers = [...doc.getElementsByTagName('VOUCHER')]
  const text = (el: { getElementsByTagName: (tag: string) => ArrayLike<{ textContent: string | null }> }, tag: string) =>
    el.getElementsByTagName(tag)[0]?.textContent ?? ''

  it('is an import request: ENVELOPE, HEADER/TALLYREQUEST Import Data, BODY/IMPORTDATA with REQUESTDESC and REQUESTDATA', () => {
    expect(doc.documentElement.tagName).toBe('ENVELOPE')
    expect(text(doc.documentElement, 'TALLYREQUEST')).toBe('Import Data')
    expect(text(doc.documentElement, 'SVCURRENTCOMPANY')).toBe('Kirana Fresh Retail Private Limited & Co')
    expect(doc.getElementsByTagName('REQUESTDATA').length).toBe(1)
  })

  it('has a voucher per invoice, credit note, receipt, refund, khata entry and purchase bill, oldest first, with the parties as ledgers', () => {
    const kinds = vouchers.map((v) => v.getAttribute('VCHTYPE'))
    expect(kinds.filter((k) => k === 'Sales').length).toBe(6)
    expect(kinds.filter((k) => k === 'Credit Note').length).toBe(3)
    // two receipts of orders, two khata payments; the counter return and the online refund are payments
    expect(kinds.filter((k) => k === 'Receipt').length).toBe(4)
    expect(kinds.filter((k) => k === 'Payment').length).toBe(2)
    expect(kinds.filter((k) => k === 'Journal').length).toBe(3)
    expect(kinds.filter((k) => k === 'Purchase').length).toBe(2)
    for (const v of vouchers) expect(text(v, 'VOUCHERTYPENAME')).toBe(v.getAttribute('VCHTYPE'))
    const dates = vouchers.map((v) => text(v, 'DATE'))
    expect(dates).toEqual([...dates].sort())
    const parties = [...doc.getElementsByTagName('LEDGER')].map((l) => [l.getAttribute('NAME'), text(l, 'PARTYGSTIN'), text(l, 'PARENT')])
    expect(parties).toEqual([
      [HOTEL.name, HOTEL.gstin, 'Sundry Debtors'],
      [CAFE.name, CAFE.gstin, 'Sundry Debtors'],
      ['Khata - Meena Iyer (9876512345)', '', 'Sundry Debtors'],
      ['Sri Balaji Traders', '29AACCS5678M1ZJ', 'Sundry Creditors'],
      ['Delhi Dry Fruits', '', 'Sundry Creditors'],
    ])
    const hotelSale = vouchers.find((v) => text(v, 'VOUCHERNUMBER') === 'INV/2627/00002')!
    expect(text(hotelSale, 'PARTYLEDGERNAME')).toBe(HOTEL.name)
    expect(text(hotelSale, 'PARTYGSTIN')).toBe(HOTEL.gstin)
  })

  it('balances every voucher (debits = credits), debits negative and deemed positive', () => {
    for (const v of vouchers) {
      const entries = [...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => ({
        ledger: text(e, 'LEDGERNAME'),
        paise: Math.round(Number(text(e, 'AMOUNT')) * 100),
        debit: text(e, 'ISDEEMEDPOSITIVE') === 'Yes',
      }))
      expect(entries.length, text(v, 'VOUCHERNUMBER')).toBeGreaterThanOrEqual(2)
      for (const e of entries) expect(e.debit, `${text(v, 'VOUCHERNUMBER')} ${e.ledger}`).toBe(e.paise < 0)
      const debits = entries.filter((e) => e.debit).reduce((a, e) => a - e.paise, 0)
      const credits = entries.filter((e) => !e.debit).reduce((a, e) => a + e.paise, 0)
      expect(debits, text(v, 'VOUCHERNUMBER')).toBe(credits)
    }
  })

  it('books the hand-worked figures: the hotel’s sale and the cola credited back', () => {
    const entriesOf = (number: string) =>
      Object.fromEntries(
        [...vouchers.find((v) => text(v, 'VOUCHERNUMBER') === number)!.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => [
          text(e, 'LEDGERNAME'),
          text(e, 'AMOUNT'),
        ]),
      )
    expect(entriesOf('INV/2627/00002')).toEqual({ [HOTEL.name]: '-1249.00', Sales: '1150.00', 'Output IGST': '87.00', 'Output Cess': '12.00' })
    expect(entriesOf('CN/2627/00002')).toEqual({ [HOTEL.name]: '140.00', Sales: '-100.00', 'Output IGST': '-28.00', 'Output Cess': '-12.00' })
    expect(entriesOf('INV/2627/00001')).toEqual({ 'Online Customers': '-368.00', Sales: '340.00', 'Output CGST': '14.00', 'Output SGST': '14.00' })
    expect(entriesOf('RCPT-00002')).toEqual({ 'HDFC Bank': '-1249.00', [HOTEL.name]: '1249.00' })
    expect(entriesOf('PMT-00001')).toEqual({ Cash: '50.00', 'Counter Customers': '-50.00' })
    expect(entriesOf('PMT-00002')).toEqual({ 'HDFC Bank': '140.00', [HOTEL.name]: '-140.00' })
    // purchases: the supplier credited with the bill, purchases and input tax debited; the supplier's bill number the reference
    expect(entriesOf('PUR-00007')).toEqual({ 'Sri Balaji Traders': '1050.00', Purchases: '-1000.00', 'Input CGST': '-25.00', 'Input SGST': '-25.00' })
    expect(entriesOf('PUR-00008')).toEqual({ 'Delhi Dry Fruits': '259.35', Purchases: '-247.00', 'Input IGST': '-12.35' })
    const bill = vouchers.find((v) => text(v, 'VOUCHERNUMBER') === 'PUR-00007')!
    expect([text(bill, 'REFERENCE'), text(bill, 'DATE'), text(bill, 'PARTYGSTIN')]).toEqual(['SBT/4410', '20260504', '29AACCS5678M1ZJ'])
  })

  it('books the khata: a credit sale moved from the counter’s customers to hers, payments into cash and bank, the return back, the adjustment', () => {
    const of = (number: string) => vouchers.find((v) => text(v, 'VOUCHERNUMBER') === number)!
    const entriesOf = (number: string) =>
      Object.fromEntries([...of(number).getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((e) => [text(e, 'LEDGERNAME'), text(e, 'AMOUNT')]))
    expect(entriesOf('KH-00011')).toEqual({ [MEENA]: '-300.00', 'Counter Customers': '300.00' })
    expect(entriesOf('KH-00012')).toEqual({ [MEENA]: '100.00', Cash: '-100.00' })
    expect(entriesOf('KH-00013')).toEqual({ [MEENA]: '40.00', 'Counter Customers': '-40.00' })
    expect(entriesOf('KH-00014')).toEqual({ [MEENA]: '150.00', 'HDFC Bank': '-150.00' })
    expect(entriesOf('KH-00015')).toEqual({ [MEENA]: '-25.00', 'Khata Adjustments': '25.00' })
    expect(['KH-00011', 'KH-00012', 'KH-00015'].map((n) => of(n).getAttribute('VCHTYPE'))).toEqual(['Journal', 'Receipt', 'Journal'])
    expect(text(of('KH-00015'), 'NARRATION')).toBe('Khata adjustment; Opening balance from the paper khata')
    expect(text(of('KH-00014'), 'PARTYLEDGERNAME')).toBe(MEENA)
    // her ledger's balance is what the khata says she owes: 300 − 100 − 40 − 150 + 25
    const owed = vouchers
      .flatMap((v) => [...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')])
      .filter((e) => text(e, 'LEDGERNAME') === MEENA)
      .reduce((sum, e) => sum - Math.round(Number(text(e, 'AMOUNT')) * 100), 0)
    expect(owed).toBe(35_00)
  })
})
