import type { Db, Tx } from '../../db/client'
import * as q from './queries'

/**
 * How many orders (not cancelled) a shopper has placed on a website, for first-order coupons. Published apart from
 * service.ts: the service places orders, which redeems coupons, so coupons importing it would be an import cycle.
 */
export const countPlacedOrders = (db: Db | Tx, websiteId: number, userId: number) => q.countPlacedOrders(db, websiteId, userId)
