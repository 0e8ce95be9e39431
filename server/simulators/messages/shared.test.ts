import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { post } from '../../features/accounts/test-kit'
import { buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { until } from '../../test/wait'

type SimAnswer = { channel: string; template: string; text: string; status: string; sent_at: string }[]

/**
 * Two app processes on one PostgreSQL database share one messages simulator, as they share the payment simulator
 * (decision 0039): what a phone received through A is read through B, a failure asked of one is used up once by
 * whichever sends, an account registered through one is known to the other.
 */
describe.runIf(drivers.includes('postgres'))('the messages simulator shared by two app processes on PostgreSQL', () => {
  let a: TestApp
  let b: TestApp

  beforeAll(async () => {
    ;[a, b] = (await buildTestAppsOnOneDatabase(2)).apps
  }, 60_000)
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  const inbox = async (t: TestApp, to: string) => (await t.app.inject({ method: 'GET', url: `/__sim/messages?to=${to}` })).json() as SimAnswer

  it('a sign-in code asked for through A is in the inbox read through B, with the status A’s webhooks moved', async () => {
    const v = await a.visitor()
    expect((await post(a, '/s/api/auth/login', { username: '9811200001' }, v, { ip: '10.9.1.1' })).statusCode).toBe(200)
    const [code] = await inbox(b, '9811200001')
    expect(code).toMatchObject({ channel: 'whatsapp', template: 'sign_in_code' })
    expect(code.text).toMatch(/^\d{6} is your verification code/)
    // the status moves on as the reports come: the message itself is the same through either
    const [throughA, ...more] = await inbox(a, '9811200001')
    expect([{ ...throughA, status: code.status }, ...more]).toEqual([code])
    await until(async () => (await inbox(b, '9811200001'))[0].status === 'read', 10_000, 'the read status, through B')
    const page = await b.app.inject({ method: 'GET', url: '/sim/messages' })
    expect(page.body).toContain('+91 9811200001')
    expect(page.body).toContain(code.text)
  })

  it('messages sent through both, newest first through either', async () => {
    const send = (t: TestApp, order: string) =>
      t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811200002', vars: { shop: 'Kirana Fresh', order } })
    await send(a, 'KF-A1')
    await send(b, 'KF-B1')
    await send(a, 'KF-A2')
    for (const t of [a, b]) expect((await inbox(t, '9811200002')).map((m) => m.text.split(' ')[4])).toEqual(['KF-A2', 'KF-B1', 'KF-A1'])
    // cleared through B: gone for A too
    expect((await b.app.inject({ method: 'DELETE', url: '/__sim/messages' })).statusCode).toBe(200)
    expect(await inbox(a, '9811200002')).toEqual([])
  })

  it('race: one WhatsApp failure asked of B, 10 sends through both at once: exactly one falls back to SMS', async () => {
    const planned = await b.app.inject({ method: 'POST', url: '/__sim/messages/failures', payload: { to: '9811200003', channel: 'whatsapp', mode: 'reject' } })
    expect(planned.statusCode).toBe(200)
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).app.messages.send({ websiteId: 1, template: 'delivered', to: '9811200003', vars: { shop: 'Kirana Fresh', order: `KF-R${i}` } }),
      ),
    )
    expect(outcomes.map((o) => (o.status === 'sent' ? o.channel : o.status)).sort()).toEqual([...Array(1).fill('sms'), ...Array(9).fill('whatsapp')])
    const [counts] = rowsOf<{ whatsapp: number; sms: number; left: number }>(
      await a.app.deps.db.execute(sql`select
        (select count(*)::int from messages_simulator.messages where to_mobile = '9811200003' and channel = 'whatsapp') as whatsapp,
        (select count(*)::int from messages_simulator.messages where to_mobile = '9811200003' and channel = 'sms') as sms,
        (select coalesce(sum(remaining), 0)::int from messages_simulator.failures where to_mobile = '9811200003') as left`),
    )
    expect(counts).toEqual({ whatsapp: 9, sms: 1, left: 0 })
  })

  it('an account registered through A answers "Test connection" asked of B', async () => {
    const account = { phone_number_id: '100000000000321', access_token: 'EAAsharedaccount01', app_secret: 'shared-app-secret-01', webhook_url: '/nowhere' }
    const check = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: `/sim/whatsapp/v21.0/${account.phone_number_id}?fields=display_phone_number,verified_name`,
        headers: { authorization: `Bearer ${account.access_token}` },
      })
    expect((await check(b)).statusCode).toBe(401)
    expect((await a.app.inject({ method: 'POST', url: '/__sim/messages/accounts', payload: { whatsapp: account } })).statusCode).toBe(200)
    const known = await check(b)
    expect(known.statusCode).toBe(200)
    expect(known.json()).toMatchObject({ id: account.phone_number_id, verified_name: 'Simulator shop' })
  })
})
