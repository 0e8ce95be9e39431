import type { Tx } from '../client'
import { commissionRules } from '../schema/agents'
import { coupons } from '../schema/cart'
import { deliveryCharges } from '../schema/delivery'

/** CONTRACT demo coupons, the same code on each website (each its own row, counted per website). */
export const DEMO_COUPONS = [
  {
    code: 'WELCOME10',
    description: '10% off carts of ₹199 or more, up to ₹100 off',
    kind: 'percent' as const,
    value: 10,
    minCartPaise: 19900,
    maxDiscountPaise: 10000,
    perCustomerLimit: 1,
  },
  {
    code: 'FLAT50',
    description: '₹50 off carts of ₹499 or more',
    kind: 'flat' as const,
    value: 5000,
    minCartPaise: 49900,
    maxDiscountPaise: null,
    perCustomerLimit: null,
  },
]

/**
 * A delivery charge rule per warehouse that follows the website's (settings.delivery: ₹30 below ₹499 on the main
 * demo store) and the demo coupons. Delivery slots are not seeded: they are made on demand from the default
 * template (the next 3 days), so they never age. Sales agents earn 2 % of delivered value by default (decision 0034).
 */
export async function seedCartRules(tx: Tx, websiteId: number, warehouseIds: number[]) {
  await tx.insert(deliveryCharges).values(warehouseIds.map((warehouseId) => ({ websiteId, warehouseId, name: 'Standard delivery' })))
  await tx.insert(coupons).values(DEMO_COUPONS.map((c) => ({ websiteId, ...c })))
  await tx.insert(commissionRules).values({ websiteId, categoryId: null, rateBp: 200 })
}
