import type { FastifyInstance } from 'fastify'
import { listAudit } from '../../../common/contracts/admin'
import * as audit from '../../platform/audit-queries'
import { staffRoutes } from '../../platform/staff'

/** The audit log, readable by the website's admins (written by every staff write: platform/staff-write.ts). */
export function auditRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin' }, (staff) => {
    staff.read(listAudit, (req, ctx) => audit.listAudit(ctx.db, ctx.site.id, req.query))
  })
}
