import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messagePreferences, messages } from '../../db/schema/messages'
import { orders } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { createOtpDelivery } from '../accounts/otp-delivery/index'
import { outboxHandlers } from '../checkout/jobs'
import { pick, useCheckoutApp } from '../checkout/test-kit'
import { drainOutbox } from '../orders/outbox'
import { releaseExpired } from '../orders/service'
import { savePreference } from './queries/messages'

const MOBILE = '9876512345' // the test kit's delivery address

/**
 * Order updates on the shopper's phone (issue #32, docs/decisions/0052): "order placed" when an order is placed and
 * settled (cash on delivery at once, online once paid, never an abandoned payment), "confirmed" only for the shop's
 * own confirmation, and nothing at all to a number that never opted in.
 */
describe.each(drivers)("order updates on the shopper's phone (%s)", (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const inbox = async () =>
    (await h.k().t.app.inject({ method: 'GET', url: `/__sim/messages?to=${MOBILE}` })).json() as { channel: string; template: string; text: string }[]
  const about = async (orderNumber: string) => (await inbox()).filter((m) => m.text.includes(orderNumber)).reverse()
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
  const staffMove = async (orderId: number, body: object) => {
    const k = h.k()
    const res = await staffCall(k.t, await signIn(k.t, '9876500001'), 'POST', `/s/api/admin/orders/${orderId}/status`, body)
    expect(res.statusCode).toBe(200)
  }
  const preference = async () =>
    (
      await h
        .db()
        .select()
        .from(messagePreferences)
        .where(and(eq(messagePreferences.websiteId, 1), eq(messagePreferences.mobile, MOBILE)))
    )[0]

  it('a shopper who never opted in gets no update; the staff log shows each one not sent', async () => {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'cod')
    await drain()
    await staffMove(order.order_id, { status: 'packed' })
    await staffMove(order.order_id, { status: 'out_for_delivery' })
    await drain()
    expect(await about(order.order_number)).toEqual([])
    const log = await h.db().select().from(messages).where(eq(messages.toMobile, MOBILE))
    expect(log.filter((m) => m.status === 'opted_out').map((m) => m.template)).toEqual(expect.arrayContaining(['order_placed', 'out_for_delivery']))
    expect(log.filter((m) => m.status !== 'opted_out')).toEqual([])
  })

  it("ticked at checkout: the opt-in is kept with when and where; 'order placed' comes, then each staff move on its template", async () => {
    const k = h.k()
    await k.t.app.inject({ method: 'DELETE', url: '/__sim/messages' })
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const before = Date.now()
    const { res, order } = await k.place(s, 'cod', { message_updates: true })
    expect(res.statusCode).toBe(200)
    const pref = await preference()
    expect(pref).toMatchObject({ updates: true, optedInVia: 'checkout' })
    expect(pref.optedInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    await drain()
    await staffMove(order.order_id, { status: 'packed' })
    await staffMove(order.order_id, { status: 'out_for_delivery', delivery_person_name: 'Ravi Kumar', delivery_person_phone: '9876500010' })
    await drain()
    await staffMove(order.order_id, { status: 'delivered' })
    await drain()
    const got = await about(order.order_number)
    // cash on delivery is confirmed as it is placed: "order placed", never a second "confirmed"
    expect(got.map((m) => [m.channel, m.template])).toEqual([
      ['whatsapp', 'order_placed'],
      ['whatsapp', 'out_for_delivery'],
      ['whatsapp', 'delivered'],
    ])
    // the outbox row names no shop: the job finds the website's own name
    expect(got[0].text).toMatch(new RegExp(`^Thank you for your Kirana Fresh order ${order.order_number} of ₹[\\d,.]+\\.`))
    expect(got[1].text).toBe(`Your Kirana Fresh order ${order.order_number} is out for delivery with Ravi Kumar (9876500010).`)
  })

  it("online: 'order placed' only once paid; an abandoned payment sends nothing, even once its hold runs out", async () => {
    const k = h.k()
    // opted in by the order before (an unticked box later changes nothing)
    const abandoned = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order: left } = await k.place(abandoned, 'razorpay')
    expect((await k.call(abandoned, 'GET', `/checkout/pay/${left.order_id}`)).statusCode).toBe(200)
    await drain()
    expect(await releaseExpired(h.db(), new Date(Date.now() + 24 * 3_600_000))).toBeGreaterThanOrEqual(1)
    await drain()
    expect(await about(left.order_number)).toEqual([])

    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'razorpay')
    const pay = (await k.call(s, 'GET', `/checkout/pay/${order.order_id}`)).json()
    await drain()
    expect(await about(order.order_number)).toEqual([])
    const triple = await k.sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await k.call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))).json().status).toBe('paid')
    await drain()
    expect((await about(order.order_number)).map((m) => m.template)).toEqual(['order_placed'])
    expect((await preference()).optedInVia).toBe('checkout')
  })

  it("'confirmed' comes only from the shop's own confirmation of an order that waited for it", async () => {
    const k = h.k()
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'cod')
    await drain()
    // an order that waited for the shop (placed and settled, not yet confirmed): staff confirm it
    await h.db().update(orders).set({ status: 'placed' }).where(eq(orders.id, order.order_id))
    await staffMove(order.order_id, { status: 'confirmed' })
    await drain()
    expect((await about(order.order_number)).map((m) => m.template)).toEqual(['order_placed', 'order_confirmed'])
    expect((await about(order.order_number))[1].text).toMatch(new RegExp(`^Your Kirana Fresh order ${order.order_number} of ₹[\\d,.]+ is confirmed\\.`))
  })

  it('an opted-out shopper gets none, and a later unticked checkout does not opt them back in', async () => {
    const k = h.k()
    await savePreference(h.db(), 1, MOBILE, 'whatsapp', false)
    const s = await k.shopperWithCart([k.sellable()[0]], 1)
    const { order } = await k.place(s, 'cod')
    await staffMove(order.order_id, { status: 'packed' })
    await staffMove(order.order_id, { status: 'out_for_delivery' })
    await drain()
    expect(await about(order.order_number)).toEqual([])
    // the record of the opt-in once given stays, with updates off
    expect(await preference()).toMatchObject({ updates: false, optedInVia: 'checkout' })
  })
})
