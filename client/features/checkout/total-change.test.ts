import { describe, expect, it } from 'vitest'
import type { Cart } from '../../../common/contracts/cart'
import { totalChangeNote } from './total-change'

const cart = (over: Partial<Cart>): Cart => ({ total: 100, amount: 100, discount: 0, finalDelivery: 0, offercode: null, coupon_message: null, ...over }) as Cart

describe('totalChangeNote', () => {
  it('says nothing when the total is the same or the shopper changed the coupon', () => {
    expect(totalChangeNote(cart({}), cart({}))).toBeNull()
    expect(totalChangeNote(cart({}), cart({ offercode: 'SAVE10', discount: 10, total: 90 }))).toBeNull()
  })
  it('names a coupon that stopped applying, with the reason', () => {
    const before = cart({ offercode: 'WELCOME10', discount: 10, total: 90 })
    const after = cart({ offercode: 'WELCOME10', coupon_message: 'You have already used WELCOME10', total: 100 })
    expect(totalChangeNote(before, after)).toBe('Your total changed from ₹90 to ₹100: WELCOME10 no longer applies: You have already used WELCOME10')
  })
  it('names a delivery charge and a price change', () => {
    expect(totalChangeNote(cart({}), cart({ finalDelivery: 30, total: 130 }))).toBe('Your total changed from ₹100 to ₹130: delivery to this address costs ₹30')
    expect(totalChangeNote(cart({}), cart({ amount: 110.5, total: 110.5 }))).toBe(
      'Your total changed from ₹100 to ₹110.50: prices or items in your cart changed',
    )
  })
})
