import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CouponRule } from '../coupons/discount'
import { type ChargeRuleInput, type PricedLine, priceCart } from './price-cart'

const CATEGORIES = [1, 2, 3, 4]
const BRANDS = [10, 11, 12]

const line: fc.Arbitrary<PricedLine> = fc.record({
  quantity: fc.integer({ min: 1, max: 20 }),
  pricePaise: fc.integer({ min: 0, max: 5_000_00 }),
  valid: fc.boolean(),
  deliveryChargeId: fc.constantFrom(0, 1, 2),
  categoryId: fc.constantFrom(...CATEGORIES),
  parentCategoryId: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  brandId: fc.constantFrom(...BRANDS),
})

const rules: fc.Arbitrary<Map<number, ChargeRuleInput>> = fc
  .array(fc.record({ chargePaise: fc.integer({ min: -5_000, max: 10_000 }), freeAbovePaise: fc.integer({ min: 0, max: 2_000_00 }) }), {
    minLength: 3,
    maxLength: 3,
  })
  .map((list) => new Map(list.map((r, i) => [i, r])))

const coupon: fc.Arbitrary<CouponRule | null> = fc.option(
  fc
    .record({
      kind: fc.constantFrom('percent' as const, 'flat' as const),
      value: fc.integer({ min: 1, max: 100_000 }),
      minCartPaise: fc.integer({ min: 0, max: 1_000_00 }),
      maxDiscountPaise: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
      categoryIds: fc.option(fc.subarray(CATEGORIES, { minLength: 1 }), { nil: null }),
      brandIds: fc.option(fc.subarray(BRANDS, { minLength: 1 }), { nil: null }),
    })
    .map((c) => (c.kind === 'percent' ? { ...c, value: Math.min(c.value, 100) } : c)),
  { nil: null },
)

/** The reference: the rules written out plainly, one loop per amount, as a shopkeeper would do them on paper. */
function reference(lines: PricedLine[], charges: Map<number, ChargeRuleInput>, rule: CouponRule | null) {
  const valid = lines.filter((l) => l.valid)
  let amount = 0
  for (const l of valid) amount += l.quantity * l.pricePaise
  let eligible = 0
  for (const l of valid) {
    const categoryOk =
      !rule?.categoryIds || rule.categoryIds.includes(l.categoryId) || (l.parentCategoryId !== null && rule.categoryIds.includes(l.parentCategoryId))
    const brandOk = !rule?.brandIds || rule.brandIds.includes(l.brandId)
    if (rule && categoryOk && brandOk) eligible += l.quantity * l.pricePaise
  }
  let discount = 0
  if (rule && amount >= rule.minCartPaise && eligible > 0) {
    discount = rule.kind === 'percent' ? Math.floor((eligible * rule.value) / 100) : rule.value
    if (rule.maxDiscountPaise !== null && discount > rule.maxDiscountPaise) discount = rule.maxDiscountPaise
    if (discount > eligible) discount = eligible
  }
  let delivery = 0
  let deliveryBase = 0
  for (const id of new Set(valid.map((l) => l.deliveryChargeId))) {
    let groupAmount = 0
    for (const l of valid) if (l.deliveryChargeId === id) groupAmount += l.quantity * l.pricePaise
    const r = charges.get(id)!
    const charge = Math.max(r.chargePaise, 0)
    deliveryBase += charge
    if (groupAmount < r.freeAbovePaise) delivery += charge
  }
  let quantity = 0
  for (const l of lines) quantity += l.quantity
  return { quantity, amount, eligible, discount, delivery, deliveryBase, total: amount - discount + delivery }
}

