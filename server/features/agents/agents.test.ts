import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgentCustomer, SalesDashboard } from '../../../common/contracts/agents'
import type { Product } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { users, websiteMembers } from '../../db/schema/accounts'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { type OtpMessage, otpText } from '../accounts/otp-delivery/message'
import { newShopper, type SignedIn, signIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'

const ADDRESS = {
  name: 'Asha Rao',
  mobile: '9876543210',
  house: '4',
  street: 'Temple Street',
  area: 'Malleshwaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560003',
}

describe.each(drivers)('sales agents (%s)', (driver) => {
  let t: TestApp
  let agentA: SignedIn
  let agentB: SignedIn
  let shopper: SignedIn
  let admin: SignedIn
  let siteId: number
  let packs: { pack_id: number; warehouse_id: number; price: number }[]

  const call = (s: TestSession | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, actingFor?: number) =>
    t.call({ method, url: `/s/api${url}`, session: s, payload, origin: MAIN, headers: actingFor ? { 'x-acting-for': String(actingFor) } : {} })

  const sent: OtpMessage[] = []

  beforeAll(async () => {
    t = await buildTestApp(driver, { AUTH_FIXED_OTP: '123456' }, { otpDelivery: { send: async (m) => void sent.push(m) } })
    siteId = (await websiteOf(t, MAIN)).id
    agentA = await signIn(t, '9876500002')
    // a second agent of the same website
    const phoneB = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    const [b] = await t.app.deps.db.insert(users).values({ name: 'Second Agent', phone: phoneB, phoneVerifiedAt: new Date() }).returning({ id: users.id })
    await t.app.deps.db.insert(websiteMembers).values({ websiteId: siteId, userId: b.id, isSalesAgent: true })
    agentB = await signIn(t, phoneB)
    shopper = await newShopper(t)
    admin = await signIn(t, '9876500001')
    const catalogue: Product[] = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
    packs = catalogue
      .flatMap((p) => p.packs.filter((k) => k.in_stock))
      .sort((a, b) => b.price - a.price)
      .slice(0, 2)
  })
  afterAll(() => t.close())

  it('refuses every agent call to a visitor (401) and to anyone who is not an agent here (403)', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/sales/dashboard'],
      ['GET', '/sales/dashboard?period=week'],
      ['GET', '/sales/customers'],
      ['GET', '/sales/customers/lookup?mobile=9876500003'],
      ['POST', '/sales/customers', { mobile: '9123456780', name: 'X' }],
      ['POST', '/sales/customers/confirm', { mobile: '9123456780', code: '123456' }],
      ['GET', '/sales/orders'],
    ]
    for (const [method, url, body] of calls) {
      expect((await call(await t.visitor(MAIN), method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401)
      expect((await call(shopper, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403)
      expect((await call(admin, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403)
    }
    // agent mode on the cart is an agent's only
    expect((await call(shopper, 'GET', '/cart', undefined, agentA.userId)).statusCode).toBe(403)
    // and the agent of one website is nobody's agent on the other
    const onShop2 = await signIn(t, '9876500002', 'http://shop2.localhost:3000')
    const res = await t.call({ method: 'GET', url: '/s/api/sales/customers', session: onShop2, origin: 'http://shop2.localhost:3000' })
    expect([200, 403]).toContain(res.statusCode)
  })

  let asha: AgentCustomer
  it('adds a customer (marked as added by an agent, number unverified) with an address; another agent only finds them by number', async () => {
    const mobile = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    const missingName = await call(agentA, 'POST', '/sales/customers', { mobile })
    expect(missingName.statusCode).toBe(422)
    expect(missingName.json().errors.name).toBeTruthy()
    const res = await call(agentA, 'POST', '/sales/customers', { mobile, name: 'Asha', address: { ...ADDRESS, mobile } })
    expect(res.statusCode, res.body).toBe(200)
    asha = res.json()
    expect(asha).toMatchObject({ name: 'Asha', phone: mobile, added_by_agent: true, phone_verified: false, orders: 0 })
    const list = (await call(agentA, 'GET', '/sales/customers')).json().data as AgentCustomer[]
    expect(list.map((c) => c.id)).toContain(asha.id)
    // B: a lookup by number, and nothing else
    expect((await call(agentB, 'GET', `/sales/customers/lookup?mobile=${mobile}`)).json()).toEqual({
      customer: { id: asha.id, name: 'Asha', phone: mobile, mine: false },
    })
    expect(((await call(agentB, 'GET', '/sales/customers')).json().data as AgentCustomer[]).map((c) => c.id)).not.toContain(asha.id)
    for (const [method, url] of [
      ['GET', '/cart'],
      ['GET', '/account/addresses'],
      ['POST', '/cart/add'],
      ['POST', '/checkout/place'],
    ] as const) {
      const r = await call(agentB, method, url, method === 'POST' ? { pack_id: packs[0].pack_id, warehouse_id: packs[0].warehouse_id } : undefined, asha.id)
      expect(r.statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await call(agentA, 'GET', '/sales/customers/lookup?mobile=9000000001')).json()).toEqual({ customer: null })
  })

  async function orderFor(customerId: number, method: 'cod' | 'razorpay' | 'khata', status = 200, extra: object = {}) {
    await call(agentA, 'GET', '/check/pincode/560003')
    for (const p of packs) {
      const add = await call(agentA, 'POST', '/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id }, customerId)
      expect(add.statusCode, add.body).toBe(200)
    }
    const addresses = (await call(agentA, 'GET', '/account/addresses', undefined, customerId)).json()
    const addressId = (addresses.addresses ?? addresses.data ?? addresses)[0].id
    const groups = (await call(agentA, 'GET', `/checkout/slots?address_id=${addressId}`, undefined, customerId)).json().groups as {
      delivery_charge_id: number
      slots: { id: number; open: boolean }[]
    }[]
    const slots = groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: g.slots.find((x) => x.open)!.id }))
    const res = await call(
      agentA,
      'POST',
      '/checkout/place',
      { address_id: addressId, slots, payment_method: method, idempotency_key: `k${Math.random().toString(36).slice(2, 12)}`, ...extra },
      customerId,
    )
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as { order_id: number; order_number: string; total: number; errors?: Record<string, string> }
  }

  let codOrder: { order_id: number; order_number: string; total: number }
  it("fills the customer's cart and places their order: it records the agent and the customer sees who placed it", async () => {
    // the agent's own cart is untouched by agent mode
    const before = (await call(agentA, 'GET', '/cart')).json()
    codOrder = await orderFor(asha.id, 'cod')
    expect((await call(agentA, 'GET', '/cart')).json().quantity).toBe(before.quantity)
    const [row] = rowsOf<{ agent_id: number; channel: string; user_id: number }>(
      await t.app.deps.db.execute(sql`select agent_id, channel, user_id from orders where id = ${codOrder.order_id}`),
    )
    expect(row).toEqual({ agent_id: agentA.userId, channel: 'agent', user_id: asha.id })
    // the customer signs in with their own code: that verifies the number the agent typed
    const customer = await t.visitor(MAIN)
    await t.call({ method: 'POST', url: '/s/api/auth/login', session: customer, payload: { username: asha.phone! } })
    const verified = await t.call({ method: 'POST', url: '/s/api/auth/verify', session: customer, payload: { username: asha.phone!, otp: '123456' } })
    expect(verified.json().user).toMatchObject({ id: asha.id, name: 'Asha' })
    const asCustomer = await signIn(t, asha.phone!)
    const mine = (await call(asCustomer, 'GET', '/orders')).json()
    expect(mine.orders[0].order_number).toBe(codOrder.order_number)
    expect(mine.orders[0].placed_by).toBe(
      rowsOf<{ name: string }>(await t.app.deps.db.execute(sql`select name from users where id = ${agentA.userId}`))[0].name,
    )
    const [u] = rowsOf<{ v: boolean }>(await t.app.deps.db.execute(sql`select phone_verified_at is not null as v from users where id = ${asha.id}`))
    expect(u.v).toBe(true)
    // agent B's orders do not show agent A's
    expect(((await call(agentB, 'GET', '/sales/orders')).json().data as { id: number }[]).map((o) => o.id)).not.toContain(codOrder.order_id)
    const listA = (await call(agentA, 'GET', `/sales/orders?customer_id=${asha.id}`)).json().data as { id: number }[]
    expect(listA.map((o) => o.id)).toContain(codOrder.order_id)
  })

  it("puts the agent's order on the customer's khata within the credit limit; over it, 422 with the figures", async () => {
    const khata = (body?: object) => staffCall(t, admin, body ? 'PUT' : 'GET', `/s/api/admin/customers/${asha.id}/khata`, body)
    expect((await khata({ credit_limit: 1 })).statusCode).toBe(200)
    const owedBefore = (await khata()).json().balance as number
    const over = await orderFor(asha.id, 'khata', 422)
    expect(over.errors!.payment_method).toMatch(/balance of ₹[\d,.]+ past the credit limit of ₹1: at most ₹1 more/)
    expect((await khata()).json().balance).toBe(owedBefore)
    expect((await khata({ credit_limit: 100_000 })).statusCode).toBe(200)
    const placed = await orderFor(asha.id, 'khata')
    const [row] = rowsOf<{ status: string; payment_status: string; payment_method: string; total_paise: number }>(
      await t.app.deps.db.execute(sql`select status, payment_status, payment_method, total_paise from orders where id = ${placed.order_id}`),
    )
    expect(row).toEqual({ status: 'confirmed', payment_status: 'paid', payment_method: 'khata', total_paise: placed.total })
    const after = (await khata()).json()
    expect(Math.round(after.balance * 100)).toBe(Math.round(owedBefore * 100) + placed.total)
    expect(after.entries.at(-1)).toMatchObject({ kind: 'sale', order_number: placed.order_number })
    // the shopper cannot put their own order on khata
    const own = await call(shopper, 'POST', '/checkout/place', { address_id: 1, slots: [], payment_method: 'khata', idempotency_key: 'kkhataown1' })
    expect(own.statusCode).toBe(422)
    expect(own.json().errors?.payment_method ?? own.json().message).toMatch(/for a sales agent’s order/)
  })

  it("places a business's order (B2B, issue 34): checked like checkout's, the invoice names the buyer, saved on the customer", async () => {
    const wrong = await orderFor(asha.id, 'cod', 422, { buyer_gstin: '27AABCH1234K1ZA', buyer_name: 'Hotel Sagar Pvt Ltd' })
    expect(wrong.errors!.buyer_gstin).toMatch(/check character/)
    const placed = await orderFor(asha.id, 'cod', 200, { buyer_gstin: '27AABCH1234K1ZR', buyer_name: 'Hotel Sagar Pvt Ltd', save_buyer: true })
    const [doc] = rowsOf<{ content: { recipient: { gstin: string; name: string }; placeOfSupply: { stateCode: string }; interState: boolean } }>(
      await t.app.deps.db.execute(sql`select content from tax_documents where order_id = ${placed.order_id} and kind = 'invoice'`),
    )
    expect(doc.content.recipient).toMatchObject({ gstin: '27AABCH1234K1ZR', name: 'Hotel Sagar Pvt Ltd' })
    expect([doc.content.placeOfSupply.stateCode, doc.content.interState]).toEqual(['27', true])
    const [row] = rowsOf<{ agent_id: number; user_id: number }>(
      await t.app.deps.db.execute(sql`select agent_id, user_id from orders where id = ${placed.order_id}`),
    )
    expect(row).toEqual({ agent_id: agentA.userId, user_id: asha.id })
    // saved on the customer's record (not the agent's): offered to the agent next time, and to her at her own checkout
    expect((await call(agentA, 'GET', '/checkout/buyer', undefined, asha.id)).json()).toEqual({ gstin: '27AABCH1234K1ZR', name: 'Hotel Sagar Pvt Ltd' })
    expect((await call(agentA, 'GET', '/checkout/buyer')).json()).toEqual({ gstin: null, name: null })
    expect((await call(await signIn(t, asha.phone!), 'GET', '/checkout/buyer')).json()).toEqual({ gstin: '27AABCH1234K1ZR', name: 'Hotel Sagar Pvt Ltd' })
  })

  it('earns commission on delivery at the category rate where set, and reverses it on a refund; the dashboard equals a SQL recount', async () => {
    // 2 % by default, 5 % for the first pack's first category
    const [cat] = rowsOf<{ category_id: number }>(
      await t.app.deps.db.execute(sql`
        select pc.category_id from product_categories pc join packs k on k.product_id = pc.product_id where k.id = ${packs[0].pack_id} order by pc.category_id limit 1`),
    )
    const rules = await staffCall(t, admin, 'PUT', '/s/api/admin/commission-rules', {
      default_percent: 2,
      categories: [{ category_id: cat.category_id, percent: 5 }],
    })
    expect(rules.statusCode, rules.body).toBe(200)
    expect(rules.json().default_percent).toBe(2)
    expect((await staffCall(t, shopper, 'PUT', '/s/api/admin/commission-rules', { default_percent: 9, categories: [] })).statusCode).toBe(403)
    expect((await staffCall(t, admin, 'PUT', '/s/api/admin/commission-rules', { default_percent: 101, categories: [] })).statusCode).toBe(422)

    const dash = async () => (await call(agentA, 'GET', '/sales/dashboard?period=day')).json() as SalesDashboard
    const pending = await dash()
    expect(pending.commission.pending).toBeGreaterThan(0)
    for (const status of ['packed', 'out_for_delivery', 'delivered'])
      expect(
        (
          await staffCall(t, admin, 'POST', `/s/api/admin/orders/${codOrder.order_id}/status`, {
            status,
            ...(status === 'out_for_delivery' ? { delivery_person_name: 'Ravi Kumar', delivery_person_phone: '9876543210' } : {}),
            ...(status === 'delivered' ? { cash_collected: codOrder.total } : {}),
          })
        ).statusCode,
      ).toBe(200)
    const delivered = await dash()
    // recount in plain SQL: each line at its rate, scaled by the discount
    const [expected] = rowsOf<{ paise: string }>(
      await t.app.deps.db.execute(sql`
        select round(sum(oi.price_paise * oi.quantity * (case when exists (select 1 from product_categories pc where pc.product_id = oi.product_id and pc.category_id = ${cat.category_id}) then 500 else 200 end))::numeric / 10000
               * (o.items_paise - o.discount_paise)::numeric / o.items_paise)::bigint::text as paise
        from orders o join order_items oi on oi.order_id = o.id where o.id = ${codOrder.order_id} group by o.id`),
    )
    expect(Math.round(delivered.commission.earned * 100)).toBe(Number(expected.paise))
    // what was pending moved to earned; the khata order of the test before is still open, so still pending
    expect(Math.round(delivered.commission.pending * 100)).toBe(Math.round(pending.commission.pending * 100) - Number(expected.paise))
    await expectRecount(delivered)

    // a full refund reverses it
    const refund = await staffCall(t, admin, 'POST', `/s/api/admin/orders/${codOrder.order_id}/refunds`, { amount: codOrder.total, reason: 'Damaged' })
    expect(refund.statusCode, refund.body).toBe(200)
    const refunded = await dash()
    expect(refunded.commission.earned).toBe(0)
    const side = (await staffCall(t, admin, 'GET', '/s/api/admin/agents')).json().data as { id: number; orders: number; commission_earned: number }[]
    expect(side.find((a) => a.id === agentA.userId)).toMatchObject({ commission_earned: 0 })
    expect(side.find((a) => a.id === agentB.userId)).toMatchObject({ orders: 0 })
  })

  async function expectRecount(d: SalesDashboard) {
    const [r] = rowsOf<Record<string, string>>(
      await t.app.deps.db.execute(sql`
        select
          count(*) filter (where c and (created_at at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date)::text as today,
          coalesce(sum(total_paise) filter (where c and (created_at at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date), 0)::text as today_paise,
          count(*) filter (where c and date_trunc('month', created_at at time zone 'Asia/Kolkata') = date_trunc('month', now() at time zone 'Asia/Kolkata'))::text as month,
          count(*) filter (where c and status = 'delivered')::text as delivered,
          count(*) filter (where status not in ('cancelled', 'expired') and payment_status = 'pending' and released_at is null)::text as awaiting
        from (select *, status not in ('cancelled', 'expired') and payment_status not in ('pending', 'failed') as c from orders
              where website_id = ${siteId} and agent_id = ${agentA.userId}) o`),
    )
    expect(d.today.orders).toBe(Number(r.today))
    expect(Math.round(d.today.revenue * 100)).toBe(Number(r.today_paise))
    expect(d.month.orders).toBe(Number(r.month))
    expect(d.delivered.orders).toBe(Number(r.delivered))
    expect(d.awaiting_payment.orders).toBe(Number(r.awaiting))
    expect(d.series).toHaveLength(14)
    expect(d.series.at(-1)!.orders).toBe(Number(r.today))
  }

  // Tenancy (issue 25): Priya signed in on shop2 and gave it her name and email; this website has never seen her.
  const rand = (first: string) => `${first}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
  let priya: { id: number; phone: string; email: string }
  const adminCustomers = (q: string) => staffCall(t, admin, 'GET', `/s/api/admin/customers?perPage=100&q=${encodeURIComponent(q)}`)
  const consentAdd = () =>
    call(agentA, 'POST', '/sales/customers', { mobile: priya.phone, name: 'Priya B', address: { ...ADDRESS, name: 'Priya B', mobile: priya.phone } })

  it('a lookup by an agent of another website answers "not a customer here", the same answer as for a number nobody has', async () => {
    const phone = rand('6')
    const email = `priya-${phone}@shop2.example`
    const [row] = await t.app.deps.db.insert(users).values({ name: 'Priya Elsewhere', phone, email, phoneVerifiedAt: new Date() }).returning({ id: users.id })
    priya = { id: row.id, phone, email }
    await signIn(t, phone, SHOP2)

    const known = await call(agentA, 'GET', `/sales/customers/lookup?mobile=${phone}`)
    const nobody = await call(agentA, 'GET', `/sales/customers/lookup?mobile=${rand('6')}`)
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual({ customer: null })
    expect(known.body).toBe(nobody.body)
    // shop2's agents find her there, by what shop2 knows
    const onShop2 = await signIn(t, '9876500002', SHOP2)
    const there = await t.call({ method: 'GET', url: `/s/api/sales/customers/lookup?mobile=${phone}`, session: onShop2, origin: SHOP2 })
    expect(there.json()).toEqual({ customer: { id: priya.id, name: 'Priya Elsewhere', phone, mine: false } })
  })

  it('adding that number sends her a consent code; nothing of hers is linked or used until the agent confirms with it', async () => {
    const before = sent.length
    const noName = await call(agentA, 'POST', '/sales/customers', { mobile: priya.phone })
    expect(noName.statusCode).toBe(422)
    expect(noName.json().errors.name).toBeTruthy()
    const res = await consentAdd()
    expect(res.statusCode, res.body).toBe(202)
    expect(res.json()).toEqual({ consent: 'code_sent', mobile: priya.phone, name: 'Priya B', minutes: 5 })
    // order notices of earlier tests may still be leaving the outbox: only the consent codes count here
    const messages = sent.slice(before).filter((m) => m.consent)
    expect(messages.map((m) => m.to.value)).toEqual([priya.phone])
    expect(otpText(messages[0])).toMatch(/add you as a customer/)
    expect(otpText(messages[0])).not.toMatch(/sign-in code/)
    // another code waits, as sign-in's do
    const again = await consentAdd()
    expect(again.statusCode).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)

    const [held] = rowsOf<Record<string, number>>(
      await t.app.deps.db.execute(sql`select
        (select count(*)::int from agent_customers where website_id = ${siteId} and user_id = ${priya.id}) as links,
        (select count(*)::int from customer_profiles where website_id = ${siteId} and user_id = ${priya.id}) as profiles,
        (select count(*)::int from addresses where website_id = ${siteId} and user_id = ${priya.id}) as addresses`),
    )
    expect(held).toEqual({ links: 0, profiles: 0, addresses: 0 })
    expect((await call(agentA, 'GET', '/cart', undefined, priya.id)).statusCode).toBe(403)
    const mine = (await call(agentA, 'GET', '/sales/customers')).json() as { data: AgentCustomer[]; pending: { mobile: string; name: string }[] }
    expect(mine.data.map((c) => c.id)).not.toContain(priya.id)
    expect(mine.pending).toContainEqual(expect.objectContaining({ mobile: priya.phone, name: 'Priya B' }))
    expect((await call(agentA, 'GET', `/sales/customers/lookup?mobile=${priya.phone}`)).json()).toEqual({ customer: null })
    expect((await adminCustomers(priya.phone)).json().meta.total).toBe(0)
    expect((await staffCall(t, admin, 'GET', `/s/api/admin/customers/${priya.id}`)).statusCode).toBe(404)
    // the consent code signs nobody in: the agent's session cannot use it as Priya's sign-in code
    const signInWithIt = await t.call({
      method: 'POST',
      url: '/s/api/auth/verify',
      session: agentA,
      origin: MAIN,
      payload: { username: priya.phone, otp: '123456' },
    })
    expect(signInWithIt.statusCode).toBe(422)
    // a code is for the agent who asked for it
    expect((await call(agentB, 'POST', '/sales/customers/confirm', { mobile: priya.phone, code: '123456' })).statusCode).toBe(422)
  })

  it('with her code she is a customer here, known by what the agent typed: staff and agents never see what she gave the other website', async () => {
    const wrong = await call(agentA, 'POST', '/sales/customers/confirm', { mobile: priya.phone, code: '000000' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.code).toMatch(/not right/)
    const res = await call(agentA, 'POST', '/sales/customers/confirm', { mobile: priya.phone, code: '123456' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: priya.id, name: 'Priya B', phone: priya.phone, added_by_agent: false })
    expect((await call(agentA, 'POST', '/sales/customers/confirm', { mobile: priya.phone, code: '123456' })).statusCode).toBe(422)
    expect((await call(agentA, 'GET', `/sales/customers/lookup?mobile=${priya.phone}`)).json()).toEqual({
      customer: { id: priya.id, name: 'Priya B', phone: priya.phone, mine: true },
    })
    const order = await orderFor(priya.id, 'cod')

    const list = await adminCustomers(priya.phone)
    expect(list.json().data).toEqual([expect.objectContaining({ user_id: priya.id, name: 'Priya B', phone: priya.phone, email: null })])
    expect((await adminCustomers(priya.email)).json().meta.total).toBe(0)
    expect((await adminCustomers('Priya Elsewhere')).json().meta.total).toBe(0)
    const detail = await staffCall(t, admin, 'GET', `/s/api/admin/customers/${priya.id}`)
    expect(detail.json()).toMatchObject({ user_id: priya.id, name: 'Priya B', email: null })
    expect(detail.json().addresses).toEqual([expect.objectContaining({ name: 'Priya B', pincode: ADDRESS.pincode })])
    const exported = await staffCall(t, admin, 'GET', `/s/api/admin/customers/${priya.id}/export`)
    expect(exported.json().profile).toMatchObject({ user_id: priya.id, name: 'Priya B', phone: priya.phone, email: null })
    const orderDetail = await staffCall(t, admin, 'GET', `/s/api/admin/orders/${order.order_id}`)
    expect(orderDetail.json().customer).toMatchObject({ id: priya.id, name: 'Priya B', email: null })
    const answers = [
      list,
      detail,
      exported,
      orderDetail,
      await staffCall(t, admin, 'GET', `/s/api/admin/orders?q=${priya.phone}`),
      await staffCall(t, admin, 'GET', '/s/api/admin/customers?perPage=100'),
      await call(agentA, 'GET', '/sales/customers'),
      await call(agentA, 'GET', '/sales/orders'),
      await call(agentA, 'GET', '/sales/dashboard'),
      await call(agentA, 'GET', '/account/addresses', undefined, priya.id),
    ]
    for (const a of answers) {
      expect(a.statusCode, `${a.raw.req.url}: ${a.body}`).toBe(200)
      expect(a.body).not.toContain(priya.email)
      expect(a.body).not.toContain('Elsewhere')
    }
    // shop2 keeps what she gave it
    const shop2Admin = await signIn(t, '9876500001', SHOP2)
    const there = await staffCall(t, shop2Admin, 'GET', `/s/api/admin/customers/${priya.id}`, undefined, SHOP2)
    expect(there.json()).toMatchObject({ name: 'Priya Elsewhere', email: priya.email })
  })
})
