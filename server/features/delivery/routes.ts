import type { FastifyInstance } from 'fastify'
import { checkPincode, deliveryEstimate } from '../../../common/contracts/delivery'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { deliveryEstimate as estimate } from './estimate'
import * as delivery from './service'

export function deliveryRoutes(app: FastifyInstance) {
  route(
    app,
    checkPincode,
    async (req) => {
      const { pincode, message } = orThrow(await delivery.checkPincode(req.ctx, req.params.pincode))
      return { pincode, serviceable: true as const, message }
    },
    { xsrf: true, tags: ['delivery'] },
  )
  route(app, deliveryEstimate, (req) => estimate(req.ctx), { tags: ['delivery'] })
}
