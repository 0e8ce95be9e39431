import type { Db, Tx } from '../../db/client'

/**
 * How many orders the shopper has placed on this website, for first-order-only coupons.
 * Orders arrive with issue #5, which replaces this with a count of the shopper's placed orders.
 */
export async function placedOrderCount(_db: Db | Tx, _websiteId: number, _userId: number): Promise<number> {
  return 0
}
