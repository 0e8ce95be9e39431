import { describe, expect, it } from 'vitest'
import { amountProblem, type UsageFacts, usageProblem } from './messages'
import type { CouponRow } from './queries'

const NOW = new Date('2026-11-22T10:00:00Z')
const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 1,
  websiteId: 1,
  code: 'SAVE',
  description: '',
  kind: 'flat',
  value: 5000,
  minCartPaise: 0,
  maxDiscountPaise: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: 0,
  categoryIds: null,
  brandIds: null,
  used: 0,
  status: 'active',
  visible: true,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
})
const shopper: UsageFacts = { now: NOW, userId: 7, usedByCustomer: 0, placedOrders: 0 }
const visitor: UsageFacts = { ...shopper, userId: null }

describe('coupon refusals: each its own message', () => {
  it.each<[string, Partial<CouponRow>, UsageFacts, string | null]>([
    ['usable', {}, shopper, null],
    ['not started', { startsAt: new Date('2026-12-01T00:00:00Z') }, shopper, 'SAVE can be used from Dec 1, 2026'],
    ['started', { startsAt: new Date('2026-11-01T00:00:00Z') }, shopper, null],
    ['expired', { endsAt: new Date('2026-11-22T10:00:00Z') }, shopper, 'SAVE has expired'],
    ['not expired yet', { endsAt: new Date('2026-11-22T10:00:01Z') }, shopper, null],
    ['used up', { usageLimit: 10, used: 10 }, shopper, 'SAVE has been fully redeemed'],
    ['one use left', { usageLimit: 10, used: 9 }, shopper, null],
    ['used once already', { perCustomerLimit: 1 }, { ...shopper, usedByCustomer: 1 }, 'You have already used SAVE'],
    ['used thrice of three', { perCustomerLimit: 3 }, { ...shopper, usedByCustomer: 3 }, 'You have already used SAVE 3 times, the most allowed'],
    ['first order only, has ordered', { firstOrderOnly: 1 }, { ...shopper, placedOrders: 2 }, 'SAVE is valid only on your first order'],
    ['first order only, first order', { firstOrderOnly: 1 }, shopper, null],
    ['a visitor: per-customer rules wait for sign-in', { perCustomerLimit: 1, firstOrderOnly: 1 }, { ...visitor, usedByCustomer: 5, placedOrders: 5 }, null],
    ['a visitor still meets the dates and the total limit', { usageLimit: 1, used: 1 }, visitor, 'SAVE has been fully redeemed'],
    ['paused by staff', { status: 'paused' }, visitor, 'SAVE is not available right now'],
    ['deleted by staff after it was used', { status: 'archived' }, shopper, 'SAVE is no longer available'],
  ])('%s', (_name, over, facts, message) => {
    expect(usageProblem(coupon(over), facts)).toBe(message)
  })

  it('says how much more the cart needs, or that nothing in it qualifies', () => {
    const c = coupon({ code: 'WELCOME10', minCartPaise: 19900 })
    expect(amountProblem(c, { ok: false, reason: 'min_cart', shortfallPaise: 4950 })).toBe('Add ₹49.50 more to use WELCOME10 (minimum cart value ₹199)')
    expect(amountProblem(c, { ok: false, reason: 'no_eligible_items' })).toBe('WELCOME10 does not apply to any item in your cart')
    expect(amountProblem(c, { ok: true, discountPaise: 100 })).toBeNull()
  })
})
