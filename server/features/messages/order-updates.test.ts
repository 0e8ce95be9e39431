import { describe, expect, it } from 'vitest'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { createOtpDelivery } from '../accounts/otp-delivery/index'
import { outboxHandlers } from '../checkout/jobs'
import { useCheckoutApp } from '../checkout/test-kit'
import { drainOutbox } from '../orders/outbox'
import { savePreference } from './queries/messages'

const MOBILE = '9876512345' // the test kit's delivery address

describe.each(drivers)("order updates on the shopper's phone (%s)", (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const inbox = async () =>
    (await h.k().t.app.inject({ method: 'GET', url: `/__sim/messages?to=${MOBILE}` })).json() as { channel: string; template: string; text: string }[]
  /** the outbox drained through the app's own providers (the simulator's WhatsApp and SMS) */
  const drain = () => {
    const app = h.k().t.app
    return drainOutbox(
      h.db(),
      outboxHandlers(app, () => app.payments, createOtpDelivery(app.deps.config, app.log, app.messages)),
      app.log,
      100,
    )
  }

  it("as staff move an order, each update arrives on WhatsApp on its template, with the delivery person's name and number", async () => {
    const k = h.k()
    await h.k().t.app.inject({ method: 'DELETE', url: '/__sim/messages' })
    const p = k.sellable()[0]
    const s = await k.shopperWithCart([p], 1)
    const { order } = await k.place(s, 'cod')
    const admin = await signIn(k.t, '9876500001')
    const move = (body: object) => staffCall(k.t, admin, 'POST', `/s/api/admin/orders/${order.order_id}/status`, body)
    await drain()
    expect((await move({ status: 'packed' })).statusCode).toBe(200)
    expect((await move({ status: 'out_for_delivery', delivery_person_name: 'Ravi Kumar', delivery_person_phone: '9876500010' })).statusCode).toBe(200)
    await drain()
    expect((await move({ status: 'delivered' })).statusCode).toBe(200)
    await drain()
    const got = (await inbox()).filter((m) => m.text.includes(order.order_number)).reverse()
    expect(got.map((m) => [m.channel, m.template])).toEqual([
      ['whatsapp', 'order_confirmed'],
      ['whatsapp', 'out_for_delivery'],
      ['whatsapp', 'delivered'],
    ])
    // the confirmation's outbox row names no shop: the job finds the website's own name
    expect(got[0].text).toMatch(new RegExp(`^Your Kirana Fresh order ${order.order_number} of ₹[\\d,.]+ is confirmed\\.`))
    expect(got[1].text).toBe(`Your Kirana Fresh order ${order.order_number} is out for delivery with Ravi Kumar (9876500010).`)
  })

  it('an opted-out shopper gets none', async () => {
    const k = h.k()
    await savePreference(h.db(), 1, MOBILE, 'whatsapp', false)
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'cod')
    const admin = await signIn(k.t, '9876500001')
    await staffCall(k.t, admin, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'packed' })
    await staffCall(k.t, admin, 'POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'out_for_delivery' })
    await drain()
    expect((await inbox()).filter((m) => m.text.includes(order.order_number))).toEqual([])
    await savePreference(h.db(), 1, MOBILE, 'whatsapp', true)
  })
})
