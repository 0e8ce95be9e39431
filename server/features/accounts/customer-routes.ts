import type { FastifyInstance } from 'fastify'
import { blockCustomer, eraseCustomer, exportCustomer, getCustomer, listCustomers, unblockCustomer } from '../../../common/contracts/admin-customers'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as customers from './customers'

/** Customers of this website for staff (issue 11). */
export function customerAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'customers' }, (group) => {
    group.read(listCustomers, (req, ctx) => customers.listCustomers(ctx, req.query))
    group.read(getCustomer, async (req, ctx) => orThrow(await customers.getCustomer(ctx, req.params.id)))
    group.write(blockCustomer, async (req, ctx) => orThrow(await customers.blockCustomer(ctx, req.params.id, req.body)))
    group.read(exportCustomer, async (req, ctx) => orThrow(await customers.exportCustomer(ctx, req.params.id)))
    group.write(eraseCustomer, async (req, ctx) => orThrow(await customers.eraseCustomer(ctx, req.params.id)))
    group.write(unblockCustomer, async (req, ctx) => orThrow(await customers.unblockCustomer(ctx, req.params.id)))
  })
}
