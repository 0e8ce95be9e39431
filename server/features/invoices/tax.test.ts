import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INDIAN_STATES } from '../../../common/rules/address'
import { creditNoteContent, invoiceContent, type OrderForInvoice, type Supplier } from './content'
import { allocate, divRound, documentNumber, financialYear } from './tax'
import { amountInWords, indianWords } from './words'

const RATES = [0, 5, 12, 18, 28]

const supplier = (state = 'Karnataka'): Supplier => ({
  legalName: 'Kirana Fresh Retail Private Limited',
  tradeName: 'Kirana Fresh',
  gstin: '29AAKCK4821M1Z0',
  state,
  address: '42, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  deliverySac: '9968',
  deliveryGstRate: 18,
})

const address = (state: string) => ({
  name: 'Asha Rao',
  mobile: '9876512345',
  house: '12',
  street: 'MG Road',
  area: 'Ashok Nagar',
  landmark: '',
  city: 'Bengaluru',
  state,
  pincode: '560001',
})

describe('amount in words (Indian system)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [45, 'Forty-Five'],
    [100, 'One Hundred'],
    [1001, 'One Thousand One'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [1_00_00_000, 'One Crore'],
    [5_43_21_09_876, 'Five Hundred Forty-Three Crore Twenty-One Lakh Nine Thousand Eight Hundred Seventy-Six'],
  ])('%d → %s', (n, words) => expect(indianWords(n)).toBe(words))

  it('says rupees and paise', () => {
    expect(amountInWords(1_23_456_78)).toBe('Indian Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only')
    expect(amountInWords(50_000)).toBe('Indian Rupees Five Hundred Only')
    expect(amountInWords(5)).toBe('Indian Rupees Zero and Five Paise Only')
  })
})

describe('rounding helpers', () => {
  it('rounds half up to the paisa, halves of negatives away from zero', () => {
    expect(divRound(5, 2)).toBe(3)
    expect(divRound(7, 3)).toBe(2)
    expect(divRound(-5, 2)).toBe(-3)
  })

  it('allocates to the paisa, in proportion', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(0, [5, 5])).toEqual([0, 0])
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const parts = allocate(total, weights)
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
        const sum = weights.reduce((a, b) => a + b, 0)
        parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]) / sum)).toBeLessThan(1))
      }),
    )
  })

  it('numbers per financial year, April to March in India', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26') // 23:59:59 on 31 March in India
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27') // midnight, 1 April in India
    expect(financialYear(new Date('2027-01-15T00:00:00Z'))).toBe('2026-27')
    expect(documentNumber('KF', '2026-27', 42)).toBe('KF/2627/00042')
    expect(documentNumber('KFCN', '2026-27', 123456).length).toBeLessThanOrEqual(16)
  })
})

/** a random cart: lines with prices, quantities and rates, a coupon's discount, maybe a delivery charge */
const cart = fc
  .record({
    items: fc.array(
      fc.record({
        pricePaise: fc.integer({ min: 100, max: 500_000 }),
        quantity: fc.integer({ min: 1, max: 12 }),
        gstRate: fc.constantFrom(...RATES),
        cessRate: fc.constantFrom(0, 0, 0, 12),
      }),
      { minLength: 1, maxLength: 15 },
    ),
    discountShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    deliveryPaise: fc.constantFrom(0, 3000, 4999),
    shipTo: fc.constantFrom(...INDIAN_STATES),
    shopIn: fc.constantFrom(...INDIAN_STATES),
    channel: fc.constantFrom('web', 'web', 'agent', 'pos'),
  })
  .map((c): { order: OrderForInvoice; supplier: Supplier } => {
    const itemsPaise = c.items.reduce((a, i) => a + i.pricePaise * i.quantity, 0)
    const discountPaise = Math.floor(itemsPaise * c.discountShare)
    const deliveryPaise = c.channel === 'pos' ? 0 : c.deliveryPaise
    return {
      supplier: supplier(c.shopIn),
      order: {
        id: 1,
        orderNumber: 'OD000001',
        channel: c.channel,
        createdAt: new Date('2026-11-20T06:00:00Z'),
        itemsPaise,
        discountPaise,
        deliveryPaise,
        totalPaise: itemsPaise - discountPaise + deliveryPaise,
        address: address(c.shipTo),
        items: c.items.map((i, k) => ({ id: k + 1, productName: `Item ${k}`, packName: '1 kg', hsnCode: '1006', ...i })),
      },
    }
  })

const doc = { number: 'KF/2627/00001', issuedAt: new Date('2026-11-20T06:00:00Z') }

