import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { rowsOf } from '../db/client'
import { defineContract } from '../../common/contracts/http'
import { createPaymentProviders } from '../features/payments/providers/registry'
import { staffRoutes } from '../platform/staff'
import { staffWrite } from '../platform/staff-write'
import { buildTestApp, drivers, listRoutes, MAIN, SHOP2, type RouteEntry, type TestApp } from './app'
import { websiteOf } from './shopper'
import { auditOf, type Cast, cast, staffCall } from './staff'
import { fixtureKit, type FixtureKit } from './fixture-kit'
import { STAFF_FIXTURES } from './staff-fixtures'

/**
 * Every staff call of the route table, so calls added later are covered without a new test (SECURITY AZ-09,
 * AZ-11): who may call it, that it works for an admin, that a write leaves its audit rows, and that another
 * website's ids answer 404.
 */

const STAFF = /^\/s\/api\/(admin|pos)\//
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

describe.each(drivers)('every staff call (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let kit: FixtureKit
  let calls: RouteEntry[]
  let mainId: number
  const auditCount = async () => rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`))[0].n
  const fixtureOf = (r: RouteEntry) => STAFF_FIXTURES[`${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`]

  beforeAll(async () => {
    t = await buildTestApp(driver)
    // on a loopback port, so calls that reach a payment provider (the counter's UPI QR) find the simulator
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    t.app.payments = createPaymentProviders(t.app.deps.config, { razorpay: { apiBase: origin }, cashfree: { apiBase: `${origin}/pg` } })
    calls = listRoutes(t.app).filter((r) => STAFF.test(r.url))
    who = await cast(t)
    kit = fixtureKit(t, who.admin)
    mainId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  it('finds the staff calls in the route table, each declared through the staff route group with a fixture', () => {
    expect(calls.length).toBeGreaterThanOrEqual(17)
    const declared = new Set(t.app.staffCalls.map((c) => `${c.method} ${c.url}`))
    for (const r of calls) {
      if (r.method !== 'HEAD') expect(declared.has(`${r.method} ${r.url}`), `${r.method} ${r.url} is not a staff call`).toBe(true)
      expect(fixtureOf(r), `add ${r.method} ${r.url} to its domain's table in server/test/staff-fixtures/`).toBeTypeOf('function')
    }
  })

  it('refuses visitors (401), shoppers, agents and another website’s admin (403) before reading the body, writing nothing', async () => {
    for (const r of calls) {
      const { url } = await fixtureOf(r)(kit)
      const label = `${r.method} ${url}`
      // A made-up body: the role is checked first, so this is never a 422.
      const junk = r.method === 'GET' || r.method === 'HEAD' ? undefined : { junk: true }
      const audited = await auditCount()
      expect((await staffCall(t, who.visitor, r.method as Method, url, junk)).statusCode, `visitor ${label}`).toBe(401)
      for (const [name, session] of [
        ['shopper', who.shopper],
        ['agent', who.agent],
        ['admin of the other website', who.otherAdmin],
      ] as const) {
        const res = await staffCall(t, session, r.method as Method, url, junk)
        expect(res.statusCode, `${name} ${label}`).toBe(403)
        if (r.method !== 'HEAD') expect(res.json(), `${name} ${label}`).toEqual({ message: 'This needs admin access to this website', code: 'forbidden' })
      }
      expect(await auditCount(), label).toBe(audited)
    }
  }, 120_000) // every staff call × five callers: slow on a loaded machine as calls are added

  it('gives path variants of a staff call the same refusal, or 404 (SECURITY AZ-14)', async () => {
    for (const url of [
      '/s/api/%61dmin/products',
      '/s/api/admin/products/',
      '/s/api/ADMIN/products',
      '/s//api/admin/products',
      '/s/api/admin/products;x=1',
      '/s/api/admin/./products',
      '/s/api/admin/x/../products',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await staffCall(t, who.shopper, method, url, method === 'POST' ? { product_name: 'x' } : undefined)
        expect([403, 404], `${method} ${url}`).toContain(res.statusCode)
      }
    }
    // No method override: a shopper's POST stays a POST to whatever it names.
    const overridden = await t.call({
      method: 'POST',
      url: '/s/api/admin/products',
      session: who.shopper,
      headers: { 'x-http-method-override': 'GET', 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(overridden.statusCode).toBe(403)
  })

  // every staff call once, many writing: past 30 s on PGlite on a loaded machine
  it('works for an admin; every write leaves audit rows (who, website, before/after) under its request id', { timeout: 120_000 }, async () => {
    for (const r of calls.filter((c) => c.method !== 'HEAD')) {
      const request = await fixtureOf(r)(kit)
      const res = await staffCall(t, who.admin, r.method as Method, request.url, request.payload, MAIN, request.contentType)
      const label = `${r.method} ${request.url}`
      expect(res.statusCode, `${label}: ${res.body}`).toBe(request.status ?? 200)
      expect(res.headers['x-request-id'], label).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.headers['cache-control'], label).toBe('private, no-store')
      const rows = await auditOf(t, res)
      const writes = t.app.staffCalls.find((c) => c.method === r.method && c.url === r.url)!.writes
      if (!writes) {
        expect(rows, label).toEqual([])
        continue
      }
      expect(rows.length, `${label} wrote no audit row`).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row, label).toMatchObject({ websiteId: mainId, userId: who.admin.userId })
        expect(row.entityId, label).toBeTruthy()
        expect(row.before !== null || row.after !== null, `${label}: before or after`).toBe(true)
      }
    }
  })

  it('answers 404 to the other website’s admin for this website’s ids, and changes nothing', { timeout: 120_000 }, async () => {
    for (const r of calls.filter((c) => c.method !== 'HEAD')) {
      const request = await fixtureOf(r)(kit)
      if (!request.foreign) continue
      const audited = await auditCount()
      const res = await staffCall(t, who.adminShop2, r.method as Method, request.url, request.payload, SHOP2, request.contentType)
      expect(res.statusCode, `${r.method} ${request.url}: ${res.body}`).toBe(404)
      expect(await auditCount(), `${r.method} ${request.url} wrote nothing`).toBe(audited)
    }
  })
})

