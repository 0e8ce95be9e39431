import type { FastifyInstance } from 'fastify'
import {
  addPincodes,
  createClosure,
  deleteClosure,
  getDeliveryCharges,
  getSlotFill,
  getSlotTemplate,
  listClosures,
  listDeliveryPincodes,
  previewPincodes,
  removePincodes,
  setPincodeDays,
  setSlotTemplate,
  setWarehouseCharges,
  setWebsiteCharges,
} from '../../../common/contracts/admin-delivery'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as delivery from './admin'

export function deliveryAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'delivery' }, (staff) => {
    staff.read(listDeliveryPincodes, (req, ctx) => delivery.listPincodes(ctx, req.query))
    staff.read(previewPincodes, async (req, ctx) => orThrow(await delivery.previewPincodes(ctx, req.params.id, req.body.text)))
    staff.write(addPincodes, async (req, ctx) => orThrow(await delivery.addPincodes(ctx, req.params.id, req.body.pincodes, req.body.delivery_days)))
    staff.write(setPincodeDays, async (req, ctx) => orThrow(await delivery.setPincodeDays(ctx, req.body.pincodes, req.body.delivery_days)))
    staff.write(removePincodes, async (req, ctx) => orThrow(await delivery.removePincodes(ctx, req.body.pincodes)))
    staff.read(getDeliveryCharges, (_req, ctx) => delivery.getCharges(ctx))
    staff.write(setWebsiteCharges, (req, ctx) => delivery.setWebsiteCharges(ctx, req.body))
    staff.write(setWarehouseCharges, async (req, ctx) => orThrow(await delivery.setWarehouseCharges(ctx, req.params.id, req.body.own)))
    staff.read(getSlotTemplate, async (req, ctx) => orThrow(await delivery.getTemplate(ctx, req.params.id)))
    staff.write(setSlotTemplate, async (req, ctx) => orThrow(await delivery.setTemplate(ctx, req.params.id, req.body)))
    staff.read(listClosures, (_req, ctx) => delivery.listClosures(ctx))
    staff.write(createClosure, async (req, ctx) => orThrow(await delivery.createClosure(ctx, req.body)))
    staff.write(deleteClosure, async (req, ctx) => orThrow(await delivery.deleteClosure(ctx, req.params.id)))
    staff.read(getSlotFill, async (req, ctx) => orThrow(await delivery.slotFill(ctx, req.params.id, req.query.days)))
  })
}
