import type { FastifyInstance } from 'fastify'
import {
  adjustStock,
  createWarehouse,
  getWarehouse,
  listStock,
  listWarehouses,
  setLowStockThreshold,
  setStock,
  stockHistory,
  updateWarehouse,
} from '../../../common/contracts/admin-stock'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as stock from './admin'
import * as batches from './admin-batches'
import { listBatches, nearExpiry, writeOffBatch } from '../../../common/contracts/admin-purchases'
import * as warehouses from './warehouses'

/** Two saves giving the same pincode to two warehouses at the same moment: the database refuses the second. */
const UNIQUES = { pincodes_website_id_pincode_pk: { field: 'pincodes', message: 'Another warehouse just took one of these pincodes' } }

/** Staff calls of stock and warehouses (CONTRACT "Staff calls": PUT /api/admin/stock). */
export function stockAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'stock', uniques: UNIQUES }, (staff) => {
    staff.read(listStock, (req, ctx) => stock.listStock(ctx, req.query))
    staff.write(setStock, async (req, ctx) => orThrow(await stock.setStock(ctx, req.body)))
    staff.write(adjustStock, async (req, ctx) => orThrow(await stock.adjustStock(ctx, req.body)))
    staff.write(setLowStockThreshold, async (req, ctx) => orThrow(await stock.setThreshold(ctx, req.params.id, req.body.low_stock_threshold)))
    staff.read(stockHistory, async (req, ctx) => orThrow(await stock.stockHistory(ctx, req.params.id, req.query)))

    staff.read(listBatches, async (req, ctx) => orThrow(await batches.listBatches(ctx, req.query.pack_id, req.query.warehouse_id)))
    staff.read(nearExpiry, (req, ctx) => batches.nearExpiry(ctx, req.query.days, req.query.warehouse_id))
    staff.write(writeOffBatch, async (req, ctx) => orThrow(await batches.writeOff(ctx, req.params.id, req.body.note ?? null)))

    // the warehouses' names are needed wherever work is per warehouse
    staff.read(listWarehouses, (_req, ctx) => warehouses.listWarehouses(ctx), { permission: { any: ['stock', 'delivery'] } })
    staff.read(getWarehouse, async (req, ctx) => orThrow(await warehouses.getWarehouse(ctx, req.params.id)))
    staff.write(createWarehouse, async (req, ctx) => orThrow(await warehouses.createWarehouse(ctx, req.body)))
    staff.write(updateWarehouse, async (req, ctx) => orThrow(await warehouses.updateWarehouse(ctx, req.params.id, req.body)))
  })
}
