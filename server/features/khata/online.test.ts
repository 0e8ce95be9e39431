import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { type Driver, drivers, SHOP2 } from '../../test/app'
import { newShopper, signIn } from '../../test/shopper'
import { auditOf, staffCall } from '../../test/staff'
import { type CheckoutKit, pick, until, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/** A shopper owing `owed` rupees on a khata (limit ₹5,000), and the calls of this file. */
function kit(k: () => CheckoutKit) {
  const admin = () => signIn(k().t, '9876500001')
  const staff = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, origin?: string) =>
    staffCall(k().t, await admin(), method, `/s/api/admin${url}`, body, origin)
  const rows = async <T>(q: Sql) => rowsOf<T>(await k().t.app.deps.db.execute(q))
  async function owing(owed: number) {
    const s = await newShopper(k().t)
    expect((await staff('PUT', `/customers/${s.userId}/khata`, { credit_limit: 5000 })).statusCode).toBe(200)
    expect((await staff('POST', `/customers/${s.userId}/khata/adjustments`, { change: owed, reason: 'Opening balance' })).statusCode).toBe(201)
    return s
  }
  /** balance, Σ ledger and the payments on the ledger, in SQL */
  const books = async (userId: number) =>
    (
      await rows<{ balance: number; ledger: number; payments: number }>(sql`
        select k.balance_paise as balance, coalesce(sum(e.amount_paise), 0)::int as ledger, count(*) filter (where e.kind = 'payment')::int as payments
        from khata_accounts k left join khata_entries e on e.khata_id = k.id
        where k.user_id = ${userId} group by k.id`)
    )[0]
  return { admin, staff, rows, owing, books }
}

