import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import { browserRoutes } from './browser/routes'
import { cashfreeApi } from './cashfree/api'
import { controlRoutes } from './control'
import { razorpayApi } from './razorpay/api'
import { createSimulator } from './simulator'

/**
 * The payment simulator inside the app (CONTRACT "Payments", PAYMENTS.md D): Razorpay's /v1 and Cashfree's /pg
 * APIs, their browser checkouts under /sim, signed webhooks, and the /__sim control plane. app.ts mounts it only
 * with PAYMENTS_MODE=simulator, which production refuses. None of these paths are under /s/api, so the session
 * and XSRF hooks leave them alone; they are hidden from the OpenAPI description.
 */
export async function paymentsSimulator(app: FastifyInstance, { config }: { config: Config }) {
  const sim = createSimulator(app, config)
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true }
  })
  // Held connections (hang, succeed_then_timeout) and pending retries would keep close() waiting.
  app.addHook('preClose', async () => {
    sim.faults.releaseAll()
    sim.timers.clearAll()
    sim.webhooks.reset()
  })
  await app.register(razorpayApi, { prefix: '/v1', sim })
  await app.register(cashfreeApi, { prefix: '/pg', sim })
  await app.register(browserRoutes, { prefix: '/sim', sim })
  await app.register(controlRoutes, { prefix: '/__sim', sim })
}
