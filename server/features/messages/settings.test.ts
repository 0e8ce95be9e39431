import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSettingsAnswer } from '../../../common/contracts/admin-messages'
import { messageSettings, messages } from '../../db/schema/messages'
import { MESSAGES_SIMULATOR_DEFAULTS } from '../../platform/messages-config'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { type SignedIn, signIn, websiteOf } from '../../test/shopper'
import { auditOf, shop2OnlyAdmin, staffCall } from '../../test/staff'
import { until } from '../../test/wait'

const URL = '/s/api/admin/message-settings'
const HOOK = '/s/api/messages/webhooks/whatsapp'
const MAIN_WA = { phone_number_id: '100000000000777', access_token: 'EAAmainOwnAccessToken0001', app_secret: 'main_own_app_secret_0001' }
const SHOP2_WA = { phone_number_id: '100000000000888', access_token: 'EAAshop2OwnAccessToken001', app_secret: 'shop2_own_app_secret_001' }
const MAIN_SMS = { sender_id: 'MAINSH', auth_key: 'main0own0msg91key0001' }
const SECRETS = [MAIN_WA.access_token, MAIN_WA.app_secret, MAIN_SMS.auth_key]
const sign = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
const statusEvent = (id: string, status: string) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp: '1764370000' }] } }] }],
  })

