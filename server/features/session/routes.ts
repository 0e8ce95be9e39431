import type { FastifyInstance } from 'fastify'
import { getCookie } from '../../../common/contracts/session'
import { route } from '../../platform/route'
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
}
