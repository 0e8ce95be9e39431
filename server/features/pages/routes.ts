import type { FastifyInstance } from 'fastify'
import {
  deletePage,
  getPageDraft,
  listPages,
  listPageVersions,
  previewPage,
  publishPage,
  rollbackPage,
  savePageDraft,
  unpublishPage,
} from '../../../common/contracts/admin-pages'
import { getPageData } from '../../../common/contracts/pages'
import { notFound } from '../../platform/errors'
import { orThrow } from '../../platform/result'
import { readRoute } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as admin from './admin'
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

/** Staff calls of pages: drafts, publishing, versions (server/features/pages/admin.ts). */
export async function pageAdminRoutes(app: FastifyInstance) {
  await staffRoutes(app, { tag: 'admin', permission: 'website' }, (staff) => {
    staff.read(listPages, (req, ctx) => admin.listPages(ctx, req.query.q))
    staff.read(previewPage, (req, ctx) => admin.previewPage(ctx, req.body))
    staff.read(getPageDraft, (req, ctx) => admin.getDraft(ctx, req.query.url))
    staff.read(listPageVersions, (req, ctx) => admin.listVersions(ctx, req.query.url))
    staff.write(savePageDraft, (req, ctx) => admin.saveDraft(ctx, req.body))
    staff.write(publishPage, async (req, ctx) => orThrow(await admin.publish(ctx, req.body.url)))
    staff.write(rollbackPage, async (req, ctx) => orThrow(await admin.rollback(ctx, req.body.url, req.body.number)))
    staff.write(unpublishPage, async (req, ctx) => orThrow(await admin.unpublish(ctx, req.body.url)))
    staff.write(deletePage, async (req, ctx) => orThrow(await admin.deletePage(ctx, req.query.url)))
  })
}