describe.each(drivers)('paying the khata online (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const c = kit(h.k)
  const call = (s: Parameters<CheckoutKit['call']>[0], method: 'GET' | 'POST', url: string, body?: object) => h.k().call(s, method, url, body)

  it('at /account through Razorpay: never more than the balance; posted once by the return and the webhook together', async () => {
    const s = await c.owing(800)
    const over = await call(s, 'POST', '/account/khata/payments', { amount: 800.01, provider: 'razorpay' })
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.amount).toMatch(/more than the balance owed: the khata keeps no advance/)
    const started = await call(s, 'POST', '/account/khata/payments', { amount: 300, provider: 'razorpay' })
    expect(started.statusCode, started.body).toBe(201)
    const pay = started.json()
    expect(pay).toMatchObject({ provider: 'razorpay', amount: 30_000, currency: 'INR', key_id: expect.any(String), provider_order_id: expect.any(String) })
    // not paid yet
    expect((await call(s, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, {})).json()).toMatchObject({ status: 'pending' })
    const paid = await h.k().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    const confirmed = await call(s, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, pick(paid))
    expect(confirmed.json()).toMatchObject({ status: 'paid', amount: 300, posted: 300 })
    await h.k().webhooksAnswered(pay.provider_order_id)
    expect(await c.books(s.userId)).toEqual({ balance: 50_000, ledger: 50_000, payments: 1 })
    const mine = (await call(s, 'GET', '/account/khata')).json()
    expect(mine.entries.at(-1)).toMatchObject({ kind: 'payment', amount: 300, method: 'online', reference: paid.razorpay_payment_id })
    // another shopper cannot confirm it
    const other = await c.owing(10)
    expect((await call(other, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, {})).statusCode).toBe(404)
  })

  it('through Cashfree, paid by the webhook alone (the tab closed); confirm then says paid', async () => {
    const s = await c.owing(250.5)
    const pay = (await call(s, 'POST', '/account/khata/payments', { amount: 250.5, provider: 'cashfree' })).json()
    expect(pay).toMatchObject({ provider: 'cashfree', payment_session_id: expect.any(String) })
    await h.k().sim('/pay', { provider: 'cashfree', order_id: pay.provider_order_id, outcome: 'success' })
    await until(async () => (await c.books(s.userId)).balance === 0)
    expect(await c.books(s.userId)).toEqual({ balance: 0, ledger: 0, payments: 1 })
    expect((await call(s, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, {})).json()).toMatchObject({ status: 'paid', posted: 250.5 })
  })

  it('the balance fell meanwhile (paid at the shop): only what is owed goes on the ledger, never below zero', async () => {
    const s = await c.owing(100)
    const pay = (await call(s, 'POST', '/account/khata/payments', { amount: 100, provider: 'razorpay' })).json()
    expect((await c.staff('POST', `/customers/${s.userId}/khata/payments`, { amount: 60, method: 'cash' })).statusCode).toBe(201)
    const paid = await h.k().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    expect((await call(s, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, pick(paid))).json()).toMatchObject({
      status: 'paid',
      amount: 100,
      posted: 40,
    })
    expect(await c.books(s.userId)).toEqual({ balance: 0, ledger: 0, payments: 2 })
    const [row] = await c.rows<{ paid_paise: number; posted_paise: number }>(
      sql`select paid_paise, posted_paise from khata_online_payments where id = ${pay.payment_id}`,
    )
    expect(row).toEqual({ paid_paise: 10_000, posted_paise: 4_000 })
  })

  it('a share link opens the statement without signing in, pays by UPI QR (even with the webhook lost), on its own website only', async () => {
    const s = await c.owing(500)
    const made = await c.staff('POST', `/customers/${s.userId}/khata/share-links`, {})
    expect(made.statusCode, made.body).toBe(201)
    const { url } = made.json() as { url: string }
    const token = url.split('/khata/')[1]
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await auditOf(h.k().t, made))[0]).toMatchObject({ action: 'khata.share', entity: 'khata' })
    // only its hash is stored
    expect(await c.rows(sql`select 1 from khata_share_links where token_hash = ${token}`)).toEqual([])
    // a visitor who never signed in (a session of their own, as any browser has)
    const v = await h.k().t.visitor()
    const shared = await call(v, 'GET', `/khata/shared/${token}`)
    expect(shared.statusCode, shared.body).toBe(200)
    expect(shared.json()).toMatchObject({ balance: 500, can_pay: true, entries: [{ kind: 'adjustment', amount: 500 }] })
    expect(shared.json().entries[0].by).toBeUndefined()
    // another website, another token, an expired one: 404
    expect((await h.k().call(v, 'GET', `/khata/shared/${token}`, undefined, SHOP2)).statusCode).toBe(404)
    expect((await call(v, 'GET', `/khata/shared/${'A'.repeat(43)}`)).statusCode).toBe(404)
    expect((await call(v, 'POST', `/khata/shared/${token}/upi-qr`, { amount: 500.5 })).statusCode).toBe(422)

    const qr = (await call(v, 'POST', `/khata/shared/${token}/upi-qr`, { amount: 200 })).json()
    expect(qr).toMatchObject({ qr_id: expect.stringMatching(/^qr_/), amount: 200, status: 'pending', balance: 500 })
    // both of Razorpay's webhooks lost: the page's poll asks Razorpay once the QR is a few seconds old
    await h.k().sim('/webhooks/options', { dropFirst: 2, maxAttempts: 1 })
    await h.k().sim('/pay', { provider: 'razorpay', order_id: qr.qr_id, outcome: 'success' })
    await until(async () => {
      const log = (await h.k().t.app.inject({ method: 'GET', url: '/__sim/log' })).json() as { webhooks: { error: string | null }[] }
      return log.webhooks.filter((w) => w.error === 'dropped (dropFirst)').length >= 2
    })
    await h.k().sim('/webhooks/options', { dropFirst: 0, maxAttempts: 6 })
    expect((await call(v, 'GET', `/khata/shared/${token}/upi-qr/${qr.qr_id}`)).json().status).toBe('pending')
    await c.rows(sql`update khata_online_payments set created_at = now() - interval '1 minute' where provider_qr_id = ${qr.qr_id}`)
    await until(async () => (await call(v, 'GET', `/khata/shared/${token}/upi-qr/${qr.qr_id}`)).json().status === 'paid')
    expect(await c.books(s.userId)).toEqual({ balance: 30_000, ledger: 30_000, payments: 1 })
    expect((await call(v, 'GET', `/khata/shared/${token}`)).json().entries.at(-1)).toMatchObject({ kind: 'payment', amount: 200, method: 'upi' })
    // another customer's QR is not reachable through this token
    const other = await c.owing(50)
    const otherToken = (await c.staff('POST', `/customers/${other.userId}/khata/share-links`, {})).json().url.split('/khata/')[1]
    const otherQr = (await call(v, 'POST', `/khata/shared/${otherToken}/upi-qr`, {})).json()
    expect(otherQr.amount).toBe(50)
    expect((await call(v, 'GET', `/khata/shared/${token}/upi-qr/${otherQr.qr_id}`)).statusCode).toBe(404)
    await c.rows(
      sql`update khata_share_links set expires_at = now() - interval '1 second' where khata_id = (select id from khata_accounts where user_id = ${s.userId})`,
    )
    expect((await call(v, 'GET', `/khata/shared/${token}`)).statusCode).toBe(404)
  })

  it('the statement as a PDF for staff and for the shopper', async () => {
    const s = await c.owing(1234.5)
    const staffPdf = await c.staff('GET', `/customers/${s.userId}/khata/statement.pdf`)
    expect(staffPdf.statusCode).toBe(200)
    expect(staffPdf.headers['content-type']).toBe('application/pdf')
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const { PDFDocument } = await import('pdf-lib')
    const doc = await PDFDocument.load(staffPdf.rawPayload)
    expect(doc.getSubject()).toMatch(/balance ₹1,234.50/)
    const mine = await call(s, 'GET', '/account/khata/statement.pdf')
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('application/pdf')
    expect((await call(await newShopper(h.k().t), 'GET', '/account/khata/statement.pdf')).statusCode).toBe(404)
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('a khata payment posted under concurrent callers (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const c = kit(h.k)

  it('the webhooks and ten return callbacks at once post one entry; balance = Σ ledger', async () => {
    const s = await c.owing(900)
    const pay = (await h.k().call(s, 'POST', '/account/khata/payments', { amount: 400, provider: 'razorpay' })).json()
    // the webhooks held back (dropped), to be delivered at the same moment as the returns
    await h.k().sim('/webhooks/options', { dropFirst: 10, maxAttempts: 1 })
    const paid = await h.k().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: pay.provider_order_id, outcome: 'success' })
    const events = async () =>
      ((await (await fetch(`${h.k().origin}/__sim/webhooks`)).json()) as { eventId: string; body: string }[]).filter((e) =>
        e.body.includes(pay.provider_order_id),
      )
    await until(async () => (await events()).length >= 2)
    await h.k().sim('/webhooks/options', { dropFirst: 0, maxAttempts: 6 })
    const held = await events()
    const answers = await Promise.all([
      ...held.map((e) => h.k().sim(`/replay/${e.eventId}`, {})),
      ...Array.from({ length: 10 }, () => h.k().call(s, 'POST', `/account/khata/payments/${pay.payment_id}/confirm`, pick(paid))),
    ])
    expect(answers.length).toBe(held.length + 10)
    await h.k().webhooksAnswered(pay.provider_order_id)
    expect(await c.books(s.userId)).toEqual({ balance: 50_000, ledger: 50_000, payments: 1 })
    expect(await c.rows(sql`select count(*)::int as n from khata_entries where reference = ${paid.razorpay_payment_id}`)).toEqual([{ n: 1 }])
  })
})
