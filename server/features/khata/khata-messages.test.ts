import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATOR_DLT_TEMPLATE_IDS } from '../../../common/rules/message-templates'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { newShopper, signIn, type SignedIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { createOtpDelivery } from '../accounts/otp-delivery/index'
import { outboxHandlers } from '../checkout/jobs'
import { drainOutbox } from '../orders/outbox'

type Received = { channel: string; template: string; text: string }[]

/** Issue #32's khata messages: the reminder and the statement reach the customer's phone on their registered templates. */
describe.each(drivers)('khata messages on the customer’s phone (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  const call = (userId: number, path: string, method: 'POST' | 'PUT' = 'POST', body: object = {}) =>
    staffCall(t, admin, method, `/s/api/admin/customers/${userId}/khata${path}`, body)
  const inbox = async (to: string) => (await t.app.inject({ method: 'GET', url: `/__sim/messages?to=${to}` })).json() as Received
  const drain = () =>
    drainOutbox(
      t.app.deps.db,
      outboxHandlers(t.app, () => t.app.payments, createOtpDelivery(t.app.deps.config, t.app.log, t.app.messages)),
      t.app.log,
      100,
    )

  it('the statement: refused without a khata; sent on WhatsApp on the khata_statement template with the balance and date', async () => {
    const s = await newShopper(t)
    const none = await call(s.userId, '/statement-messages')
    expect(none.statusCode).toBe(422)
    expect(none.json().errors).toHaveProperty('khata')
    await call(s.userId, '', 'PUT', { credit_limit: 1000 })
    await call(s.userId, '/adjustments', 'POST', { change: 420.5, reason: 'Opening balance' })
    const sent = await call(s.userId, '/statement-messages')
    expect(sent.statusCode, sent.body).toBe(201)
    const date = new Date().toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' })
    expect(sent.json()).toEqual({ queued: true, channel: 'sms', to: s.phone, text: `Your Kirana Fresh khata balance on ${date} is ₹420.50.` })
    await drain()
    const [message, ...rest] = await inbox(s.phone)
    expect(rest).toEqual([])
    expect(message).toMatchObject({ channel: 'whatsapp', template: 'khata_statement', text: `Your Kirana Fresh khata balance on ${date} is ₹420.50.` })
  })

  it('the reminder arrives on its template; when WhatsApp refuses, by SMS on its DLT template id', async () => {
    const s = await newShopper(t)
    await call(s.userId, '', 'PUT', { credit_limit: 1000 })
    await call(s.userId, '/adjustments', 'POST', { change: 99, reason: 'Opening balance' })
    await t.app.inject({ method: 'POST', url: '/__sim/messages/failures', payload: { to: s.phone, channel: 'whatsapp', mode: 'reject' } })
    expect((await call(s.userId, '/reminders')).statusCode).toBe(201)
    await drain()
    expect(await inbox(s.phone)).toMatchObject([
      {
        channel: 'sms',
        template: SIMULATOR_DLT_TEMPLATE_IDS.khata_reminder,
        text: 'A reminder from Kirana Fresh: ₹99 is due on your khata. Please pay at the shop or by UPI.',
      },
    ])
  })
})
