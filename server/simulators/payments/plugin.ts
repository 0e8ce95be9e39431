import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { simBackend } from './backend'
import { browserRoutes } from './browser/routes'
import { cashfreeApi } from './cashfree/api'
import { settleCashfreeRefund } from './cashfree/refund-routes'
import { lateCashfree } from './cashfree/settle'
import { controlRoutes } from './control'
import { razorpayApi } from './razorpay/api'
import { lateRazorpay } from './razorpay/settle'
import { createSimulator } from './simulator'

/**
 * The payment simulator inside the app (CONTRACT "Payments", PAYMENTS.md D): Razorpay's /v1 and Cashfree's /pg
 * APIs, their browser checkouts under /sim, signed webhooks, and the /__sim control plane. app.ts mounts it only
 * with PAYMENTS_MODE=simulator, which production refuses. None of these paths are under /s/api, so the session
 * and XSRF hooks leave them alone; they are hidden from the OpenAPI description.
 */
export async function paymentsSimulator(app: FastifyInstance, { config, database }: { config: Config; database: Database }) {
  const backend = await simBackend(database, app.lifecycle, app.log)
  const sim = createSimulator(app, config, backend)
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true }
  })
  // Deferred work any process may pick up (tasks.ts)
  sim.tasks.handle('rzp.late_auth', (payload) => lateRazorpay(sim, payload))
  sim.tasks.handle('cf.late_auth', (payload) => lateCashfree(sim, payload))
  sim.tasks.handle('cf.refund_settle', (payload) => settleCashfreeRefund(sim, payload))
  // Held connections (hang, succeed_then_timeout) would keep close() waiting. Deliveries under way finish (the
  // app still answers during preClose); tasks not yet due are left to another process (or the next start).
  app.addHook('preClose', async () => {
    sim.faults.releaseAll()
    await backend.tasks.close()
  })
  app.addHook('onClose', () => backend.close())
  await app.register(razorpayApi, { prefix: '/v1', sim })
  await app.register(cashfreeApi, { prefix: '/pg', sim })
  await app.register(browserRoutes, { prefix: '/sim', sim })
  await app.register(controlRoutes, { prefix: '/__sim', sim })
}
