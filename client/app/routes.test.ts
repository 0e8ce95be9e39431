import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import * as paths from '../lib/paths'
import { PATTERNS, pathTo } from '../lib/paths'
import { isContentPath } from './prefetch'
import { ROUTES, routeFor } from './routes'

const routeComponentFor = (path: string) => routeFor(path).route.component

/** A concrete address for a pattern: each :param and * filled in. */
const sample = (pattern: string) => (pattern === '*' ? '/some-content-page' : pattern.replace(/:[A-Za-z_]+/g, '42').replace('*', 'anything'))

describe('the route table', () => {
  it('has one entry per pattern, and every entry serves its own addresses (none is shadowed by an earlier one)', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length)
    for (const route of ROUTES) expect(routeFor(sample(route.path)).route, route.path).toBe(route)
  })

  it('serves an address matched by several patterns from the specific entry, and anything else as a content page', () => {
    expect(routeFor('/account/dashboard').route.path).toBe('/account/dashboard')
    expect(routeFor('/account/orders/9').route.path).toBe('/account/orders/:id')
    expect(routeFor('/bos/admin').route.path).toBe('/bos/admin')
    expect(routeFor('/bos/admin/products/12/extra').route.path).toBe('/bos/admin/*')
    expect(ROUTES.at(-1)?.path).toBe('*')
    expect(routeFor('/about/team').route).toBe(ROUTES.at(-1))
  })

  it('has an entry for every named page, and the typed links land on it', () => {
    const byPattern = new Map(ROUTES.map((r) => [r.path, r]))
    for (const [name, pattern] of Object.entries(PATTERNS)) expect(byPattern.has(pattern), name).toBe(true)
    expect(routeFor(paths.product('sona-atta')).route.path).toBe(PATTERNS.product)
    expect(routeFor(paths.accountOrder(7)).route.path).toBe(PATTERNS.accountOrder)
    expect(paths.products('q=atta&page=2')).toBe('/products?q=atta&page=2')
    expect(pathTo(PATTERNS.product, { slug: 'a b/c' })).toBe('/products/a%20b%2Fc')
  })

  it('keeps the flags of spec §2 and §4 for the shopper’s pages', () => {
    const flags = (path: string) => {
      const { route } = routeFor(path)
      return { fullWidth: !!route.fullWidth, requiresLogin: !!route.requiresLogin, agentOnly: !!route.agentOnly, render: route.render }
    }
    expect(flags('/')).toEqual({ fullWidth: false, requiresLogin: false, agentOnly: false, render: 'ssr' })
    expect(flags('/products/atta')).toEqual({ fullWidth: false, requiresLogin: false, agentOnly: false, render: 'ssr' })
    expect(flags('/checkout')).toEqual({ fullWidth: true, requiresLogin: true, agentOnly: false, render: 'client' })
    expect(flags('/checkout/razorpay/5')).toEqual({ fullWidth: true, requiresLogin: false, agentOnly: false, render: 'client' })
    expect(flags('/order/success/KF-1')).toEqual({ fullWidth: false, requiresLogin: true, agentOnly: false, render: 'client' })
    expect(flags('/auth/login')).toEqual({ fullWidth: true, requiresLogin: false, agentOnly: false, render: 'client' })
    expect(flags('/account/dashboard')).toEqual({ fullWidth: false, requiresLogin: true, agentOnly: true, render: 'client' })
    expect(flags('/account/orders/9')).toEqual({ fullWidth: false, requiresLogin: true, agentOnly: false, render: 'client' })
    expect(flags('/account/anything-else')).toEqual({ fullWidth: false, requiresLogin: true, agentOnly: false, render: 'client' })
    expect(flags('/about-us')).toEqual({ fullWidth: true, requiresLogin: false, agentOnly: false, render: 'ssr' })
  })

  it('sends Administration, the counter and Website Settings, and only them, to the staff app, rendered in the browser', () => {
    for (const route of ROUTES) {
      expect(route.shell === 'staff', route.path).toBe(/^\/(bos\/admin|page-builder|pos)(\/|$)/.test(route.path))
      if (route.shell === 'staff') expect([route.render, route.component.module], route.path).toEqual(['client', 'staff/staff-app.tsx'])
    }
    expect(routeFor('/page-builder/menus').route.shell).toBe('staff')
    expect(routeComponentFor('/page-builder/theme').module).toBe('staff/staff-app.tsx')
    expect(routeFor('/bos/admin/unknown').route.shell).toBe('staff')
    expect(routeFor('/page-builder').route.shell).toBe('staff')
    expect(routeFor('/page-builder/unknown').route.shell).toBe('staff')
    expect(routeFor('/bos/elsewhere').route.shell).toBe('shop')
  })

  it('derives the content-page check: the app’s own addresses are never content pages', () => {
    expect(['/', '/about-us', '/offers/diwali'].map(isContentPath)).toEqual([true, true, true])
    expect(['/products', '/products/atta', '/account/x', '/checkout/x', '/auth/x', '/order/x', '/bos/admin', '/bos/x'].map(isContentPath)).toEqual(
      Array(8).fill(false),
    )
  })

  it('gives the server the component to preload for an address', () => {
    expect(routeComponentFor('/products/atta')).toBe(routeFor(PATTERNS.product).route.component)
    expect(routeComponentFor('/anything')).toBe(ROUTES.at(-1)?.component)
  })
})

describe('route modules (the server preloads the chunk of the route it rendered by this name)', () => {
  it.each(ROUTES.map((r) => [r.path, r.component.module]))('%s: %s is a file under client/', (_, module) => {
    expect(existsSync(path.resolve(import.meta.dirname, '..', module))).toBe(true)
  })

  it('names the module a path renders', () => {
    expect(routeComponentFor('/').module).toBe('routes/home.tsx')
    expect(routeComponentFor('/products').module).toBe('routes/products.tsx')
    expect(routeComponentFor('/products/sona-khet-chakki-atta').module).toBe('routes/product.tsx')
    expect(routeComponentFor('/about-us').module).toBe('routes/content-page.tsx')
    expect(routeComponentFor('/checkout/razorpay/12').module).toBe('routes/checkout-pay.tsx')
    expect(routeComponentFor('/bos/admin/products').module).toBe('staff/staff-app.tsx')
  })
})
