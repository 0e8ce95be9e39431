import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import { assetRoutes } from './assets'
import { cashfreeBrowserRoutes } from './cashfree-routes'
import { demoRoutes } from './demo-routes'
import { razorpayBrowserRoutes } from './razorpay-routes'

/** Everything a browser loads from the simulator, under /sim. */
export async function browserRoutes(app: FastifyInstance, { sim }: { sim: Sim }) {
  const unknown = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: `No such simulator page: ${req.method} ${req.url.split('?')[0]}` })
  app.setNotFoundHandler(unknown)
  app.get('/*', unknown) // else the web client's GET /* page route would answer
  assetRoutes(app)
  razorpayBrowserRoutes(app, sim)
  cashfreeBrowserRoutes(app, sim)
  demoRoutes(app, sim)
}
