import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'

const FILES = {
  '/razorpay/checkout.js': 'razorpay-checkout.js',
  '/cashfree/cashfree.js': 'cashfree.js',
  '/cashfree/pay.js': 'cashfree-pay.js',
  '/demo.js': 'demo.js',
  '/sim.css': 'sim.css',
}

/** The simulator's browser files, read once; served as files because the CSP refuses inline scripts. */
export function assetRoutes(app: FastifyInstance) {
  for (const [route, file] of Object.entries(FILES)) {
    const text = readFileSync(new URL(`../assets/${file}`, import.meta.url), 'utf8')
    const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8'
    app.get(route, async (_req, reply) => reply.type(type).header('cache-control', 'no-cache').send(text))
  }
}
