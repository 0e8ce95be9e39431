import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_ROLES, type BuiltInRole } from '../../common/rules/staff-roles'
import { rowsOf } from '../db/client'
import { createPaymentProviders } from '../features/payments/providers/registry'
import type { StaffCall } from '../platform/staff'
import { buildTestApp, drivers, type TestApp } from './app'
import { fixtureKit, type FixtureKit, type StaffRequest } from './fixture-kit'
import type { SignedIn } from './shopper'
import { cast, roleHolder, staffCall } from './staff'
import { STAFF_FIXTURES } from './staff-fixtures'

/**
 * Every staff and POS call × every built-in role (issue 29): 2xx where the role reaches, 403 (writing nothing)
 * where it does not. The reach below is the issue's and CONTRACT's wording written out by address, on purpose not
 * read from the calls' declarations: a call declared with the wrong permission fails here. A call added later is
 * walked too; if a role's reach of it is not what this table says, say it here (and in decision 0049).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const under = (url: string, prefixes: readonly string[]) => prefixes.some((p) => url === `/s/api/${p}` || url.startsWith(`/s/api/${p}/`))

/** full admin only: staff, sales agents' commission, tax and payment settings, the audit log, monitoring and retention */
const MANAGER_NEVER = [
  'admin/staff',
  'admin/staff-roles',
  'admin/agents',
  'admin/commission-rules',
  'admin/tax-settings',
  'admin/payment-methods',
  'admin/message-settings',
  'admin/audit',
  'admin/monitoring',
  'admin/analytics/retention',
]
/** what an accountant reads: reports and analytics, GST exports, tax settings, orders, refunds, khata */
const ACCOUNTANT_READS = [
  'admin/dashboard',
  'admin/orders',
  'admin/payments/refunds',
  'admin/reports',
  'admin/analytics',
  'admin/client-errors',
  'admin/gst-report',
  'admin/gst-report.csv',
  'admin/gst',
  'admin/exports',
  'admin/tax-settings',
  'admin/payment-methods',
  'admin/message-settings',
  'admin/customers/:id/khata',
  'admin/khata',
]
/** a mark-down from the near-expiry screen is a price change: the catalogue's */
const CATALOGUE = [
  'admin/products',
  'admin/categories',
  'admin/brands',
  'admin/search',
  'admin/catalogue/export.csv',
  'admin/media',
  'admin/stock/packs/:id/mark-down',
]
const MARKETING = ['admin/coupons', 'admin/pages', 'admin/site-settings', 'admin/media']

const REACH: Record<BuiltInRole, (call: StaffCall, payload: unknown) => boolean> = {
  admin: () => true,
  // the Tally ledger names are tax settings: a manager reads them (reports) but does not change them
  manager: (c) => !under(c.url, MANAGER_NEVER) && !(c.writes && c.url === '/s/api/admin/exports/tally-ledgers'),
  // CONTRACT: /api/pos/… (khata sales are POS sales) and nothing else; adding or renaming a register is a manager's
  cashier: (c) => c.tag === 'pos' && !(c.writes && c.url.startsWith('/s/api/pos/registers')),
  // CONTRACT: list and read orders, move them to packed, out for delivery, delivered; no refunds, cancels, nor anything else
  packer: (c, payload) =>
    c.writes ? c.url === '/s/api/admin/orders/:id/status' && (payload as { status?: string }).status !== 'cancelled' : under(c.url, ['admin/orders']),
  catalogue: (c) => under(c.url, CATALOGUE),
  marketing: (c) => under(c.url, MARKETING),
  // CONTRACT: reads reports, GST exports and orders, writes nothing
  accountant: (c) => !c.writes && under(c.url, ACCOUNTANT_READS) && !under(c.url, ['admin/analytics/retention']),
}

describe.each(drivers)('every staff call × every built-in role (%s)', (driver) => {
  let t: TestApp
  let kit: FixtureKit
  const holders = {} as Record<BuiltInRole, SignedIn>
  const auditCount = async () => rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`))[0].n
  const fixtureOf = (c: StaffCall) => STAFF_FIXTURES[`${c.method} ${c.url}`]
  const send = (who: SignedIn, c: StaffCall, r: StaffRequest) => staffCall(t, who, c.method as Method, r.url, r.payload, undefined, r.contentType)

  beforeAll(async () => {
    t = await buildTestApp(driver)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    t.app.payments = createPaymentProviders(t.app.deps.config, { razorpay: { apiBase: origin }, cashfree: { apiBase: `${origin}/pg` } })
    kit = fixtureKit(t, (await cast(t)).admin)
    for (const role of BUILT_IN_ROLES) holders[role] = await roleHolder(t, role)
  })
  afterAll(() => t.close())

  it('answers each role 2xx where it reaches and 403 elsewhere, writing nothing when refused', async () => {
    const seen = { allowed: 0, refused: 0 }
    for (const call of t.app.staffCalls) {
      const fixture = fixtureOf(call)
      expect(fixture, `${call.method} ${call.url} needs a fixture (server/test/staff-fixtures/)`).toBeTypeOf('function')
      const shared = await fixture(kit)
      for (const role of BUILT_IN_ROLES) {
        const label = `${role}: ${call.method} ${shared.url}`
        if (REACH[role](call, shared.payload)) {
          // a fresh request each time: a write may use up what its fixture made (a delete, an import token)
          // (an import preview is applied only by the person who uploaded it: theirs)
          const own = call.url.endsWith('/apply') ? fixtureKit(t, holders[role]) : kit
          const request = call.writes || shared.fresh ? await fixture(own) : shared
          const res = await send(holders[role], call, request)
          expect(res.statusCode, `${label}: ${res.body}`).toBe(request.status ?? 200)
          seen.allowed++
        } else {
          const audited = await auditCount()
          const res = await send(holders[role], call, shared)
          expect(res.statusCode, `${label}: ${res.body}`).toBe(403)
          expect(res.json().code, label).toBe('forbidden')
          expect(await auditCount(), label).toBe(audited)
          seen.refused++
        }
      }
    }
    expect(seen.allowed).toBeGreaterThan(150)
    expect(seen.refused).toBeGreaterThan(300)
  }, 600_000)

  it('lets a packer pack, send out and deliver an order, but never cancel or refund it', async () => {
    const packer = holders.packer
    const order = await kit.order()
    const move = (who: SignedIn, body: object) => staffCall(t, who, 'POST', `/s/api/admin/orders/${order.id}/status`, body)
    const cancel = await move(packer, { status: 'cancelled', note: 'Customer asked on the phone' })
    expect(cancel.statusCode, cancel.body).toBe(403)
    expect(cancel.json().message).toBe('Your role on this website does not include Refunds and cancels')
    for (const status of ['packed', 'out_for_delivery']) {
      const res = await move(packer, { status })
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200)
      expect(res.json().status).toBe(status)
    }
    const refund = await staffCall(t, packer, 'POST', `/s/api/admin/orders/${order.id}/refunds`, { amount: 10, reason: 'Torn' })
    expect(refund.statusCode).toBe(403)
    // a manager may cancel
    const other = await kit.order()
    const managed = await staffCall(t, holders.manager, 'POST', `/s/api/admin/orders/${other.id}/status`, { status: 'cancelled', note: 'Out of stock' })
    expect(managed.statusCode, managed.body).toBe(200)
  })

  it('tells an accountant that their role can see orders but not change them', async () => {
    const order = await kit.order()
    const res = await staffCall(t, holders.accountant, 'POST', `/s/api/admin/orders/${order.id}/status`, { status: 'packed' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Your role on this website can see Orders and fulfilment but not change it')
  })
})
