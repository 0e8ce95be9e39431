import { describe, it, expect } from 'vitest'
import { cashTotalPaise, formatINR, toPaise, toRupees } from './money'

describe('formatINR', () => {
  it.each([
    [123450, '₹1,234.50'],
    [100000, '₹1,000'],
    [0, '₹0'],
    [5, '₹0.05'],
    [99, '₹0.99'],
    [12345678900, '₹12,34,56,789'],
    [12345678901, '₹12,34,56,789.01'],
    [-2550, '-₹25.50'],
    [123449.6, '₹1,234.50'],
  ])('%d paise → %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text)
  })
})

describe('toRupees / toPaise', () => {
  it.each([
    [123450, 1234.5],
    [1, 0.01],
    [0, 0],
    [199, 1.99],
  ])('toRupees(%d) = %d', (paise, rupees) => {
    expect(toRupees(paise)).toBe(rupees)
  })

  it.each([
    [1234.5, 123450],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [0, 0],
    [1.234, 123],
  ])('toPaise(%d) = %d', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise)
  })

  it('round-trips whole paise', () => {
    for (const p of [0, 1, 99, 100, 1999, 123456]) expect(toPaise(toRupees(p))).toBe(p)
  })
})

describe('cashTotalPaise', () => {
  it('rounds half up to the whole rupee', () => {
    expect([15345, 15350, 15349, 15300, 0, 49, 50].map(cashTotalPaise)).toEqual([15300, 15400, 15300, 15300, 0, 0, 100])
  })
})
