import type { Db } from '../../db/client'
import * as q from './queries'

/**
 * The website's default warehouse, where delivery sends a shopper whose pincode names none. Published apart from
 * service.ts: the catalogue service asks delivery which warehouse serves the shopper, so this would be a cycle.
 */
export const defaultWarehouseId = (db: Db, websiteId: number) => q.defaultWarehouseId(db, websiteId)
