import type { FastifyInstance } from 'fastify'
import { couponUsage, createCoupon, deleteCoupon, getCoupon, listCoupons, setCouponStatus, updateCoupon } from '../../../common/contracts/admin-coupons'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as coupons from './admin'

/** Two saves of the same code at the same moment: the database refuses the second. */
const UNIQUES = { coupons_site_code_uq: { field: 'code', message: 'Another coupon already uses this code' } }

export function couponAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'coupons', uniques: UNIQUES }, (staff) => {
    staff.read(listCoupons, (req, ctx) => coupons.listCoupons(ctx, req.query))
    staff.read(getCoupon, async (req, ctx) => orThrow(await coupons.getCoupon(ctx, req.params.id)))
    staff.read(couponUsage, async (req, ctx) => orThrow(await coupons.couponUsage(ctx, req.params.id, req.query)))
    staff.write(createCoupon, async (req, ctx) => orThrow(await coupons.createCoupon(ctx, req.body)))
    staff.write(updateCoupon, async (req, ctx) => orThrow(await coupons.updateCoupon(ctx, req.params.id, req.body)))
    staff.write(setCouponStatus, async (req, ctx) => orThrow(await coupons.setStatus(ctx, req.body.ids, req.body.status)))
    staff.write(deleteCoupon, async (req, ctx) => orThrow(await coupons.deleteCoupon(ctx, req.params.id)))
  })
}
