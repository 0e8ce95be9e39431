import { like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymentEvents } from '../../db/schema/orders'
import { type Driver, drivers } from '../../test/app'
import { pick, until, useCheckoutApp } from './test-kit'

describe.each(drivers)('starting a payment: one provider order per attempt, every payment matched (%s)', (driver: Driver) => {
  const { k: kit, db, orderRow, paymentRows } = useCheckoutApp(driver)
  /** what the app made of the webhooks about one provider order */
  const outcomesFor = async (providerOrderId: string) =>
    (
      await db()
        .select()
        .from(paymentEvents)
        .where(like(paymentEvents.rawBody, `%${providerOrderId}%`))
    ).map((e) => `${e.type}: ${e.outcome}`)

  it.each(['razorpay', 'cashfree'] as const)(
    '12 pay-starts at once (%s): every answer, the attempt row and the provider hold one provider order; paying it confirms the order',
    async (provider) => {
      const s = await kit().shopperWithCart([kit().sellable()[0]])
      const { order } = await kit().place(s, provider)
      const answers = await Promise.all(Array.from({ length: 12 }, () => kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)))
      expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
      const ids = new Set(answers.map((r) => r.json().provider_order_id as string))
      expect([...ids]).toHaveLength(1)
      const [id] = ids
      expect((await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json().provider_order_id).toBe(id)
      expect((await paymentRows(order.order_id)).map((p) => [p.attempt, p.providerOrderId])).toEqual([[1, id]])
      if (provider === 'razorpay') {
        const { receipt } = await kit().razorpay<{ receipt: string }>('GET', `/orders/${id}`)
        const atProvider = await kit().razorpay<{ items: { id: string }[] }>('GET', `/orders?receipt=${receipt}&count=100`)
        expect(atProvider.items.map((o) => o.id)).toEqual([id])
      }
      const paid = await kit().sim<Record<string, string>>('/pay', { provider, order_id: id, outcome: 'success' })
      const confirmed = await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, provider === 'razorpay' ? pick(paid) : {})
      expect(confirmed.json()).toMatchObject({ status: 'paid' })
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    },
  )

  /** an order with its attempt's provider order handed out, and a second provider order for the same attempt made behind the app's back */
  async function withStrayOrder() {
    const s = await kit().shopperWithCart([kit().sellable()[0]])
    const { order } = await kit().place(s, 'razorpay')
    const handed = (await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json().provider_order_id as string
    const first = await kit().razorpay<{ receipt: string; amount: number; notes: Record<string, string> }>('GET', `/orders/${handed}`)
    const stray = await kit().razorpay<{ id: string }>('POST', '/orders', { amount: first.amount, currency: 'INR', receipt: first.receipt, notes: first.notes })
    expect(stray.id).toMatch(/^order_/)
    expect(stray.id).not.toBe(handed)
    return { s, order, stray: stray.id }
  }

  it('a payment on a provider order that lost a race (made at the provider, never stored) is matched by its webhooks', async () => {
    const { order, stray } = await withStrayOrder()
    await kit().sim('/pay', { provider: 'razorpay', order_id: stray, outcome: 'success' })
    await until(async () => (await orderRow(order.order_id)).paymentStatus === 'paid')
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    await until(async () => (await outcomesFor(stray)).length >= 3)
    const outcomes = await outcomesFor(stray)
    expect(outcomes).not.toContainEqual(expect.stringContaining('unknown order'))
    expect(outcomes).toContain('payment.captured: paid')
  })

  it('the same payment confirmed from the browser before any webhook arrives is matched too', async () => {
    const { s, order, stray } = await withStrayOrder()
    await kit().sim('/webhooks/options', { delayMs: 1500 })
    const triple = await kit().sim<Record<string, string>>('/pay', { provider: 'razorpay', order_id: stray, outcome: 'success' })
    await kit().sim('/webhooks/options', { delayMs: 0 })
    const confirmed = await kit().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(triple))
    expect(confirmed.json()).toMatchObject({ status: 'paid' })
    expect((await paymentRows(order.order_id)).filter((p) => p.status === 'paid').map((p) => p.providerPaymentId)).toEqual([triple.razorpay_payment_id])
    await until(async () => (await outcomesFor(stray)).length >= 3, 8000)
    expect(await outcomesFor(stray)).not.toContainEqual(expect.stringContaining('unknown order'))
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so nothing else can hold the row.
describe.skipIf(!drivers.includes('postgres'))('starting a payment while the order row stays locked (postgres)', () => {
  const { k: kit, db } = useCheckoutApp('postgres')

  it('a caller that cannot get the order within 5 s is told to try again (409), not left hanging or given a 500', { timeout: 20_000 }, async () => {
    const s = await kit().shopperWithCart([kit().sellable()[0]])
    const { order } = await kit().place(s, 'razorpay')
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    let locked = () => {}
    const isLocked = new Promise<void>((r) => (locked = r))
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${order.order_id} for update`)
      locked()
      await held
    })
    await isLocked
    const busy = await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)
    release()
    await holder
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toMatch(/try again/)
    expect((await kit().call(s, 'GET', `/checkout/pay/${order.order_id}`)).statusCode).toBe(200)
  })
})
