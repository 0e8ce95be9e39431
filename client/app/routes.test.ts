import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLIENT_ROUTES, ContentPageRoute, HomeRoute, ProductRoute, ProductsRoute, routeComponentFor } from './routes'

describe('route modules (the server preloads the chunk of the route it rendered by this name)', () => {
  const routes = [HomeRoute, ProductsRoute, ProductRoute, ContentPageRoute, ...CLIENT_ROUTES.map(([, route]) => route)]

  it.each(routes.map((r) => [r.module]))('%s is a file under client/', (module) => {
    expect(existsSync(path.resolve(import.meta.dirname, '..', module))).toBe(true)
  })

  it('names the module a path renders', () => {
    expect(routeComponentFor('/').module).toBe('routes/home.tsx')
    expect(routeComponentFor('/products').module).toBe('routes/products.tsx')
    expect(routeComponentFor('/products/sona-khet-chakki-atta').module).toBe('routes/product.tsx')
    expect(routeComponentFor('/about-us').module).toBe('routes/content-page.tsx')
    expect(routeComponentFor('/checkout/razorpay/12').module).toBe('routes/checkout-pay.tsx')
  })
})
