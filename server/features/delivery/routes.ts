import type { FastifyInstance } from 'fastify'
import { checkPincode } from '../../../common/contracts/delivery'
import { AppError } from '../../platform/errors'
import { route } from '../../platform/route'
import * as delivery from './service'

export function deliveryRoutes(app: FastifyInstance) {
  route(
    app,
    checkPincode,
    async (req) => {
      const result = await delivery.checkPincode(req.ctx, req.params.pincode)
      if (!result.ok) throw new AppError('invalid', result.message, { pincode: result.message })
      return { pincode: result.pincode, serviceable: true as const, message: result.message }
    },
    { xsrf: true, tags: ['delivery'] },
  )
}
