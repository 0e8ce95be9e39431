import type { FastifyInstance } from 'fastify'
import { getPaymentMethods, testPaymentConnection, updatePaymentMethods } from '../../../common/contracts/admin-payments'
import { orThrow } from '../../platform/result'
import { requestOrigin } from '../../platform/site-context'
import { staffRoutes } from '../../platform/staff'
import * as methods from './admin'

/** Staff calls of payment methods; `app.payments` (the process's providers) is decorated by app.ts. */
export function paymentAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'tax' }, (staff) => {
    staff.read(getPaymentMethods, (req, ctx) => methods.getPaymentMethods(ctx, requestOrigin(req)))
    staff.write(updatePaymentMethods, async (req, ctx) => orThrow(await methods.updatePaymentMethods(ctx, req.body, requestOrigin(req))))
    staff.read(testPaymentConnection, (req, ctx) => methods.testConnection(ctx, app.payments, req.body))
  })
}