describe('priceCart (property-based)', () => {
  it('matches the plain reference computation in paise for random carts, coupons and charge rules', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rules, coupon, (lines, charges, rule) => {
        const got = priceCart(lines, charges, rule)
        const want = reference(lines, charges, rule)
        expect({
          quantity: got.quantity,
          amount: got.amountPaise,
          eligible: rule ? got.eligiblePaise : 0,
          discount: got.discountPaise,
          delivery: got.finalDeliveryPaise,
          deliveryBase: got.deliveryChargePaise,
          total: got.totalPaise,
        }).toEqual(want)
      }),
      { numRuns: 2000 },
    )
  })

  it('adds up, never goes below zero and stays in whole paise', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rules, coupon, (lines, charges, rule) => {
        const t = priceCart(lines, charges, rule)
        for (const v of [t.amountPaise, t.discountPaise, t.finalDeliveryPaise, t.deliveryChargePaise, t.totalPaise, t.eligiblePaise]) {
          expect(Number.isSafeInteger(v)).toBe(true)
          expect(v).toBeGreaterThanOrEqual(0)
        }
        expect(t.totalPaise).toBe(t.amountPaise - t.discountPaise + t.finalDeliveryPaise)
        expect(t.discountPaise).toBeLessThanOrEqual(t.eligiblePaise)
        expect(t.eligiblePaise).toBeLessThanOrEqual(t.amountPaise)
        expect(t.finalDeliveryPaise).toBeLessThanOrEqual(t.deliveryChargePaise)
        expect(t.groups.reduce((s, g) => s + g.amountPaise, 0)).toBe(t.amountPaise)
        expect(t.groups.reduce((s, g) => s + g.finalPaise, 0)).toBe(t.finalDeliveryPaise)
        if (rule?.maxDiscountPaise !== null && rule?.maxDiscountPaise !== undefined) expect(t.discountPaise).toBeLessThanOrEqual(rule.maxDiscountPaise)
        if (!rule) expect(t.discountPaise).toBe(0)
        for (const g of t.groups) expect(g.finalPaise === 0 || g.shortfallPaise > 0).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('prices invalid lines at nothing, whatever they hold', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rules, coupon, (lines, charges, rule) => {
        const invalid = lines.map((l) => ({ ...l, valid: false }))
        const t = priceCart(invalid, charges, rule)
        expect([t.amountPaise, t.discountPaise, t.finalDeliveryPaise, t.totalPaise]).toEqual([0, 0, 0, 0])
        expect(t.quantity).toBe(lines.reduce((s, l) => s + l.quantity, 0))
      }),
    )
  })

  it('follows the demo rules: WELCOME10, FLAT50 and ₹30 delivery below ₹499', () => {
    const welcome: CouponRule = { kind: 'percent', value: 10, minCartPaise: 19900, maxDiscountPaise: 10000, categoryIds: null, brandIds: null }
    const flat50: CouponRule = { kind: 'flat', value: 5000, minCartPaise: 49900, maxDiscountPaise: null, categoryIds: null, brandIds: null }
    const charges = new Map([[1, { chargePaise: 3000, freeAbovePaise: 49900 }]])
    const cart = (paise: number): PricedLine[] => [
      { quantity: 1, pricePaise: paise, valid: true, deliveryChargeId: 1, categoryId: 1, parentCategoryId: null, brandId: 10 },
    ]
    expect(priceCart(cart(19800), charges, welcome)).toMatchObject({
      discountPaise: 0,
      coupon: { ok: false, reason: 'min_cart', shortfallPaise: 100 },
      finalDeliveryPaise: 3000,
      totalPaise: 22800,
    })
    expect(priceCart(cart(19900), charges, welcome)).toMatchObject({ discountPaise: 1990, finalDeliveryPaise: 3000, totalPaise: 19900 - 1990 + 3000 })
    expect(priceCart(cart(250000), charges, welcome)).toMatchObject({ discountPaise: 10000, finalDeliveryPaise: 0, totalPaise: 240000 })
    expect(priceCart(cart(49800), charges, flat50)).toMatchObject({ discountPaise: 0, coupon: { ok: false, reason: 'min_cart', shortfallPaise: 100 } })
    expect(priceCart(cart(49900), charges, flat50)).toMatchObject({ discountPaise: 5000, finalDeliveryPaise: 0, totalPaise: 44900 })
    expect(priceCart(cart(49800), charges, null).groups[0]).toMatchObject({ finalPaise: 3000, shortfallPaise: 100 })
  })
})