describe('the staff route group', () => {
  let t: TestApp
  const probe = (path: string) =>
    defineContract({ method: 'POST', path, summary: 'test probe', body: z.object({ n: z.number() }), response: z.object({ ok: z.boolean() }) })

  beforeAll(async () => {
    t = await buildTestApp('pglite')
    await staffRoutes(t.app, { tag: 'admin' }, (staff) => {
      staff.write(probe('/api/admin/test/unaudited'), async (_req, ctx) => {
        await ctx.db.execute(sql`update products set name = 'Written without audit' where id = (select min(id) from products)`)
        return { ok: true }
      })
      staff.write(probe('/api/admin/test/fails-after-write'), async (_req, ctx) => {
        await staffWrite(ctx, { action: 'test.write', entity: 'product', changesStorefront: true }, async (tx) => {
          await tx.execute(sql`update products set name = 'Rolled back' where id = (select min(id) from products)`)
          return { id: 1, before: null, after: { name: 'Rolled back' }, result: null }
        })
        throw new Error('boom after the write')
      })
    })
    await t.app.ready()
  })
  afterAll(() => t.close())

  const firstName = async () => rowsOf<{ name: string }>(await t.app.deps.db.execute(sql`select name from products order by id limit 1`))[0].name

  it('refuses to start with a staff path declared outside a staff route group', async () => {
    const other = await buildTestApp('pglite')
    expect(() => other.app.post('/s/api/admin/sneaky', async () => ({}))).toThrow(/staff path: declare it with staffRoutes/)
    expect(() => other.app.get('/s/api/pos/sneaky', async () => ({}))).toThrow(/staff path/)
    await other.close()
  })

  it('rolls back a write call that wrote no audit row, and one that fails after writing', async () => {
    const { signIn } = await import('./shopper')
    const admin = await signIn(t, '9876500001')
    const name = await firstName()
    const audits = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`))[0].n
    for (const url of ['/s/api/admin/test/unaudited', '/s/api/admin/test/fails-after-write']) {
      const res = await staffCall(t, admin, 'POST', url, { n: 1 })
      expect(res.statusCode, url).toBe(500)
      expect(res.json()).toEqual({ message: 'Something went wrong' })
    }
    expect(await firstName()).toBe(name)
    expect(rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`))[0].n).toBe(audits)
  })

  it('lists staff calls under their tag in the OpenAPI description', async () => {
    const doc = (await t.call({ method: 'GET', url: '/s/api/docs' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> }
    const staffPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/s/api/admin/'))
    expect(staffPaths.length).toBeGreaterThan(10)
    for (const [path, ops] of staffPaths) for (const [method, op] of Object.entries(ops)) expect(op.tags, `${method} ${path}`).toEqual(['admin'])
    expect(doc.paths['/s/api/admin/products'].post).toBeDefined()
  })
})
