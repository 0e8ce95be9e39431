import type { FastifyInstance } from 'fastify'
import { getDashboard, getSetupChecklist } from '../../../common/contracts/admin-dashboard'
import { staffRoutes } from '../../platform/staff'
import { dashboard } from './service'
import { setupChecklist } from './setup'

/** The admin home's one call (docs/decisions/0020-staff-roles-and-dashboard.md). */
export function dashboardRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: { all: ['orders', 'reports'] } }, (staff) => {
    staff.read(getDashboard, (_req, ctx) => dashboard(ctx))
    staff.read(getSetupChecklist, (_req, ctx) => setupChecklist(ctx))
  })
}
