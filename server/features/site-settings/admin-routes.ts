import type { FastifyInstance } from 'fastify'
import { getSiteEditor, saveMenus, saveNavigation, savePopupSeo, saveSiteIdentity, saveTheme } from '../../../common/contracts/admin-site'
import { requestOrigin } from '../../platform/site-context'
import { staffRoutes } from '../../platform/staff'
import * as admin from './admin'

/** Staff calls of the website's settings: the page builder's Site, Theme, Navigation, Menus and Popup & SEO screens. */
export function siteSettingsAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'website' }, (staff) => {
    staff.read(getSiteEditor, (req, ctx) => admin.getSiteEditor(ctx, requestOrigin(req)))
    staff.write(saveSiteIdentity, (req, ctx) => admin.saveSiteIdentity(ctx, req.body, requestOrigin(req)))
    staff.write(saveTheme, (req, ctx) => admin.saveTheme(ctx, req.body, requestOrigin(req)))
    staff.write(saveNavigation, (req, ctx) => admin.saveNavigation(ctx, req.body, requestOrigin(req)))
    staff.write(saveMenus, (req, ctx) => admin.saveMenus(ctx, req.body, requestOrigin(req)))
    staff.write(savePopupSeo, (req, ctx) => admin.savePopupSeo(ctx, req.body, requestOrigin(req)))
  })
}
