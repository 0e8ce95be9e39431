import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers, MAIN, SHOP2 } from '../../test/app'
import { signIn } from '../../test/shopper'
import * as orders from '../orders/service'
import { returnTokenOf } from './payment-return'
import { until, useCheckoutApp } from './test-kit'

/** Agent mode's payment links (docs/decisions/0034): Razorpay and Cashfree Payment Links through the simulator. */
describe.each(drivers)('payment links sent by a sales agent (%s)', (driver) => {
  const { k: kit, db, orderRow } = useCheckoutApp(driver)

  const as = (s: { cookie: string; xsrf: string }, method: 'GET' | 'POST', url: string, payload?: object, actingFor?: number) =>
    kit().t.call({ method, url: `/s/api${url}`, session: s, payload, origin: MAIN, headers: actingFor ? { 'x-acting-for': String(actingFor) } : {} })

  let customerId = 0
  /** the demo agent orders one unit of the cheapest pack for their customer with Razorpay, and sends the link */
  async function linkOrder(quantity = 1, method: 'razorpay' | 'cashfree' = 'razorpay') {
    const agent = await signIn(kit().t, '9876500002')
    if (!customerId) {
      const mobile = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
      const address = {
        name: 'Asha',
        mobile,
        house: '4',
        street: 'Temple Street',
        area: 'Malleshwaram',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      }
      const added = await as(agent, 'POST', '/sales/customers', { mobile, name: 'Asha', address })
      expect(added.statusCode, added.body).toBe(200)
      customerId = added.json().id
    }
    await as(agent, 'GET', '/check/pincode/560001')
    const pack = kit().sellable()[0]
    for (let i = 0; i < quantity; i++)
      expect((await as(agent, 'POST', '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }, customerId)).statusCode).toBe(200)
    const addressId = (await as(agent, 'GET', '/account/addresses', undefined, customerId)).json().addresses[0].id
    const groups = (await as(agent, 'GET', `/checkout/slots?address_id=${addressId}`, undefined, customerId)).json().groups as {
      delivery_charge_id: number
      slots: { id: number; open: boolean }[]
    }[]
    const slots = groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: g.slots.find((x) => x.open)!.id }))
    const placed = await as(
      agent,
      'POST',
      '/checkout/place',
      { address_id: addressId, slots, payment_method: method, idempotency_key: `k${Math.random().toString(36).slice(2, 12)}` },
      customerId,
    )
    expect(placed.statusCode, placed.body).toBe(200)
    const order = placed.json() as { order_id: number; order_number: string; total: number }
    const link = await as(agent, 'POST', `/checkout/link/${order.order_id}`, undefined, customerId)
    expect(link.statusCode, link.body).toBe(200)
    return { agent, order, link: link.json() as { url: string; expires_at: string; amount: number; sent_to: string[] }, pack }
  }
  const linkId = (url: string) => url.split('/').at(-1)!
  const reserved = async (packId: number) =>
    rowsOf<{ r: number }>(await db().execute(sql`select coalesce(sum(reserved), 0)::int as r from stock where pack_id = ${packId}`))[0].r

  /** The two providers' links: where the customer pays, and the statuses each names. */
  const providers = [
    { method: 'razorpay', page: /\/sim\/razorpay\/link\/plink_/, open: 'created', paid: 'paid' },
    { method: 'cashfree', page: /\/sim\/cashfree\/link\/[A-Za-z0-9_-]+$/, open: 'ACTIVE', paid: 'PAID' },
  ] as const

  describe.each(providers)('$method', ({ method, page, open, paid }) => {
    it('sends the link by SMS through the outbox, holds the stock until it expires; a failed try leaves it open; the paid webhook confirms the order', async () => {
      const before = await reserved(kit().sellable()[0].pack_id)
      const { agent, order, link, pack } = await linkOrder(1, method)
      expect(link.url).toMatch(page)
      expect(link.amount).toBe(order.total)
      const row = await orderRow(order.order_id)
      expect(row.holdExpiresAt!.toISOString()).toBe(link.expires_at)
      expect(row.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000)
      expect(await reserved(pack.pack_id)).toBe(before + 1)
      if (method === 'cashfree') {
        // the provider holds the link under our reference, for the order's amount, with its expiry
        const held = await kit().cashfree<{ link_id: string; link_amount: number; link_status: string; link_url: string }>(`/links/${linkId(link.url)}`)
        expect(held).toMatchObject({ link_id: linkId(link.url), link_amount: order.total / 100, link_status: 'ACTIVE', link_url: link.url })
      }
      // the same order again: the same link
      expect((await as(agent, 'POST', `/checkout/link/${order.order_id}`, undefined, customerId)).json().url).toBe(link.url)
      const outbox = rowsOf<{ payload: { url: string; to: string } }>(
        await db().execute(sql`select payload from outbox where kind = 'payment_link' and (payload->>'orderId')::int = ${order.order_id}`),
      )
      expect(outbox.map((o) => o.payload.url)).toEqual([link.url, link.url])
      // not the agent's order, or not an agent: refused
      const shopper = await signIn(kit().t, '9876500003')
      expect((await as(shopper, 'POST', `/checkout/link/${order.order_id}`)).statusCode).toBe(403)
      // a failed attempt leaves it open
      expect((await kit().sim('/pay', { provider: method, order_id: linkId(link.url), outcome: 'failed' })).status).toBe(open)
      expect((await orderRow(order.order_id)).paymentStatus).toBe('pending')
      // the customer opens the link page and pays
      const shown = await kit().t.app.inject({ method: 'GET', url: `/sim/${method}/link/${linkId(link.url)}` })
      expect(shown.statusCode).toBe(200)
      expect(shown.body).toContain(`Link status: ${open}`)
      const res = await kit().t.app.inject({ method: 'POST', url: `/sim/${method}/link/${linkId(link.url)}`, payload: { outcome: 'success' } })
      expect(res.statusCode, res.body).toBe(200)
      await until(async () => (await orderRow(order.order_id)).paymentStatus === 'paid')
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null, agentId: agent.userId })
      expect(await reserved(pack.pack_id)).toBe(before + 1)
      // the customer cannot pay it twice
      expect((await kit().t.app.inject({ method: 'POST', url: `/sim/${method}/link/${linkId(link.url)}`, payload: { outcome: 'success' } })).statusCode).toBe(
        409,
      )
    })

    it('returns the customer to a public "payment received" page: number, amount and status only; a wrong token or another website 404s', async () => {
      const { order, link } = await linkOrder(1, method)
      const row = await orderRow(order.order_id)
      const token = returnTokenOf(kit().t.app.deps.config.SESSION_SECRET, row.websiteId, order.order_id)
      const visitor = (t: string, origin = MAIN) => kit().t.call({ method: 'GET', url: `/s/api/checkout/paid/${t}`, origin })
      const waiting = await visitor(token)
      expect(waiting.statusCode, waiting.body).toBe(200)
      // a visitor sees the number and the amount, nothing about the customer or the lines
      expect(waiting.json()).toEqual({ shop: expect.any(String), order_number: order.order_number, amount: order.total, status: 'waiting' })
      expect(waiting.body).not.toMatch(/Asha|Temple|Malleshwaram|560001/)
      const res = await kit().t.app.inject({ method: 'POST', url: `/sim/${method}/link/${linkId(link.url)}`, payload: { outcome: 'success' } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().redirect).toMatch(new RegExp(`^${MAIN}/order/paid/${token}($|\\?)`))
      await until(async () => (await visitor(token)).json().status === 'paid')
      // a wrong token: another order's id under this mac, a changed mac, another website's address, not a token at all
      const mac = token.slice(token.indexOf('-') + 1)
      expect((await visitor(`${order.order_id + 1}-${mac}`)).statusCode).toBe(404)
      expect((await visitor(`${order.order_id}-${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404)
      expect((await visitor(token, SHOP2)).statusCode).toBe(404)
      expect((await visitor('not-a-token')).statusCode).toBe(422)
    })

    it('an unpaid link is released like any unpaid order when it expires; paid after that: re-reserved while stock lasts, else refunded, never lost', async () => {
      // let go of what earlier tests left held, so that this order's hold is the only one released below
      await orders.releaseExpired(db(), new Date(Date.now() + 48 * 3600_000))
      const before = await reserved(kit().sellable()[0].pack_id)
      const { order, link, pack } = await linkOrder(1, method)
      expect(await reserved(pack.pack_id)).toBe(before + 1)
      // the hold is the link's: not released at the checkout's usual 15 minutes
      expect(await orders.releaseExpired(db(), new Date(Date.now() + 60 * 60_000))).toBe(0)
      expect(await orders.releaseExpired(db(), new Date(new Date(link.expires_at).getTime() + 1000))).toBeGreaterThanOrEqual(1)
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'expired', paymentStatus: 'pending' })
      expect(await reserved(pack.pack_id)).toBe(before)
      // the bank confirms late: captured at the provider after we let go; the stock is still there, so it is taken again
      expect((await kit().sim('/pay', { provider: method, order_id: linkId(link.url), outcome: 'late_auth' })).status).toBe(paid)
      await until(async () => (await orderRow(order.order_id)).paymentStatus !== 'pending')
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', releasedAt: null })
      expect(await reserved(pack.pack_id)).toBe(before + 1)

      // the same, but the last units sold meanwhile: the payment goes back in full (Cashfree: on the order it made for the link payment)
      const second = await linkOrder(1, method)
      await orders.releaseExpired(db(), new Date(new Date(second.link.expires_at).getTime() + 1000))
      await kit().setStock(second.pack.pack_id, second.pack.warehouse_id, 0)
      await kit().sim('/pay', { provider: method, order_id: linkId(second.link.url), outcome: 'late_auth' })
      await until(async () => (await orderRow(second.order.order_id)).paymentStatus !== 'pending')
      const refunds = rowsOf<{ reason: string; amount_paise: number }>(
        await db().execute(sql`select reason, amount_paise from payment_refunds where order_id = ${second.order.order_id}`),
      )
      expect(refunds).toEqual([{ reason: 'order_released', amount_paise: second.order.total }])
      await kit().drain()
      await until(async () => (await orderRow(second.order.order_id)).paymentStatus === 'refunded')
      await kit().setStock(second.pack.pack_id, second.pack.warehouse_id, 500)
    })

    it('paid with its webhooks lost and the customer never back: the release job asks the provider and the order is paid, not released', async () => {
      const { order, link, pack } = await linkOrder(1, method)
      const before = await reserved(pack.pack_id)
      await kit().losingWebhooks(linkId(link.url), () => kit().sim('/pay', { provider: method, order_id: linkId(link.url), outcome: 'success' }))
      expect((await orderRow(order.order_id)).paymentStatus).toBe('pending')
      // a Cashfree link stored before attempts said what they were (its id is our reference, like an order's): asked
      // about as a link once no order has its id
      if (method === 'cashfree') await db().execute(sql`update payments set via = 'checkout' where order_id = ${order.order_id}`)
      await kit().releaseUnpaid(new Date(new Date(link.expires_at).getTime() + 1000))
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', releasedAt: null })
      expect(await reserved(pack.pack_id)).toBe(before)
      const paid = rowsOf<{ via: string; provider_order_id: string; refunds: number }>(
        await db().execute(sql`select via, provider_order_id, (select count(*)::int from payment_refunds r where r.order_id = p.order_id) as refunds
          from payments p where order_id = ${order.order_id} and status = 'paid'`),
      )
      expect(paid).toEqual([{ via: method === 'cashfree' ? 'checkout' : 'link', provider_order_id: linkId(link.url), refunds: 0 }])
    })

    it.runIf(driver === 'postgres')(
      'race on PostgreSQL: the paid webhook against the expiry job, 8 orders; each ends paid and held, or released and refunded',
      async () => {
        const made: Awaited<ReturnType<typeof linkOrder>>[] = []
        for (let i = 0; i < 8; i++) made.push(await linkOrder(1, method))
        const late = new Date(Date.now() + 25 * 3600_000)
        await Promise.all([
          ...made.map((m) => kit().sim('/pay', { provider: method, order_id: linkId(m.link.url), outcome: 'late_auth' })),
          orders.releaseExpired(db(), late),
          orders.releaseExpired(db(), late),
        ])
        await until(async () => {
          const rows = await Promise.all(made.map((m) => orderRow(m.order.order_id)))
          return rows.every((r) => r.paymentStatus !== 'pending')
        }, 15000)
        const rows = rowsOf<{ id: number; status: string; payment_status: string; released: boolean; refunds: number; paid_attempts: number }>(
          await db().execute(sql`
          select o.id, o.status, o.payment_status, o.released_at is not null as released,
            (select count(*)::int from payment_refunds r where r.order_id = o.id and r.reason = 'order_released') as refunds,
            (select count(*)::int from payments p where p.order_id = o.id and p.status = 'paid') as paid_attempts
          from orders o where o.id in (${sql.join(
            made.map((m) => sql`${m.order.order_id}`),
            sql`, `,
          )})`),
        )
        expect(rows).toHaveLength(8)
        for (const r of rows) {
          const paidAndHeld = r.payment_status === 'paid' && !r.released && r.status === 'confirmed' && r.refunds === 0
          const releasedAndRefunded = r.released && r.status === 'expired' && ['refund_pending', 'refunded'].includes(r.payment_status) && r.refunds === 1
          expect(paidAndHeld || releasedAndRefunded, JSON.stringify(r)).toBe(true)
          expect(r.paid_attempts, JSON.stringify(r)).toBeLessThanOrEqual(1)
        }
      },
    )
  })

  it('refuses forged link webhooks (no or a wrong signature) and changes nothing', async () => {
    const { order, link } = await linkOrder()
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      contains: ['payment_link', 'payment'],
      payload: {
        payment_link: { entity: { id: linkId(link.url), amount: order.total, currency: 'INR', reference_id: 'x', short_url: link.url, status: 'paid' } },
        payment: { entity: { id: 'pay_FORGED00000001', amount: order.total, currency: 'INR', status: 'captured', order_id: null } },
      },
      created_at: 1,
    })
    const send = (headers: Record<string, string>) =>
      kit().t.app.inject({
        method: 'POST',
        url: '/s/api/payments/webhooks/razorpay',
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      })
    expect((await send({})).statusCode).toBe(401)
    expect((await send({ 'x-razorpay-signature': createHmac('sha256', 'not-the-secret').update(body).digest('hex') })).statusCode).toBe(401)
    expect((await orderRow(order.order_id)).paymentStatus).toBe('pending')
  })

  it('refuses forged PAYMENT_LINK_EVENT webhooks (none, wrong secret, stale timestamp) and changes nothing', async () => {
    const { order, link } = await linkOrder(1, 'cashfree')
    const body = JSON.stringify({
      data: {
        link_id: linkId(link.url),
        link_status: 'PAID',
        link_amount: order.total / 100,
        link_amount_paid: order.total / 100,
        link_currency: 'INR',
        order: { order_id: 'CFPay_forged', order_amount: order.total / 100, transaction_id: 1234567, transaction_status: 'SUCCESS' },
      },
      type: 'PAYMENT_LINK_EVENT',
      version: 1,
      event_time: new Date().toISOString(),
    })
    const send = (headers: Record<string, string>) =>
      kit().t.app.inject({
        method: 'POST',
        url: '/s/api/payments/webhooks/cashfree',
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      })
    const sign = (secret: string, ts: string) =>
      createHmac('sha256', secret)
        .update(ts + body)
        .digest('base64')
    const now = String(Date.now())
    expect((await send({})).statusCode).toBe(401)
    expect((await send({ 'x-webhook-timestamp': now, 'x-webhook-signature': sign('not-the-secret', now) })).statusCode).toBe(401)
    // the right secret, but an old timestamp (a replay)
    const old = String(Date.now() - 3600_000)
    const secret = kit().t.app.deps.config.CASHFREE_CLIENT_SECRET!
    expect((await send({ 'x-webhook-timestamp': old, 'x-webhook-signature': sign(secret, old) })).statusCode).toBe(401)
    expect((await orderRow(order.order_id)).paymentStatus).toBe('pending')
  })
})
