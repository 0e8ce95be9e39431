import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { freshPhone } from '../../test/fixture-kit'
import { type SignedIn, signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type OtpMessage, otpText } from '../accounts/otp-delivery/message'
import { shopping } from '../checkout/test-kit'

/**
 * "On khata" for a number that is not a customer of this website: the customer's consent code first, as a sales
 * agent's new customer (issue 28; docs/decisions/0034, 0047).
 */
describe.each(drivers)('a new khata customer at the counter agrees with a code (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  let pack: { pack_id: number; price: number }
  const sent: OtpMessage[] = []
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, who: SignedIn = admin) => staffCall(t, who, method, `/s/api${url}`, body)
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.app.deps.db.execute(q))
  const sale = (phone: string, extra: object = {}) =>
    call('POST', '/pos/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'khata', amount: pack.price }],
      customer_phone: phone,
      ...extra,
    })

  beforeAll(async () => {
    t = await buildTestApp(driver, { AUTH_FIXED_OTP: '123456' }, { otpDelivery: { send: async (m) => void sent.push(m) } })
    admin = await signIn(t, '9876500001')
    const current = (await call('GET', '/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/pos/shifts', { opening_cash: 500 })).statusCode).toBe(201)
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    pack = shop.sellable()[0]
    await shop.setStock(pack.pack_id, current.register.warehouse_id, 100)
  })
  afterAll(() => t.close())

  it('refuses the khata sale of a number nobody here knows with a 422 naming the consent step; nothing is sold or recorded', async () => {
    const phone = freshPhone()
    const res = await sale(phone, { khata_override_reason: 'Owner agreed' })
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().errors.customer_phone).toMatch(/not a customer of this shop yet: a khata needs their consent.*consent code/)
    expect(await rows(sql`select 1 from users where phone = ${phone}`)).toEqual([])
    // a cash sale to a new number still records them, as before (no credit is given)
    const cash = await call('POST', '/pos/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'cash', amount: pack.price }],
      customer_phone: freshPhone(),
    })
    expect(cash.statusCode, cash.body).toBe(201)
  })

  it("someone known only to another website gets a code with the counter's words; with it they become this website's customer and the sale goes through", async () => {
    const phone = freshPhone()
    const [elsewhere] = await t.app.deps.db
      .insert(users)
      .values({ name: 'Meena Elsewhere', phone, email: `m${phone}@shop2.example`, phoneVerifiedAt: new Date() })
      .returning({ id: users.id })
    await signIn(t, phone, SHOP2)
    expect((await call('GET', `/pos/khata/customer?mobile=${phone}`)).json()).toEqual({ customer: null })
    expect((await sale(phone, { khata_override_reason: 'Owner agreed' })).statusCode).toBe(422)

    const before = sent.length
    const asked = await call('POST', '/pos/khata/consent', { mobile: phone, name: 'Meena' })
    expect(asked.statusCode, asked.body).toBe(202)
    expect(asked.json()).toEqual({ consent: 'code_sent', mobile: phone, name: 'Meena', minutes: 5 })
    const [message] = sent.slice(before).filter((m) => m.consent)
    expect(message.to).toEqual({ kind: 'mobile', value: phone })
    expect(otpText(message)).toMatch(/your code to let .+ open a khata \(credit account\) for you at the counter/)
    // nothing of hers is known here until she agrees
    expect((await call('GET', `/pos/khata/customer?mobile=${phone}`)).json()).toEqual({ customer: null })

    const wrong = await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '000000' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.code).toMatch(/not right/)
    const confirmed = await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '123456', name: 'Meena' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ customer: { id: elsewhere.id, name: 'Meena', phone } })
    // this website's record of her is what the cashier typed, never the other website's name or email
    const [profile] = await rows<{ name: string; email: string | null }>(
      sql`select name, email from customer_profiles where user_id = ${elsewhere.id} and website_id = ${admin.websiteId}`,
    )
    expect(profile).toEqual({ name: 'Meena', email: null })
    // the code works once
    expect((await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '123456' })).statusCode).toBe(422)

    // the credit limit still holds: none yet, so only an admin's reason lets it through, or a limit set in Khata
    const noLimit = await sale(phone)
    expect(noLimit.statusCode).toBe(422)
    expect(noLimit.json().errors.payments).toMatch(/no credit with the shop/)
    expect((await call('PUT', `/admin/customers/${elsewhere.id}/khata`, { credit_limit: pack.price * 2 })).statusCode).toBe(200)
    const sold = await sale(phone)
    expect(sold.statusCode, sold.body).toBe(201)
    const [k] = await rows<{ balance: number }>(sql`select balance_paise as balance from khata_accounts where user_id = ${elsewhere.id}`)
    expect(k.balance).toBe(Math.round(pack.price * 100))
  })

  it('a number nobody holds gets its account once the code is given; a customer here already needs no code', async () => {
    const phone = freshPhone()
    expect((await call('POST', '/pos/khata/consent', { mobile: phone })).statusCode).toBe(202)
    const confirmed = await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '123456' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().customer).toMatchObject({ name: 'Customer', phone })
    const before = sent.length
    const again = await call('POST', '/pos/khata/consent', { mobile: phone })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ customer: { id: confirmed.json().customer.id, name: 'Customer', phone } })
    expect(sent.length).toBe(before)
    expect((await sale(phone, { khata_override_reason: 'Owner agreed' })).statusCode).toBe(201)
  })

  it("the code is bound to the cashier's session: another cashier cannot use it; the 6th wrong try is 429", async () => {
    const phone = freshPhone()
    expect((await call('POST', '/pos/khata/consent', { mobile: phone })).statusCode).toBe(202)
    const other = await signIn(t, '9876500001')
    expect((await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '123456' }, other)).statusCode).toBe(422)
    // each refused try is audited
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'khata.consent.refused' and entity_id = ${phone}`)
    expect(n).toBe(1)
    for (let i = 0; i < 4; i++) expect((await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '000000' })).statusCode).toBe(422)
    // the wrong tries were counted although each call rolled back: the right code is refused now
    const locked = await call('POST', '/pos/khata/consent/confirm', { mobile: phone, code: '123456' })
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBeTruthy()
  })

  it('the calls are staff calls of this website: a shopper is refused', async () => {
    const shopper = await signIn(t, '9876500003')
    expect((await staffCall(t, shopper, 'POST', '/s/api/pos/khata/consent', { mobile: freshPhone() }, MAIN)).statusCode).toBe(403)
  })
})
