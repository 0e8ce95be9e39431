import type { FastifyInstance } from 'fastify'
import { getPageData } from '../../../common/contracts/pages'
import { notFound } from '../../platform/errors'
import { route } from '../../platform/route'
import { normalisePageUrl } from './page-url'
import * as pages from './service'

export function pageRoutes(app: FastifyInstance) {
  route(
    app,
    getPageData,
    async (req) => {
      const url = normalisePageUrl(req.params['*'])
      const page = url ? await pages.getPageDataForShopper(req.ctx, url) : null
      if (!page) throw notFound('This page does not exist')
      return page
    },
    { tags: ['pages'] },
  )
  app.get('/s/api/page/data', { schema: { hide: true } }, (_req, reply) => reply.redirect('/s/api/page/data/', 308))
}
