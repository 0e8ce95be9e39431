import { describe, expect, it } from 'vitest'
import { type CartLine, cartTotals, countedPaise, newClientId, parseRupees, paymentState, quickTenders, rupees } from './cart-maths'

const line = (over: Partial<CartLine>): CartLine => ({
  pack_id: 1,
  product_id: 1,
  product_name: 'Atta',
  pack_name: '5 kg',
  price: 25000,
  mrp: 30000,
  quantity: 1,
  discount: 0,
  ...over,
})

describe('the counter cart', () => {
  it('takes line discounts off their line, the bill discount after them, and counts the MRP savings', () => {
    const t = cartTotals([line({ quantity: 2, discount: 1000 }), line({ pack_id: 2, price: 4550, mrp: 4550, quantity: 3 })], 2000)
    expect(t).toEqual({ items: 5, mrp: 73650, gross: 63650, lineDiscounts: 1000, orderDiscount: 2000, total: 60650, savings: 13000 })
  })

  it('never takes a bill discount beyond the bill', () => {
    expect(cartTotals([line({})], 99999).total).toBe(0)
  })

  it('completes only when the payments cover the total; only cash gives change', () => {
    expect(paymentState(10000, [])).toMatchObject({ due: 10000, covered: false })
    expect(paymentState(10000, [{ method: 'cash', amount: 4000 }])).toMatchObject({ due: 6000, covered: false })
    expect(
      paymentState(10000, [
        { method: 'upi', amount: 6000 },
        { method: 'cash', amount: 5000 },
      ]),
    ).toMatchObject({ due: 0, change: 1000, covered: true })
    expect(paymentState(10000, [{ method: 'card', amount: 12000 }])).toMatchObject({ covered: false, change: 0 })
    expect(
      paymentState(10000, [
        { method: 'card', amount: 8000 },
        { method: 'upi', amount: 4000 },
      ]).problem,
    ).toMatch(/only cash gives change/)
  })

  it('reads typed rupees and offers round notes to tender', () => {
    expect([parseRupees('120'), parseRupees('99.5'), parseRupees('₹ 1,200.25'), parseRupees('1.234'), parseRupees('abc')]).toEqual([
      12000,
      9950,
      120025,
      null,
      null,
    ])
    expect(quickTenders(23750)).toEqual([23750, 24000, 25000, 30000])
    expect(rupees(123450)).toBe('₹1,234.50')
    expect(rupees(50000)).toBe('₹500')
    expect(countedPaise({ '500': 3, '10': 7, '1': 2 })).toBe(157200)
  })

  it('makes UUIDs the server takes as client ids', () => {
    expect(newClientId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
