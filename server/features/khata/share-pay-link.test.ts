import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers } from '../../test/app'
import { newShopper, signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { type CheckoutKit, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/** A shopper owing `owed` rupees on a khata, its statement's share token, and the calls of this file. */
function kit(k: () => CheckoutKit) {
  let admin: ReturnType<typeof signIn> | undefined
  const staff = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    staffCall(k().t, await (admin ??= signIn(k().t, '9876500001')), method, `/s/api/admin${url}`, body)
  const rows = async <T>(q: Sql) => rowsOf<T>(await k().t.app.deps.db.execute(q))
  async function owing(owed: number) {
    const s = await newShopper(k().t)
    expect((await staff('PUT', `/customers/${s.userId}/khata`, { credit_limit: 5000 })).statusCode).toBe(200)
    expect((await staff('POST', `/customers/${s.userId}/khata/adjustments`, { change: owed, reason: 'Opening balance' })).statusCode).toBe(201)
    const made = await staff('POST', `/customers/${s.userId}/khata/share-links`, {})
    expect(made.statusCode, made.body).toBe(201)
    return { ...s, token: (made.json() as { url: string }).url.split('/khata/')[1] }
  }
  /** balance, Σ ledger, the payments on the ledger and any entry below zero, in SQL */
  const books = async (userId: number) =>
    (
      await rows<{ balance: number; ledger: number; payments: number; below_zero: number }>(sql`
        select k.balance_paise as balance, coalesce(sum(e.amount_paise), 0)::int as ledger,
          count(*) filter (where e.kind = 'payment')::int as payments, count(*) filter (where e.balance_after_paise < 0)::int as below_zero
        from khata_accounts k left join khata_entries e on e.khata_id = k.id
        where k.user_id = ${userId} group by k.id`)
    )[0]
  const linkIdOf = async (paymentId: number) =>
    (await rows<{ id: string }>(sql`select provider_order_id as id from khata_online_payments where id = ${paymentId}`))[0].id
  return { staff, rows, owing, books, linkIdOf }
}

/** "Pay ₹X" on a shared statement by the provider's hosted payment link (issue 28; docs/decisions/0047-khata.md). */
describe.each(drivers)('a shared statement paid by payment link (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const c = kit(h.k)
  const call = async (method: 'GET' | 'POST', url: string, body?: object) => h.k().call(await h.k().t.visitor(), method, url, body)

  it('Razorpay: a hosted link of the part asked (never more than owed), posted once by its webhooks; the page sees it paid', async () => {
    const s = await c.owing(500)
    expect((await call('GET', `/khata/shared/${s.token}`)).json()).toMatchObject({ can_pay: true, can_pay_link: true })
    const over = await call('POST', `/khata/shared/${s.token}/payment-links`, { amount: 500.5 })
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.amount).toMatch(/balance/)
    const made = await call('POST', `/khata/shared/${s.token}/payment-links`, { amount: 200 })
    expect(made.statusCode, made.body).toBe(201)
    const link = made.json()
    expect(link).toMatchObject({
      provider: 'razorpay',
      amount: 200,
      status: 'pending',
      balance: 500,
      url: expect.stringContaining('/sim/razorpay/link/plink_'),
    })
    const linkId = await c.linkIdOf(link.payment_id)
    // the hosted page takes the customer back to the statement
    const page = await fetch(link.url)
    expect(page.status).toBe(200)
    const paid = await h.k().sim<{ status: string }>('/pay', { provider: 'razorpay', order_id: linkId, outcome: 'success' })
    expect(paid.status).toBe('paid')
    await h.k().webhooksAnswered(linkId)
    await until(async () => (await call('GET', `/khata/shared/${s.token}/payment-links/${link.payment_id}`)).json().status === 'paid')
    const after = (await call('GET', `/khata/shared/${s.token}/payment-links/${link.payment_id}`)).json()
    expect(after).toMatchObject({ status: 'paid', amount: 200, balance: 300 })
    expect(after.url).toBeUndefined()
    expect(await c.books(s.userId)).toEqual({ balance: 30_000, ledger: 30_000, payments: 1, below_zero: 0 })
    const entry = (await call('GET', `/khata/shared/${s.token}`)).json().entries.at(-1)
    expect(entry).toMatchObject({ kind: 'payment', amount: 200, method: 'online' })
    // another khata's link cannot see this payment; a made-up one is 404
    const other = await c.owing(50)
    expect((await call('GET', `/khata/shared/${other.token}/payment-links/${link.payment_id}`)).statusCode).toBe(404)
    expect((await call('POST', `/khata/shared/${'B'.repeat(43)}/payment-links`, {})).statusCode).toBe(404)
  })

  it('Cashfree: the whole balance by its payment link, posted once; nothing owed then, no link', async () => {
    const s = await c.owing(120.5)
    const made = await call('POST', `/khata/shared/${s.token}/payment-links`, { provider: 'cashfree' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ provider: 'cashfree', amount: 120.5, status: 'pending' })
    const linkId = await c.linkIdOf(made.json().payment_id)
    await h.k().sim('/pay', { provider: 'cashfree', order_id: linkId, outcome: 'success' })
    await until(async () => (await call('GET', `/khata/shared/${s.token}/payment-links/${made.json().payment_id}`)).json().status === 'paid')
    expect(await c.books(s.userId)).toEqual({ balance: 0, ledger: 0, payments: 1, below_zero: 0 })
    const none = await call('POST', `/khata/shared/${s.token}/payment-links`, {})
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.amount).toBe('Nothing is owed')
  })

  it.each(['razorpay', 'cashfree'] as const)(
    '%s: paid with its webhooks lost, the statement asks the provider once the link is half a minute old and shows it paid; the job settles a closed link',
    async (provider) => {
      const s = await c.owing(300)
      const made = (await call('POST', `/khata/shared/${s.token}/payment-links`, { amount: 100, provider })).json()
      const linkId = await c.linkIdOf(made.payment_id)
      await h.k().losingWebhooks(linkId, () => h.k().sim('/pay', { provider, order_id: linkId, outcome: 'success' }))
      const poll = async () => (await call('GET', `/khata/shared/${s.token}/payment-links/${made.payment_id}`)).json()
      // a fresh link is not asked about: still pending
      expect(await poll()).toMatchObject({ status: 'pending', balance: 300 })
      await c.rows(sql`update khata_online_payments set created_at = now() - interval '31 seconds' where id = ${made.payment_id}`)
      expect(await poll()).toMatchObject({ status: 'paid', amount: 100, balance: 200 })
      expect(await c.books(s.userId)).toEqual({ balance: 20_000, ledger: 20_000, payments: 1, below_zero: 0 })

      // nobody polls: the job's sweep once the link has closed posts it, once; an unpaid one is expired a day later
      const second = (await call('POST', `/khata/shared/${s.token}/payment-links`, { amount: 50, provider })).json()
      const unpaid = (await call('POST', `/khata/shared/${s.token}/payment-links`, { amount: 20, provider })).json()
      const secondId = await c.linkIdOf(second.payment_id)
      await h.k().losingWebhooks(secondId, () => h.k().sim('/pay', { provider, order_id: secondId, outcome: 'success' }))
      const closed = new Date(second.expires_at).getTime() + 1000
      await h.k().releaseUnpaid(new Date(closed))
      await h.k().releaseUnpaid(new Date(closed))
      const status = async (id: number) => (await c.rows<{ status: string }>(sql`select status from khata_online_payments where id = ${id}`))[0].status
      expect(await status(second.payment_id)).toBe('paid')
      expect(await c.books(s.userId)).toEqual({ balance: 15_000, ledger: 15_000, payments: 2, below_zero: 0 })
      expect(await status(unpaid.payment_id)).toBe('pending')
      await h.k().releaseUnpaid(new Date(closed + 25 * 3600_000))
      expect(await status(unpaid.payment_id)).toBe('expired')
    },
  )
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('a payment link posted while the shop takes payments (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const c = kit(h.k)

  it('a link whose webhooks were lost: the replayed webhook, the statement page and the job at once, 20 of each: posted once', async () => {
    const s = await c.owing(600)
    const v = await h.k().t.visitor()
    const link = (await h.k().call(v, 'POST', `/khata/shared/${s.token}/payment-links`, { amount: 250, provider: 'cashfree' })).json()
    const linkId = await c.linkIdOf(link.payment_id)
    const paid = await h
      .k()
      .losingWebhooks(linkId, () => h.k().sim<{ cf_payment_id: string }>('/pay', { provider: 'cashfree', order_id: linkId, outcome: 'success' }))
    const held = ((await (await fetch(`${h.k().origin}/__sim/webhooks`)).json()) as { eventId: string; body: string }[]).filter((e) => e.body.includes(linkId))
    await c.rows(sql`update khata_online_payments set created_at = now() - interval '1 minute' where id = ${link.payment_id}`)
    const closed = new Date(new Date(link.expires_at).getTime() + 1000)
    await Promise.all([
      ...held.flatMap((e) => Array.from({ length: 20 }, () => h.k().sim(`/replay/${e.eventId}`, {}))),
      ...Array.from({ length: 20 }, () => h.k().call(v, 'GET', `/khata/shared/${s.token}/payment-links/${link.payment_id}`)),
      ...Array.from({ length: 20 }, () => h.k().releaseUnpaid(closed)),
    ])
    const [row] = await c.rows<{ status: string; posted: number; entries: number }>(sql`
      select o.status, o.posted_paise as posted,
        (select count(*)::int from khata_entries e where e.reference = ${String(paid.cf_payment_id)}) as entries
      from khata_online_payments o where o.id = ${link.payment_id}`)
    expect(row).toEqual({ status: 'paid', posted: 25_000, entries: 1 })
    expect(await c.books(s.userId)).toEqual({ balance: 35_000, ledger: 35_000, payments: 1, below_zero: 0 })
  })

  it('its webhook replayed 20 times, at once with 20 payments at the shop: one entry for the link, never below zero, balance = Σ ledger', async () => {
    const s = await c.owing(900)
    const v = await h.k().t.visitor()
    const link = (await h.k().call(v, 'POST', `/khata/shared/${s.token}/payment-links`, { amount: 400, provider: 'razorpay' })).json()
    const linkId = await c.linkIdOf(link.payment_id)
    // the webhooks held back (dropped), to be delivered at the same moment as the shop's payments; of Razorpay's two,
    // `payment_link.paid` names the link (a link's `payment.captured` has no order and is ignored)
    await h.k().sim('/webhooks/options', { dropFirst: 10, maxAttempts: 1 })
    const paid = await h.k().sim<{ razorpay_payment_id: string }>('/pay', { provider: 'razorpay', order_id: linkId, outcome: 'success' })
    const events = async () =>
      ((await (await fetch(`${h.k().origin}/__sim/webhooks`)).json()) as { eventId: string; body: string }[]).filter((e) => e.body.includes(linkId))
    await until(async () => (await events()).length >= 1)
    await h.k().sim('/webhooks/options', { dropFirst: 0, maxAttempts: 6 })
    const held = await events()
    const answers = await Promise.all([
      ...held.flatMap((e) => Array.from({ length: 20 }, () => h.k().sim(`/replay/${e.eventId}`, {}))),
      ...Array.from({ length: 20 }, () => c.staff('POST', `/customers/${s.userId}/khata/payments`, { amount: 100, method: 'cash' })),
    ])
    const shop = answers.slice(held.length * 20) as { statusCode: number }[]
    expect(shop.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true)
    await h.k().webhooksAnswered(linkId)
    const [row] = await c.rows<{ status: string; posted: number; entries: number }>(sql`
      select o.status, o.posted_paise as posted,
        (select count(*)::int from khata_entries e where e.reference = ${paid.razorpay_payment_id}) as entries
      from khata_online_payments o where o.id = ${link.payment_id}`)
    expect(row.status).toBe('paid')
    expect(row.entries).toBe(row.posted > 0 ? 1 : 0)
    const books = await c.books(s.userId)
    expect(books.below_zero).toBe(0)
    expect(books.balance).toBe(books.ledger)
    expect(books.balance).toBeGreaterThanOrEqual(0)
    // what was owed = what the shop took + what the link posted + what is still owed
    const taken = shop.filter((r) => r.statusCode === 201).length * 10_000
    expect(taken + row.posted + books.balance).toBe(90_000)
  })
})