describe('invoice maths (property tests)', () => {
  it('line taxes add up to the invoice tax, the total is what the shopper paid to the paisa, CGST = SGST, IGST only across states', () => {
    fc.assert(
      fc.property(cart, ({ order, supplier: s }) => {
        const inv = invoiceContent(order, s, doc)
        const sum = (pick: (l: (typeof inv.lines)[number]) => number) => inv.lines.reduce((a, l) => a + pick(l), 0)
        // every line adds up: taxable value + its taxes = what it costs
        for (const l of inv.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise + l.cessPaise).toBe(l.valuePaise)
        expect(sum((l) => l.cgstPaise + l.sgstPaise + l.igstPaise + l.cessPaise)).toBe(inv.totals.taxPaise)
        expect(sum((l) => l.taxablePaise)).toBe(inv.totals.taxablePaise)
        expect(inv.totals.taxablePaise + inv.totals.taxPaise + inv.totals.roundOffPaise).toBe(order.totalPaise)
        expect(inv.totals.roundOffPaise).toBe(0)
        expect(inv.totals.totalPaise).toBe(order.totalPaise)
        // the summary by rate says the same
        expect(inv.byRate.reduce((a, b) => a + b.taxablePaise, 0)).toBe(inv.totals.taxablePaise)
        expect(inv.byRate.reduce((a, b) => a + b.cgstPaise + b.sgstPaise + b.igstPaise + b.cessPaise, 0)).toBe(inv.totals.taxPaise)
        const across = order.channel !== 'pos' && order.address.state !== s.state
        expect(inv.interState).toBe(across)
        expect(inv.placeOfSupply.state).toBe(order.channel === 'pos' ? s.state : order.address.state)
        for (const l of inv.lines) {
          expect(l.cgstPaise).toBe(l.sgstPaise)
          if (across) expect(l.cgstPaise).toBe(0)
          else expect(l.igstPaise).toBe(0)
          // each tax is the rate of the taxable value, to within the paisa its rounding moved it
          const tax = l.cgstPaise + l.sgstPaise + l.igstPaise
          expect(Math.abs(tax - (l.taxablePaise * l.ratePct) / 100)).toBeLessThanOrEqual(1 + (l.ratePct + l.cessPct) / 100 + 1e-6)
          expect(l.taxablePaise).toBeGreaterThanOrEqual(0)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('credit notes never credit more than the invoice, and a cancellation credits exactly what is left', () => {
    fc.assert(
      fc.property(cart, fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 4 }), ({ order, supplier: s }, refunds) => {
        const inv = invoiceContent(order, s, doc)
        const notes = []
        for (const amount of refunds) {
          const note = creditNoteContent(inv, notes, { amountPaise: amount, lines: null, reason: 'Refund' }, doc)
          if (note) notes.push(note)
        }
        const cancel = creditNoteContent(inv, notes, { amountPaise: Number.MAX_SAFE_INTEGER, lines: null, reason: 'Cancelled' }, doc)
        if (cancel) notes.push(cancel)
        expect(notes.reduce((a, n) => a + n.totals.totalPaise, 0)).toBe(inv.totals.totalPaise)
        for (const n of notes) {
          expect(n.interState).toBe(inv.interState)
          expect(n.lines.reduce((a, l) => a + l.cgstPaise + l.sgstPaise + l.igstPaise + l.cessPaise, 0)).toBe(n.totals.taxPaise)
          for (const l of n.lines) expect(l.cgstPaise).toBe(l.sgstPaise)
        }
        // nothing is left to credit afterwards
        expect(creditNoteContent(inv, notes, { amountPaise: 100, lines: null, reason: 'x' }, doc)).toBeNull()
      }),
      { numRuns: 300 },
    )
  })
})

/** as the golden files keep it: 2-space JSON and a final newline */
const golden = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`

describe('invoice content (golden)', () => {
  const order: OrderForInvoice = {
    id: 17,
    orderNumber: 'OD000123',
    channel: 'web',
    createdAt: new Date('2026-11-20T05:30:00Z'),
    itemsPaise: 2 * 24_900 + 9_900 + 1_000 * 3,
    discountPaise: 6_280,
    deliveryPaise: 3_000,
    totalPaise: 2 * 24_900 + 9_900 + 1_000 * 3 - 6_280 + 3_000,
    address: address('Karnataka'),
    items: [
      { id: 101, productName: 'Sona Khet Sona Masoori Rice', packName: '5 kg', quantity: 2, pricePaise: 24_900, hsnCode: '1006', gstRate: 5, cessRate: null },
      { id: 102, productName: 'Crunchwala Butter Cookies', packName: '200 g', quantity: 1, pricePaise: 9_900, hsnCode: '1905', gstRate: 18, cessRate: null },
      {
        id: 103,
        productName: 'Dhavala Dairy Milk Powder',
        packName: '20 g sachet',
        quantity: 3,
        pricePaise: 1_000,
        hsnCode: '0402',
        gstRate: 5,
        cessRate: null,
      },
    ],
  }

  it('within the state: CGST and SGST, delivery under its SAC', async () => {
    await expect(golden(invoiceContent(order, supplier(), doc))).toMatchFileSnapshot('./golden/invoice-intra-state.json')
  })

  it('across states: IGST', async () => {
    await expect(golden(invoiceContent({ ...order, address: address('Kerala') }, supplier(), doc))).toMatchFileSnapshot('./golden/invoice-inter-state.json')
  })

  it('a credit note for one returned unit, then the cancellation of the rest', async () => {
    const inv = invoiceContent(order, supplier(), doc)
    const one = creditNoteContent(
      inv,
      [],
      { amountPaise: 22_000, lines: [{ itemId: 101, quantity: 1 }], reason: 'Refund: damaged pack' },
      { number: 'KFCN/2627/00001', issuedAt: new Date('2026-11-22T06:00:00Z') },
    )!
    const rest = creditNoteContent(
      inv,
      [one],
      { amountPaise: Number.MAX_SAFE_INTEGER, lines: null, reason: 'Order cancelled' },
      { number: 'KFCN/2627/00002', issuedAt: new Date('2026-11-23T06:00:00Z') },
    )!
    expect(one.lines.map((l) => [l.sr, l.valuePaise])).toEqual([[1, 22_000]])
    expect(one.totals.totalPaise + rest.totals.totalPaise).toBe(inv.totals.totalPaise)
    await expect(golden([one, rest])).toMatchFileSnapshot('./golden/credit-notes.json')
  })
})
