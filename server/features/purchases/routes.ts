import type { FastifyInstance } from 'fastify'
import { createPurchase, createSupplier, getPurchase, listPurchases, listSuppliers, updateSupplier } from '../../../common/contracts/admin-purchases'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as receive from './receive'
import * as suppliers from './suppliers'

/** Staff calls of suppliers and purchase bills (CONTRACT: POST /api/admin/suppliers, POST /api/admin/purchases). */
export function purchaseAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'stock' }, (staff) => {
    staff.read(listSuppliers, (req, ctx) => suppliers.listSuppliers(ctx, req.query))
    staff.write(createSupplier, async (req, ctx) => orThrow(await suppliers.createSupplier(ctx, req.body)))
    staff.write(updateSupplier, async (req, ctx) => orThrow(await suppliers.updateSupplier(ctx, req.params.id, req.body)))
    staff.read(listPurchases, (req, ctx) => receive.listPurchases(ctx, req.query))
    staff.read(getPurchase, async (req, ctx) => orThrow(await receive.getPurchase(ctx, req.params.id)))
    staff.write(createPurchase, async (req, ctx) => orThrow(await receive.receivePurchase(ctx, req.body)))
  })
}
