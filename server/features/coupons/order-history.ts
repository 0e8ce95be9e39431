import type { Db, Tx } from '../../db/client'
import { countPlacedOrders } from '../orders/placed-orders'

/** How many orders (not cancelled) the shopper has placed on this website, for first-order-only coupons. */
export function placedOrderCount(db: Db | Tx, websiteId: number, userId: number): Promise<number> {
  return countPlacedOrders(db, websiteId, userId)
}
