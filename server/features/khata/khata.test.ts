import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Khata } from '../../../common/contracts/khata'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { newShopper, signIn, type SignedIn } from '../../test/shopper'
import { auditOf, cast, staffCall } from '../../test/staff'

describe.each(drivers)('the khata (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  const khata = (id: number, method: 'GET' | 'PUT' = 'GET', body?: object, who: TestSession | undefined = admin, origin = MAIN) =>
    staffCall(t, who, method, `/s/api/admin/customers/${id}/khata`, body, origin)
  const pay = (id: number, body: object) => staffCall(t, admin, 'POST', `/s/api/admin/customers/${id}/khata/payments`, body)
  const adjust = (id: number, body: object) => staffCall(t, admin, 'POST', `/s/api/admin/customers/${id}/khata/adjustments`, body)
  const sumOfLedger = async (userId: number) =>
    rowsOf<{ balance: number; ledger: number }>(
      await t.app.deps.db.execute(sql`
        select k.balance_paise as balance, coalesce((select sum(e.amount_paise) from khata_entries e where e.khata_id = k.id), 0)::int as ledger
        from khata_accounts k where k.user_id = ${userId} and k.website_id = ${admin.websiteId}`),
    )[0]

  it('answers a customer without a khata as nothing owed and no credit; the shopper has none (404)', async () => {
    const s = await newShopper(t)
    const res = await khata(s.userId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ balance: 0, credit_limit: 0, entries: [] })
    expect((await t.call({ method: 'GET', url: '/s/api/account/khata', session: s })).statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: '/s/api/account/khata' })).statusCode).toBe(401)
  })

  it('sets a limit, takes an adjustment and a payment: the contract’s shape, rupees, balance = Σ ledger, audited with the device', async () => {
    const s = await newShopper(t)
    const set = await khata(s.userId, 'PUT', { credit_limit: 1500.5 })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ balance: 0, credit_limit: 1500.5, entries: [] })
    expect((await adjust(s.userId, { change: 420, reason: 'Opening balance from the paper khata' })).statusCode).toBe(201)
    const paid = await pay(s.userId, { amount: 120.25, method: 'upi', reference: 'UTR 1234' })
    expect(paid.statusCode, paid.body).toBe(201)
    const body = paid.json() as Khata
    expect(body).toMatchObject({ balance: 299.75, credit_limit: 1500.5, available: 1200.75 })
    expect(body.entries.map((e) => [e.kind, e.amount, e.change])).toEqual([
      ['adjustment', 420, 420],
      ['payment', 120.25, -120.25],
    ])
    expect(body.entries[1]).toMatchObject({ method: 'upi', reference: 'UTR 1234', balance_after: 299.75, created_at: expect.any(String) })
    expect(await sumOfLedger(s.userId)).toEqual({ balance: 29_975, ledger: 29_975 })
    const [row] = await auditOf(t, paid)
    expect(row).toMatchObject({ action: 'khata.payment', entity: 'khata', userId: admin.userId })
    expect(row.after).toMatchObject({ balance_paise: 29_975, amount_paise: -12_025, device: expect.stringMatching(/^staff web/) })
    // the shopper sees the same khata
    const mine = await t.call({ method: 'GET', url: '/s/api/account/khata', session: s })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ balance: 299.75, credit_limit: 1500.5 })
    // and the Khata screen lists them
    const list = await staffCall(t, admin, 'GET', `/s/api/admin/khata?q=${s.phone}`)
    expect(list.json().data).toEqual([
      expect.objectContaining({ user_id: s.userId, balance: 299.75, last_payment: 120.25, ageing: { d0_30: 299.75, d31_60: 0, d61_90: 0, d90_plus: 0 } }),
    ])
  })

  it('refuses a payment larger than the balance (no advance kept) and anything that would go below zero, 422 on the field', async () => {
    const s = await newShopper(t)
    expect((await pay(s.userId, { amount: 10, method: 'cash' })).statusCode).toBe(422)
    await khata(s.userId, 'PUT', { credit_limit: 500 })
    await adjust(s.userId, { change: 100, reason: 'Opening balance' })
    const over = await pay(s.userId, { amount: 100.01, method: 'cash' })
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.amount).toMatch(/more than the balance owed.*₹100/)
    expect((await adjust(s.userId, { change: -150, reason: 'Wrong entry' })).statusCode).toBe(422)
    expect((await pay(s.userId, { amount: -5, method: 'cash' })).json().errors).toHaveProperty('amount')
    expect((await pay(s.userId, { amount: 5, method: 'cheque' })).json().errors).toHaveProperty('method')
    expect((await khata(s.userId, 'PUT', { credit_limit: -1 })).json().errors).toHaveProperty('credit_limit')
    expect((await pay(s.userId, { amount: 100, method: 'card' })).statusCode).toBe(201)
    expect(await sumOfLedger(s.userId)).toEqual({ balance: 0, ledger: 0 })
  })

  it('reminds a customer of what they owe by SMS through the outbox, at most once a day; not when nothing is owed', async () => {
    const s = await newShopper(t)
    const remind = () => staffCall(t, admin, 'POST', `/s/api/admin/customers/${s.userId}/khata/reminders`, {})
    expect((await remind()).statusCode).toBe(422)
    await khata(s.userId, 'PUT', { credit_limit: 500 })
    await adjust(s.userId, { change: 250, reason: 'Opening balance' })
    const sent = await remind()
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({ queued: true, channel: 'sms', to: s.phone, text: expect.stringContaining('₹250') })
    const again = await remind()
    expect(again.statusCode).toBe(429)
    expect(again.json().message).toMatch(/already reminded today/)
    const queued = rowsOf<{ n: number }>(
      await t.app.deps.db.execute(sql`select count(*)::int as n from outbox where kind = 'khata_reminder' and payload->>'to' = ${s.phone}`),
    )
    expect(queued[0].n).toBe(1)
  })

  it('never shows another website’s people: 404 for someone known only elsewhere; other staff refused', async () => {
    const elsewhere = await newShopper(t, SHOP2)
    expect((await khata(elsewhere.userId)).statusCode).toBe(404)
    expect((await khata(elsewhere.userId, 'PUT', { credit_limit: 100 })).statusCode).toBe(404)
    const c = await cast(t)
    const s = await newShopper(t)
    for (const [who, code] of [
      [c.visitor, 401],
      [c.shopper, 403],
      [c.agent, 403],
    ] as const)
      expect((await khata(s.userId, 'GET', undefined, who)).statusCode).toBe(code)
    expect((await khata(s.userId, 'GET', undefined, c.adminShop2, SHOP2)).statusCode).toBe(404)
  })

  it('sorts the Khata list by balance, by oldest due and by name, either way', async () => {
    const tag = `Sortz${Date.now().toString(36)}`
    const people = [
      { name: `${tag} Chandra`, owes: 300, daysAgo: 10 },
      { name: `${tag} Asha`, owes: 100, daysAgo: 70 },
      { name: `${tag} Bala`, owes: 200, daysAgo: 40 },
    ]
    const ids: Record<string, number> = {}
    for (const p of people) {
      const s = await newShopper(t)
      ids[p.name] = s.userId
      await t.app.deps.db.execute(sql`update customer_profiles set name = ${p.name} where user_id = ${s.userId} and website_id = ${admin.websiteId}`)
      expect((await khata(s.userId, 'PUT', { credit_limit: 1000 })).statusCode).toBe(200)
      expect((await adjust(s.userId, { change: p.owes, reason: 'Opening balance' })).statusCode).toBe(201)
      await t.app.deps.db.execute(
        sql`update khata_entries set created_at = now() - make_interval(days => ${p.daysAgo}) where khata_id = (select id from khata_accounts where user_id = ${s.userId} and website_id = ${admin.websiteId})`,
      )
    }
    const names = async (sort: string) => {
      const res = await staffCall(t, admin, 'GET', `/s/api/admin/khata?q=${encodeURIComponent(tag)}&sort=${encodeURIComponent(sort)}`)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().data as { name: string }[]).map((r) => r.name.replace(`${tag} `, ''))
    }
    expect(await names('-balance')).toEqual(['Chandra', 'Bala', 'Asha'])
    expect(await names('balance')).toEqual(['Asha', 'Bala', 'Chandra'])
    expect(await names('name')).toEqual(['Asha', 'Bala', 'Chandra'])
    expect(await names('-name')).toEqual(['Chandra', 'Bala', 'Asha'])
    // by the age of the oldest due (days): -oldest puts the one owing for 70 days first, then 40, then 10
    expect(await names('-oldest')).toEqual(['Asha', 'Bala', 'Chandra'])
    expect(await names('oldest')).toEqual(['Chandra', 'Bala', 'Asha'])
    // the default is the largest balance first
    const res = await staffCall(t, admin, 'GET', `/s/api/admin/khata?q=${encodeURIComponent(tag)}`)
    expect((res.json().data as { user_id: number }[]).map((r) => r.user_id)).toEqual([ids[`${tag} Chandra`], ids[`${tag} Bala`], ids[`${tag} Asha`]])
  })
})
