import type { FastifyInstance } from 'fastify'
import { getMessagePreferences, listMessageLog, saveMessagePreferences } from '../../../common/contracts/messages'
import { route } from '../../platform/route'
import { scheduleJob } from '../../platform/scheduled-job'
import { staffRoutes } from '../../platform/staff'
import * as messages from './preferences'
import { messageRetentionJob } from './retention'

/** A shopper's messaging choices, and the staff's message log (admins). */
export async function messageRoutes(app: FastifyInstance) {
  route(app, getMessagePreferences, (req) => messages.preferences(req.ctx), { tags: ['account'] })
  route(app, saveMessagePreferences, (req) => messages.savePreferences(req.ctx, req.body), { tags: ['account'] })
  // who was sent what, and whether it arrived: the customers' area
  await staffRoutes(app, { tag: 'admin', permission: 'customers' }, (staff) => {
    staff.read(listMessageLog, (req, ctx) => messages.messageLog(ctx, req.query.before))
  })
  const { db, config } = app.deps
  scheduleJob(app, messageRetentionJob(db, app.log, config.MESSAGES_RETENTION_DAYS), config.SCHEDULED_JOBS_CHECK_MS)
}