describe.each(drivers)('messaging settings per website (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  let shop2Admin: SignedIn
  let mainId: number
  let shop2Id: number
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => staffCall(t, admin, method, url, payload)
  const current = async (session = admin, origin = MAIN) => MessageSettingsAnswer.parse((await staffCall(t, session, 'GET', URL, undefined, origin)).json())
  const save = async (over: Record<string, unknown>, session = admin, origin = MAIN) => {
    const now = await current(session, origin)
    return staffCall(
      t,
      session,
      'PUT',
      URL,
      {
        version: now.version,
        whatsapp: { enabled: now.whatsapp.enabled, phone_number_id: now.whatsapp.phone_number_id ?? '' },
        sms: { enabled: now.sms.enabled, sender_id: now.sms.sender_id ?? '' },
        ...over,
      },
      origin,
    )
  }
  const simAccount = (body: object) => t.app.inject({ method: 'POST', url: '/__sim/messages/accounts', payload: body })
  const deliver = (path: string, body: string, signature: string) =>
    t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } })
  const row = async (id: number) => (await t.app.deps.db.select().from(messages).where(eq(messages.id, id)))[0]

  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
    shop2Admin = await shop2OnlyAdmin(t, SHOP2)
    mainId = (await websiteOf(t, MAIN)).id
    shop2Id = (await websiteOf(t, SHOP2)).id
  })
  afterAll(() => t.close())

  it('answers the install’s keys and templates before anything is saved, with a preview that names the shop', async () => {
    const now = await current()
    expect(now).toMatchObject({ mode: 'simulator', version: 1, whatsapp: { enabled: true, keys: 'shop', access_token_set: false }, sms: { keys: 'shop' } })
    const confirmed = now.templates.find((x) => x.name === 'order_confirmed')!
    expect(confirmed).toMatchObject({ whatsapp_name: 'order_confirmed', vars: ['shop', 'order', 'amount'], needs: ['shop', 'order', 'amount'] })
    expect(confirmed.dlt_template_id).toMatch(/^\d{19}$/)
    expect(confirmed.preview).toBe('Your Kirana Fresh order KS-1042 of ₹1,249.00 is confirmed. Thank you for shopping with us.')
  })

  it('seals the keys: never in an answer, the row or the audit; an empty secret keeps the saved one', async () => {
    const res = await save({ whatsapp: { enabled: true, ...MAIN_WA }, sms: { enabled: true, ...MAIN_SMS } })
    expect(res.statusCode, res.body).toBe(200)
    for (const s of SECRETS) expect(res.body).not.toContain(s)
    expect(res.json()).toMatchObject({
      whatsapp: {
        phone_number_id: MAIN_WA.phone_number_id,
        access_token_set: true,
        app_secret_set: true,
        keys: 'own',
        webhook_url: `${MAIN}${HOOK}/${mainId}`,
      },
      sms: { sender_id: 'MAINSH', auth_key_set: true, keys: 'own' },
      version: 2,
    })
    const [saved] = await t.app.deps.db.select().from(messageSettings).where(eq(messageSettings.websiteId, mainId))
    for (const s of SECRETS) expect(JSON.stringify(saved)).not.toContain(s)
    expect(saved.whatsappAccessToken).toMatch(/^v1\./)
    const audit = JSON.stringify(await auditOf(t, res))
    for (const s of SECRETS) expect(audit).not.toContain(s)
    for (const s of SECRETS) expect(JSON.stringify(await current())).not.toContain(s)
    // saved again with the secrets left empty: still set
    const again = await save({ whatsapp: { enabled: true, phone_number_id: MAIN_WA.phone_number_id }, sms: { enabled: true, sender_id: 'MAINSH' } })
    expect(again.json()).toMatchObject({ whatsapp: { access_token_set: true, app_secret_set: true }, sms: { auth_key_set: true }, version: 3 })
  })

  it('refuses, per field, templates without the variables their message needs and keys without their secrets', async () => {
    const res = await save({
      whatsapp: { enabled: true, phone_number_id: '100000000000999' },
      templates: {
        order_confirmed: { whatsapp_name: 'order_ok', language: 'en', dlt_template_id: '1107160000000000099', vars: ['shop', 'order'] },
        delivered: { whatsapp_name: 'Delivered Now', language: 'EN-us', dlt_template_id: '12ab', vars: ['shop', 'order', 'rider'] },
        cancelled: { whatsapp_name: 'cancelled', language: 'en', dlt_template_id: '', vars: ['shop', 'order', 'shop'] },
      },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      'whatsapp.access_token': 'Enter the access token of this phone number',
      'templates.order_confirmed.vars': 'Order confirmed needs amount in its template',
      'templates.delivered.whatsapp_name': 'Delivered: a WhatsApp template name has lower-case letters, digits and _ only',
      'templates.delivered.language': 'Delivered: the language is a code like en or en_US',
      'templates.delivered.dlt_template_id': 'Delivered: a DLT template id is 10 to 25 digits',
      'templates.delivered.vars': 'Delivered has no variable rider: it uses shop, order',
      'templates.cancelled.vars': 'Cancelled: each variable once (shop is listed twice)',
    })
    const bad = await save({ sms: { enabled: true, sender_id: 'lower' } })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['sms.sender_id'])
  })

  it('saves a template in the website’s variable order', async () => {
    const res = await save({
      whatsapp: { enabled: true, phone_number_id: MAIN_WA.phone_number_id },
      templates: {
        order_confirmed: { whatsapp_name: 'order_confirmed', language: 'en', dlt_template_id: '1107160000000000012', vars: ['order', 'shop', 'amount'] },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().templates.find((x: { name: string }) => x.name === 'order_confirmed').vars).toEqual(['order', 'shop', 'amount'])
  })

  it('Test connection asks the simulator: the saved keys of an account it knows pass, a wrong token or key is refused', async () => {
    const test = async (body: object) => (await call('POST', `${URL}/test`, body)).json()
    expect(await test({ channel: 'whatsapp' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^WhatsApp refused the keys: Invalid OAuth access token/),
    })
    await simAccount({ whatsapp: { ...MAIN_WA, webhook_url: `${HOOK}/${mainId}` } })
    expect(await test({ channel: 'whatsapp' })).toEqual({ ok: true, message: 'WhatsApp accepted the keys: Simulator shop, +91 0000000777' })
    expect(await test({ channel: 'whatsapp', access_token: 'EAAwrongtokenxx01' })).toMatchObject({ ok: false })
    expect(await test({ channel: 'sms' })).toEqual({ ok: false, message: 'MSG91 refused the keys: Authentication failure' })
    expect(await test({ channel: 'sms', auth_key: MESSAGES_SIMULATOR_DEFAULTS.MSG91_AUTH_KEY })).toEqual({
      ok: true,
      message: 'MSG91 accepted the auth key (balance: 10000 SMS)',
    })
  })

  it('a website’s own WhatsApp account reports to its own address, checked with its own secret; another site’s secret is refused', async () => {
    await simAccount({ whatsapp: { ...MAIN_WA, webhook_url: `${HOOK}/${mainId}` } })
    const sent = await t.app.messages.send({ websiteId: mainId, template: 'delivered', to: '9811200077', vars: { shop: 'Kirana Fresh', order: 'KF-91' } })
    expect(sent).toMatchObject({ status: 'sent', channel: 'whatsapp' })
    const messageId = (sent as { messageId: number }).messageId
    expect(await row(messageId)).toMatchObject({ keys: 'own', websiteId: mainId })
    // the simulator's signed reports reach the website's address and move the status on
    await until(async () => (await row(messageId)).status === 'read')

    // SHOP2 with keys of its own: its secret does not open MAIN's address, nor MAIN's SHOP2's
    const saved = await save({ whatsapp: { enabled: true, ...SHOP2_WA }, sms: { enabled: true, sender_id: '' } }, shop2Admin, SHOP2)
    expect(saved.statusCode, saved.body).toBe(200)
    const fresh = await t.app.deps.db
      .insert(messages)
      .values({
        websiteId: mainId,
        toMobile: '9811200077',
        channel: 'whatsapp',
        template: 'delivered',
        provider: 'whatsapp',
        providerTemplate: 'delivered',
        providerMessageId: 'wamid.own.main.1',
        status: 'accepted',
        keys: 'own',
      })
      .returning()
    const body = statusEvent('wamid.own.main.1', 'delivered')
    expect((await deliver(`${HOOK}/${mainId}`, body, sign(body, SHOP2_WA.app_secret))).statusCode).toBe(401)
    expect((await deliver(`${HOOK}/${mainId}`, body, sign(body, MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_APP_SECRET))).statusCode).toBe(401)
    // SHOP2's address with SHOP2's secret: accepted, but MAIN's message is not SHOP2's to move
    const other = await deliver(`${HOOK}/${shop2Id}`, body, sign(body, SHOP2_WA.app_secret))
    expect(other.json()).toEqual({ applied: 0, unchanged: 1 })
    // nor is a message on a website's own keys the install's webhook's to move
    expect((await deliver(HOOK, body, sign(body, MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_APP_SECRET))).json()).toEqual({ applied: 0, unchanged: 1 })
    expect((await row(fresh[0].id)).status).toBe('accepted')
    // the right address with the right secret
    expect((await deliver(`${HOOK}/${mainId}`, body, sign(body, MAIN_WA.app_secret))).json()).toEqual({ applied: 1, unchanged: 0 })
    expect((await row(fresh[0].id)).status).toBe('delivered')
  })

  it('a website’s handshake answers its own verify token; one without keys of its own has no address', async () => {
    const token = (await current()).whatsapp.verify_token
    expect(token.length).toBeGreaterThan(16)
    const q = (id: number, v: string) => `${HOOK}/${id}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(v)}&hub.challenge=42`
    expect((await t.app.inject({ method: 'GET', url: q(mainId, token) })).body).toBe('42')
    expect((await t.app.inject({ method: 'GET', url: q(shop2Id, token) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: q(mainId, MESSAGES_SIMULATOR_DEFAULTS.WHATSAPP_VERIFY_TOKEN) })).statusCode).toBe(403)
    const body = statusEvent('wamid.none', 'read')
    expect((await deliver(`${HOOK}/999999`, body, sign(body, MAIN_WA.app_secret))).statusCode).toBe(404)
  })

  it('a channel turned off sends nothing on it', async () => {
    const res = await save({ whatsapp: { enabled: false, phone_number_id: MAIN_WA.phone_number_id }, sms: { enabled: false, sender_id: '' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(await t.app.messages.send({ websiteId: mainId, template: 'delivered', to: '9811200078', vars: { shop: 'Kirana Fresh', order: 'KF-92' } })).toEqual({
      status: 'skipped',
      reason: 'no_channel',
    })
  })
})
