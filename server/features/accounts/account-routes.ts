import type { FastifyInstance } from 'fastify'
import * as c from '../../../common/contracts/accounts'
import { guardHook, requireUser } from '../../platform/guards'
import { route } from '../../platform/route'
import * as addresses from './addresses'
import * as profile from './profile'

const tags = ['accounts']

/** The signed-in user's own data; every call answers 401 to a visitor before reading the body. */
export async function accountRoutes(app: FastifyInstance) {
  app.addHook('preValidation', guardHook(requireUser))
  route(app, c.getProfile, async (req) => profile.getProfile(req.ctx), { tags })
  route(app, c.updateProfile, async (req) => profile.updateProfile(req.ctx, req.body), { tags })
  route(app, c.listAddresses, async (req) => addresses.listAddresses(req.ctx), { tags })
  route(app, c.createAddress, async (req) => addresses.createAddress(req.ctx, req.body), { tags })
  route(app, c.updateAddress, async (req) => addresses.updateAddress(req.ctx, req.params.id, req.body), { tags })
  route(app, c.deleteAddress, async (req) => addresses.deleteAddress(req.ctx, req.params.id), { tags })
  route(app, c.setDefaultAddress, async (req) => addresses.setDefaultAddress(req.ctx, req.params.id), { tags })
  route(app, c.checkAddressPincode, async (req) => addresses.checkPincode(req.ctx, req.params.pincode), { tags })
}
