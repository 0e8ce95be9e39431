import type { FastifyInstance } from 'fastify'
import { getCookie } from '../../../common/contracts/session'
import { route } from '../../platform/route'
import { scheduleJob } from '../../platform/scheduled-job'
import { expiredSessionsJob } from './expiry'
import { ensureSession } from './service'

export function sessionRoutes(app: FastifyInstance) {
  route(
    app,
    getCookie,
    async (req, reply) => {
      await ensureSession(req, reply)
      return { ok: true as const }
    },
    { tags: ['session'] },
  )
  // sessions past their expiry are deleted by one process an hour
  scheduleJob(app, expiredSessionsJob(app.deps.db, app.log), app.deps.config.SCHEDULED_JOBS_CHECK_MS)
}
