import type { FastifyInstance } from 'fastify'
import { accountRoutes } from './account-routes'
import { authRoutes } from './auth-routes'
import { bosRoutes } from './bos-routes'
import { createOtpDelivery, type OtpDelivery } from './otp-delivery/index'

/** Sign-in, the account pages' calls, sales and superadmin tools (issue #3). */
export async function accountsRoutes(app: FastifyInstance, options: { otpDelivery?: OtpDelivery } = {}) {
  authRoutes(app, options.otpDelivery ?? createOtpDelivery(app.deps.config, app.log))
  // Each group in its own scope, so its role check (a preValidation hook) covers only its routes.
  await app.register(accountRoutes)
  await app.register(bosRoutes)
}
