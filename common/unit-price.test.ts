import { describe, expect, it } from 'vitest'
import { bestDiscountPercent, unitPrice, unitPriceText } from './unit-price'

describe('unitPrice (Legal Metrology unit sale price)', () => {
  it('per 100 g / 100 ml below a kilo or litre, per kg / L from it', () => {
    expect(unitPriceText('500 g', 6400)).toBe('₹12.80/100 g')
    expect(unitPriceText('1 kg', 12200)).toBe('₹122/kg')
    expect(unitPriceText('5 kg', 27000)).toBe('₹54/kg')
    expect(unitPriceText('200 ml', 4500)).toBe('₹22.50/100 ml')
    expect(unitPriceText('1 L', 18900)).toBe('₹189/L')
    expect(unitPriceText('1.5 Ltr', 15000)).toBe('₹100/L')
    expect(unitPriceText('2 x 500 g', 20000)).toBe('₹200/kg')
    expect(unitPriceText('75 gm', 1000)).toBe('₹13.33/100 g')
  })
  it('per piece for counted packs; nothing when the name has no quantity', () => {
    expect(unitPriceText('Pack of 4', 12000)).toBe('₹30/piece')
    expect(unitPriceText('25 Tea Bags', 15000)).toBe('₹6/piece')
    expect(unitPrice('Pack of 1', 5000)).toBeNull()
    expect(unitPrice('Family pack', 5000)).toBeNull()
    expect(unitPrice('0 g', 5000)).toBeNull()
  })
  it("the card's best discount is the largest whole percent among the packs", () => {
    expect(
      bestDiscountPercent([
        { price: 60, act_price: 60 },
        { price: 270, act_price: 300 },
        { price: 520, act_price: 600 },
      ]),
    ).toBe(13)
    expect(bestDiscountPercent([{ price: 60, act_price: 60 }])).toBe(0)
  })
})
