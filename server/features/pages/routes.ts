import type { FastifyInstance } from 'fastify'
import { getPageData } from '../../../common/contracts/pages'
import { notFound } from '../../platform/errors'
import { readRoute } from '../../platform/route'
import { normalisePageUrl } from './page-url'
import * as pages from './service'

export function pageRoutes(app: FastifyInstance) {
  readRoute(
    app,
    getPageData,
    async (ctx, { params }) => {
      const url = normalisePageUrl(params['*'])
      const page = url ? await pages.getPageDataForShopper(ctx, url) : null
      if (!page) throw notFound('This page does not exist')
      return page
    },
    { tags: ['pages'] },
  )
  app.get('/s/api/page/data', { schema: { hide: true } }, (_req, reply) => reply.redirect('/s/api/page/data/', 308))
}
