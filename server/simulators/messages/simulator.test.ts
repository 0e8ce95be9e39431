import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATOR_DLT_TEMPLATE_IDS } from '../../../common/rules/message-templates'
import { messages } from '../../db/schema/messages'
import { post } from '../../features/accounts/test-kit'
import { MESSAGES_SIMULATOR_DEFAULTS } from '../../platform/messages-config'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { until } from '../../test/wait'

type SimAnswer = { channel: string; template: string; text: string; status: string; sent_at: string }[]

describe.each(drivers)('messages simulator (%s)', (driver) => {
  let t: TestApp
  const inbox = async (to: string) => (await t.app.inject({ method: 'GET', url: `/__sim/messages?to=${to}` })).json() as SimAnswer
  const fail = (to: string, channel: 'whatsapp' | 'sms', mode: 'reject' | 'undelivered') =>
    t.app.inject({ method: 'POST', url: '/__sim/messages/failures', payload: { to, channel, mode } })
  const rows = (to: string) => t.app.deps.db.select().from(messages).where(eq(messages.toMobile, to)).orderBy(messages.id)

  beforeAll(async () => {
    t = await buildTestApp(driver)
  })
  afterAll(() => t.close())

  it('a sign-in code asked for in development arrives on WhatsApp: GET /__sim/messages?to= answers as the contract says', async () => {
    const v = await t.visitor()
    expect((await post(t, '/s/api/auth/login', { username: '9811100001' }, v, { ip: '10.9.0.1' })).statusCode).toBe(200)
    const [last, ...rest] = await inbox('9811100001')
    expect(rest).toEqual([])
    expect(Object.keys(last).sort()).toEqual(['channel', 'sent_at', 'status', 'template', 'text'])
    expect(last).toMatchObject({ channel: 'whatsapp', template: 'sign_in_code' })
    expect(last.text).toMatch(/^\d{6} is your verification code\. For your security, do not share this code\.$/)
    // the provider's statuses come back signed, and the message log follows them
    await until(async () => (await rows('9811100001'))[0]?.status === 'read', 10_000, 'the read status')
    expect((await inbox('+91 98111 00001'))[0].status).toBe('read')
    const [row] = await rows('9811100001')
    expect(row).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp', template: 'sign_in_code', costUnits: 1, vars: null })
    expect(row.providerMessageId).toMatch(/^wamid\./)
  })

  it('newest first; a malformed number is a 400', async () => {
    const send = (order: string) => t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811100002', vars: { shop: 'Kirana Fresh', order } })
    await send('KF-1')
    await send('KF-2')
    const list = await inbox('9811100002')
    expect(list.map((m) => m.text)).toEqual([
      'Your Kirana Fresh order KF-2 was delivered. Thank you for shopping with us.',
      'Your Kirana Fresh order KF-1 was delivered. Thank you for shopping with us.',
    ])
    expect((await t.app.inject({ method: 'GET', url: '/__sim/messages?to=12345' })).statusCode).toBe(400)
  })

  it('a WhatsApp refusal falls back to SMS on the DLT template id with the sender id', async () => {
    await fail('9811100003', 'whatsapp', 'reject')
    const outcome = await t.app.messages.send({
      websiteId: 1,
      template: 'order_confirmed',
      to: '9811100003',
      vars: { shop: 'Kirana Fresh', order: 'KF-9', amount: '₹120.00' },
    })
    expect(outcome).toMatchObject({ status: 'sent', channel: 'sms' })
    const [sms] = await inbox('9811100003')
    expect(sms).toMatchObject({
      channel: 'sms',
      template: SIMULATOR_DLT_TEMPLATE_IDS.order_confirmed,
      text: 'Your Kirana Fresh order KF-9 of ₹120.00 is confirmed. Thank you for shopping with us.',
    })
    const [wa, text] = await rows('9811100003')
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'failed', errorCode: '131026' })
    expect(text).toMatchObject({ channel: 'sms', provider: 'msg91', fallbackOf: wa.id, providerTemplate: SIMULATOR_DLT_TEMPLATE_IDS.order_confirmed })
    await until(async () => (await rows('9811100003'))[1].status === 'delivered', 10_000, 'the SMS delivery report')
  })

  it('a WhatsApp message reported failed after it was accepted is sent again by SMS, once', async () => {
    await fail('9811100004', 'whatsapp', 'undelivered')
    const outcome = await t.app.messages.send({ websiteId: 1, template: 'cancelled', to: '9811100004', vars: { shop: 'Kirana Fresh', order: 'KF-7' } })
    expect(outcome).toMatchObject({ status: 'sent', channel: 'whatsapp' })
    await until(async () => (await inbox('9811100004')).length === 2, 10_000, 'the fallback SMS')
    const [sms, wa] = await inbox('9811100004')
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'failed' })
    expect(sms).toMatchObject({ channel: 'sms', template: SIMULATOR_DLT_TEMPLATE_IDS.cancelled })
  })

  it('an opted-out shopper gets no updates, and still gets the code they ask for', async () => {
    await t.app.inject({ method: 'GET', url: '/__sim/messages?to=9811100005' })
    const { savePreference } = await import('../../features/messages/queries/messages')
    await savePreference(t.app.deps.db, 1, '9811100005', 'whatsapp', false)
    expect(await t.app.messages.send({ websiteId: 1, template: 'delivered', to: '9811100005', vars: { shop: 'K', order: 'KF-1' } })).toEqual({
      status: 'skipped',
      reason: 'opted_out',
    })
    expect(await t.app.messages.send({ websiteId: 1, template: 'sign_in_code', to: '9811100005', vars: { code: '123456' } })).toMatchObject({ status: 'sent' })
    expect((await inbox('9811100005')).map((m) => m.template)).toEqual(['sign_in_code'])
  })

  it('the Graph API stand-in refuses a wrong token, a missing copy-code button and a wrong parameter count as Meta does', async () => {
    const url = `/sim/whatsapp/v21.0/${MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_PHONE_NUMBER_ID}/messages`
    const body = (components: object[], name = 'sign_in_code') => ({
      messaging_product: 'whatsapp',
      to: '919811100006',
      type: 'template',
      template: { name, language: { code: 'en' }, components },
    })
    const auth = { authorization: `Bearer ${MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_ACCESS_TOKEN}` }
    const bad = await t.app.inject({ method: 'POST', url, payload: body([]), headers: { authorization: 'Bearer nope' } })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().error.code).toBe(190)
    const noButton = await t.app.inject({
      method: 'POST',
      url,
      headers: auth,
      payload: body([{ type: 'body', parameters: [{ type: 'text', text: '111222' }] }]),
    })
    expect(noButton.json().error.code).toBe(131008)
    const count = await t.app.inject({ method: 'POST', url, headers: auth, payload: body([{ type: 'body', parameters: [] }], 'delivered') })
    expect(count.json().error.code).toBe(132000)
    const unknown = await t.app.inject({ method: 'POST', url, headers: auth, payload: body([], 'no_such_template') })
    expect(unknown.json().error.code).toBe(132001)
    expect(await inbox('9811100006')).toEqual([])
  })

  it('the statuses are signed with the app secret (X-Hub-Signature-256), and the page lists each phone', async () => {
    const payload = JSON.stringify({ object: 'whatsapp_business_account', entry: [] })
    const signature = `sha256=${createHmac('sha256', MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_APP_SECRET).update(payload).digest('hex')}`
    const res = await t.app.inject({
      method: 'POST',
      url: '/s/api/messages/webhooks/whatsapp',
      payload,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    })
    expect(res.statusCode).toBe(200)
    const page = await t.app.inject({ method: 'GET', url: '/sim/messages' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('+91 9811100002')
    expect(page.body).toContain('Your Kirana Fresh order KF-2 was delivered.')
  })
})
