import { describe, expect, it } from 'vitest'
import { cashTotalPaise } from '../../../common/money'
import { slipMoney } from './slip'

/** What the slip prints, added up the way a packer would: the lines, less the discount, plus delivery and rounding. */
const addsUp = (m: ReturnType<typeof slipMoney>) => m.amounts.reduce((s, a) => s + a, 0) - m.discount + m.delivery + m.roundOff

describe('packing slip arithmetic', () => {
  it('several lines with a coupon, paid online: lines − discount + delivery = total, nothing rounded', () => {
    const lines = [
      { quantity: 2, pricePaise: 4500 },
      { quantity: 1, pricePaise: 12_950 },
      { quantity: 3, pricePaise: 2000 },
    ]
    const items = 2 * 4500 + 12_950 + 3 * 2000
    const m = slipMoney({ lines, discountPaise: 2795, deliveryPaise: 3000, totalPaise: items - 2795 + 3000 })
    expect(m.amounts).toEqual([9000, 12_950, 6000])
    expect(m.items).toBe(27_950)
    expect(m).toMatchObject({ discount: 2795, delivery: 3000, roundOff: 0, total: 28_155 })
    expect(addsUp(m)).toBe(m.total)
  })

  it('free delivery above the threshold: the delivery line is zero and the lines alone make the total', () => {
    const m = slipMoney({ lines: [{ quantity: 5, pricePaise: 11_000 }], discountPaise: 0, deliveryPaise: 0, totalPaise: 55_000 })
    expect(m).toMatchObject({ items: 55_000, discount: 0, delivery: 0, roundOff: 0, total: 55_000 })
    expect(addsUp(m)).toBe(m.total)
  })

  it('cash on delivery with a coupon: the rounding to the rupee is its own line, and the lines still add up', () => {
    const lines = [
      { quantity: 1, pricePaise: 19_925 },
      { quantity: 2, pricePaise: 3_450 },
    ]
    const exact = 19_925 + 6900 - 2683 + 3000
    const total = cashTotalPaise(exact)
    const m = slipMoney({ lines, discountPaise: 2683, deliveryPaise: 3000, totalPaise: total })
    expect(m.roundOff).toBe(total - exact)
    expect(Math.abs(m.roundOff)).toBeLessThanOrEqual(50)
    expect(addsUp(m)).toBe(total)
  })

  it('a flat coupon larger than delivery, one line of many units', () => {
    const m = slipMoney({ lines: [{ quantity: 12, pricePaise: 4999 }], discountPaise: 5000, deliveryPaise: 0, totalPaise: 12 * 4999 - 5000 })
    expect(m).toMatchObject({ items: 59_988, roundOff: 0, total: 54_988 })
    expect(addsUp(m)).toBe(m.total)
  })
})
