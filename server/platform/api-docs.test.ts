import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, listRoutes, type TestApp } from '../test/app'
import { operationIdOf } from './api-docs'

type Operation = { operationId?: string; security?: Record<string, string[]>[] }
type Description = {
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> }
}

describe('the API description at /s/api/docs', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite')
  })
  afterAll(() => t.close())
  const get = (url: string, accept = 'text/html,application/xhtml+xml') => t.app.inject({ method: 'GET', url, headers: { accept } })

  it('a browser gets Swagger UI, its scripts served from here (no CDN), with no website header or session', async () => {
    const page = await get('/s/api/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<div id="swagger-ui">')
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(sources.length).toBeGreaterThan(2)
    expect(sources.filter((s) => /^(https?:)?\/\//.test(s))).toEqual([])
    for (const src of sources.filter((s) => s.endsWith('.js') || s.endsWith('.css'))) {
      const asset = await get(new URL(src, 'http://localhost/s/api/docs/').pathname, '*/*')
      expect([src, asset.statusCode]).toEqual([src, 200])
    }
    const init = await get('/s/api/docs/static/swagger-initializer.js', '*/*')
    expect(init.body).toContain("resolveUrl('./json')")
    // the page's own content security policy holds: no inline script
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/)
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it('other clients get the JSON description at /s/api/docs, as before, and at /s/api/docs/json', async () => {
    const plain = await get('/s/api/docs', 'application/json')
    const json = await get('/s/api/docs/json', '*/*')
    expect([plain.statusCode, json.statusCode]).toEqual([200, 200])
    expect(plain.json()).toEqual(json.json())
    expect((json.json() as { openapi: string }).openapi).toMatch(/^3\./)
  })

  it('every call has an operationId of its own, and declares the website header, the session cookie and the XSRF header', async () => {
    const doc = (await get('/s/api/docs/json', '*/*')).json() as Description
    const schemes = doc.components.securitySchemes
    expect(schemes.website).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-web-url' })
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' })
    expect(schemes.xsrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-xsrf-token' })
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, ...op })))
    expect(operations.length).toBeGreaterThan(100)
    expect(operations.filter((op) => !op.operationId)).toEqual([])
    const ids = operations.map((op) => op.operationId)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    const writes = operations.filter((op) => op.method !== 'get')
    expect(writes.filter((op) => !op.security?.every((s) => 'xsrf' in s && 'website' in s))).toEqual([])
    expect(operations.every((op) => op.security?.some((s) => 'website' in s))).toBe(true)
    // every API route the app has is in the description, but for the hidden ones (webhooks, tools, the docs)
    const described = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path.replace('{*}', '*').replace(/\{([^}]+)\}/g, ':$1')}`))
    const visible = listRoutes(t.app).filter((r) => r.url.startsWith('/s/api/') && r.method !== 'HEAD')
    expect(visible.filter((r) => described.has(`${r.method} ${r.url}`)).length).toBe(operations.length)
  })

  it('derives an operationId from the method and path', () => {
    expect(operationIdOf('get', '/s/api/products')).toBe('getProducts')
    expect(operationIdOf('POST', '/s/api/cart/add')).toBe('postCartAdd')
    expect(operationIdOf('get', '/s/api/admin/products/{id}/stock')).toBe('getAdminProductsByIdStock')
    expect(operationIdOf('get', '/s/api/orders/{id}/invoice.pdf')).toBe('getOrdersByIdInvoicePdf')
    expect(operationIdOf('get', '/s/api/page/data/{*}')).toBe('getPageDataByPath')
    expect(operationIdOf('delete', '/s/api/admin/delivery-charges/{charge_id}')).toBe('deleteAdminDeliveryChargesByChargeId')
  })
})
