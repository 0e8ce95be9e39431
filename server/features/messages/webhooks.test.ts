import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../db/schema/messages'
import { MESSAGES_SIMULATOR_DEFAULTS } from '../../platform/messages-config'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { until } from '../../test/wait'

const PATH = '/s/api/messages/webhooks/whatsapp'
const SECRET = MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_APP_SECRET
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
const statusEvent = (id: string, status: string, extra: object = {}) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000001',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp: '1764370000', recipient_id: '919811200001', ...extra }] },
          },
        ],
      },
    ],
  })

describe.each(drivers)('messaging webhooks (%s)', (driver) => {
  let t: TestApp
  const row = async (id: number) => (await t.app.deps.db.select().from(messages).where(eq(messages.id, id)))[0]
  const deliver = (body: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    })

  beforeAll(async () => {
    t = await buildTestApp(driver)
  })
  afterAll(() => t.close())

  /** a WhatsApp message in the log whose provider id the test controls (no simulator report can touch it) */
  async function logged(status = 'accepted', template = 'delivered') {
    const id = `wamid.test${Math.random().toString(36).slice(2)}`
    const [saved] = await t.app.deps.db
      .insert(messages)
      .values({
        websiteId: 1,
        toMobile: '9811200001',
        channel: 'whatsapp',
        template,
        provider: 'whatsapp',
        providerTemplate: template,
        providerMessageId: id,
        status,
        vars: { shop: 'Kirana Fresh', order: 'KF-77' },
      })
      .returning()
    return saved
  }

  it('the handshake echoes hub.challenge for our verify token, and refuses any other', async () => {
    const q = (token: string, mode = 'subscribe') => `${PATH}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`
    const ok = await t.app.inject({ method: 'GET', url: q(MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_VERIFY_TOKEN) })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect((await t.app.inject({ method: 'GET', url: q('guess') })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: q(MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_VERIFY_TOKEN, 'unsubscribe') })).statusCode).toBe(403)
  })

  it('valid: a status signed with the app secret over the raw body moves the message forward', async () => {
    const m = await logged()
    const body = statusEvent(m.providerMessageId!, 'delivered')
    const res = await deliver(body, sign(body))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ applied: 1, unchanged: 0 })
    expect((await row(m.id)).status).toBe('delivered')
  })

  it('tampered: a changed body, another secret, or no signature is refused and changes nothing', async () => {
    const m = await logged()
    const body = statusEvent(m.providerMessageId!, 'read')
    const tampered = body.replace('"read"', '"failed"')
    expect((await deliver(tampered, sign(body))).statusCode).toBe(401)
    expect((await deliver(body, sign(body, 'another-apps-secret'))).statusCode).toBe(401)
    expect((await deliver(body, undefined)).statusCode).toBe(401)
    expect((await deliver(body, sign(body).replace('sha256=', 'sha1='))).statusCode).toBe(401)
    // the same bytes re-serialised (whitespace) are not the signed bytes
    expect((await deliver(JSON.stringify(JSON.parse(body), null, 1), sign(body))).statusCode).toBe(401)
    expect((await row(m.id)).status).toBe('accepted')
  })

  it('replayed: the same signed report again, or an older one late, changes nothing and sends no second SMS', async () => {
    const m = await logged('sent', 'cancelled')
    const failed = statusEvent(m.providerMessageId!, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })
    expect((await deliver(failed, sign(failed))).json()).toEqual({ applied: 1, unchanged: 0 })
    const fallbacks = async () => (await t.app.deps.db.select().from(messages).where(eq(messages.fallbackOf, m.id))).length
    expect(await fallbacks()).toBe(1)
    expect(await row(m.id)).toMatchObject({ status: 'failed', errorCode: '131026' })
    // replayed as is
    expect((await deliver(failed, sign(failed))).json()).toEqual({ applied: 0, unchanged: 1 })
    expect(await fallbacks()).toBe(1)
    // a delivered that comes after read does not move it back
    const n = await logged('read')
    const late = statusEvent(n.providerMessageId!, 'delivered')
    expect((await deliver(late, sign(late))).json()).toEqual({ applied: 0, unchanged: 1 })
    expect((await row(n.id)).status).toBe('read')
  })

  it("MSG91's delivery reports need the report address's token, and mark the SMS delivered", async () => {
    const sent = await t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811200002', vars: { shop: 'K', order: 'KF-1' } })
    expect(sent.status).toBe('sent')
    const report = JSON.stringify([{ requestId: 'no-such-request', report: [{ number: '919811200002', status: '1', desc: 'DELIVERED' }] }])
    const url = (token: string) => `/s/api/messages/webhooks/msg91?token=${token}`
    expect((await t.app.inject({ method: 'POST', url: url('wrong'), payload: report, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401)
    const ok = await t.app.inject({
      method: 'POST',
      url: url(MESSAGES_SIMULATOR_DEFAULTS.MSG91_WEBHOOK_TOKEN),
      payload: report,
      headers: { 'content-type': 'application/json' },
    })
    expect(ok.json()).toEqual({ applied: 0, unchanged: 1 })
    // the simulator's own report of an SMS
    await t.app.inject({ method: 'POST', url: '/__sim/messages/failures', payload: { to: '9811200003', channel: 'whatsapp' } })
    await t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811200003', vars: { shop: 'K', order: 'KF-2' } })
    await until(
      async () =>
        (await t.app.deps.db.select().from(messages).where(eq(messages.toMobile, '9811200003'))).some((r) => r.channel === 'sms' && r.status === 'delivered'),
      10_000,
      'the SMS delivery report',
    )
  })
})
