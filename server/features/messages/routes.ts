import type { FastifyInstance } from 'fastify'
import { getMessageSettings, testMessagingConnection, updateMessageSettings } from '../../../common/contracts/admin-messages'
import { getMessagePreferences, listMessageLog, saveMessagePreferences } from '../../../common/contracts/messages'
import { orThrow } from '../../platform/result'
import { requestOrigin } from '../../platform/site-context'
import { route } from '../../platform/route'
import { scheduleJob } from '../../platform/scheduled-job'
import { staffRoutes } from '../../platform/staff'
import * as messages from './preferences'
import { messageRetentionJob } from './retention'
import * as settings from './settings'
import { appMessagesHttp } from './setup'

/** A shopper's messaging choices, and the staff's message log (admins). */
export async function messageRoutes(app: FastifyInstance) {
  route(app, getMessagePreferences, (req) => messages.preferences(req.ctx), { tags: ['account'] })
  route(app, saveMessagePreferences, (req) => messages.savePreferences(req.ctx, req.body), { tags: ['account'] })
  // who was sent what, and whether it arrived: the customers' area
  await staffRoutes(app, { tag: 'admin', permission: 'customers' }, (staff) => {
    staff.read(listMessageLog, (req, ctx) => messages.messageLog(ctx, req.query))
  })
  // the website's provider keys: the tax and payment settings' area (decision 0049)
  const http = appMessagesHttp(app)
  await staffRoutes(app, { tag: 'admin', permission: 'tax' }, (staff) => {
    staff.read(getMessageSettings, (req, ctx) => settings.getMessageSettings(ctx, requestOrigin(req)))
    staff.write(updateMessageSettings, async (req, ctx) => orThrow(await settings.updateMessageSettings(ctx, req.body, requestOrigin(req))))
    staff.read(testMessagingConnection, (req, ctx) => settings.testMessagingConnection(ctx, http, req.body))
  })
  const { db, config } = app.deps
  scheduleJob(app, messageRetentionJob(db, app.log, config.MESSAGES_RETENTION_DAYS), config.SCHEDULED_JOBS_CHECK_MS)
}
