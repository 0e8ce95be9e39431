import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messagePreferences } from '../../db/schema/messages'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'

describe.each(drivers)("a shopper's messaging choices and the staff's message log (%s)", (driver) => {
  let t: TestApp
  // an app with a limit of 2 an hour, built with the first (a hook's time, not the test's: an app takes over 30 s on a loaded machine)
  let limited: TestApp
  beforeAll(async () => {
    // one after the other: two PGlite apps starting on one event loop miss Fastify's plugin timeout under load
    t = await buildTestApp(driver)
    limited = await buildTestApp(driver, { MESSAGES_PER_NUMBER_HOUR: 2 })
  })
  afterAll(() => Promise.all([t?.close(), limited?.close()]))

  it('a shopper chooses SMS, then opts out of updates: the next update is not sent, and the log shows only what went', async () => {
    const s = await signIn(t, '9876500003')
    const call = (method: 'GET' | 'PUT', payload?: object) => t.call({ method, url: '/s/api/account/messages', session: s, payload })
    // never asked: no updates until the shopper opts in
    expect((await call('GET')).json()).toEqual({ mobile: '9876500003', channel: 'whatsapp', updates: false })
    expect((await call('PUT', { channel: 'fax', updates: true })).statusCode).toBe(422)
    expect((await call('PUT', { channel: 'sms', updates: true })).json()).toEqual({ mobile: '9876500003', channel: 'sms', updates: true })
    // the opt-in given on the account screen, with when
    expect((await t.app.deps.db.select().from(messagePreferences).where(eq(messagePreferences.mobile, '9876500003')))[0]).toMatchObject({
      updates: true,
      optedInVia: 'account',
      optedInAt: expect.any(Date),
    })
    const vars = { shop: 'Kirana Fresh', order: 'KF-301' }
    expect(await t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9876500003', vars })).toMatchObject({ status: 'sent', channel: 'sms' })
    expect((await call('PUT', { channel: 'sms', updates: false })).json().updates).toBe(false)
    expect(await t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9876500003', vars })).toEqual({ status: 'skipped', reason: 'opted_out' })
    expect((await t.call({ method: 'GET', url: '/s/api/account/messages' })).statusCode).toBe(401)

    const admin = await signIn(t, '9876500001')
    const log = (await staffCall(t, admin, 'GET', '/s/api/admin/messages')).json().data as Record<string, unknown>[]
    const mine = log.filter((r) => r.to === '9876500003' && r.template === 'delivered')
    expect(mine).toHaveLength(2)
    expect(mine[0]).toMatchObject({ channel: 'none', status: 'opted_out', cost_units: 0 })
    // sent, or delivered once MSG91's report came
    expect(mine[1]).toMatchObject({ channel: 'sms', status: expect.stringMatching(/^(sent|delivered)$/), cost_units: 1, fallback_of: null })
    expect(JSON.stringify(log)).not.toContain('KF-301')
    expect((await staffCall(t, await signIn(t, '9876500003'), 'GET', '/s/api/admin/messages')).statusCode).toBe(403)
  })

  it('a number gets at most MESSAGES_PER_NUMBER_HOUR messages an hour; the refused one is logged as limited', async () => {
    const send = () => limited.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811400001', vars: { shop: 'K', order: 'KF-1' } })
    expect((await send()).status).toBe('sent')
    expect((await send()).status).toBe('sent')
    expect(await send()).toEqual({ status: 'skipped', reason: 'limited' })
    const inbox = (await limited.app.inject({ method: 'GET', url: '/__sim/messages?to=9811400001' })).json()
    expect(inbox).toHaveLength(2)
  })
})
