import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../../test/app'
import { type CheckoutKit, startCheckoutApp } from '../checkout/test-kit'

/**
 * Issue 30: PDFs are drawn in worker threads, and a full queue answers 503 with Retry-After at once. One thread and a
 * queue of one: of 12 downloads asked at once, the few that fit are drawn, the rest are told to come back; none hangs.
 */
describe.each(drivers)('PDFs in worker threads (%s)', (driver) => {
  let k: CheckoutKit
  beforeAll(async () => {
    k = await startCheckoutApp(driver, { WORKER_THREADS: 1, WORKER_QUEUE: 1 })
  })
  afterAll(() => k?.t.close())

  it('draws an invoice in a worker; more downloads at once than thread and queue hold are answered 503 with Retry-After, and the next one works', async () => {
    const [a] = k.sellable()
    const s = await k.shopperWithCart([a], 1)
    const { order } = await k.place(s, 'cod')
    const url = `/s/api/orders/${order.order_id}/invoice.pdf`
    const first = await k.t.call({ method: 'GET', url, session: s })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const answers = await Promise.all(Array.from({ length: 12 }, () => k.t.call({ method: 'GET', url, session: s })))
    const drawn = answers.filter((r) => r.statusCode === 200)
    const busy = answers.filter((r) => r.statusCode === 503)
    expect(drawn.length + busy.length).toBe(12)
    expect(drawn.length).toBeGreaterThanOrEqual(1)
    expect(busy.length).toBeGreaterThanOrEqual(8)
    for (const r of drawn) expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    for (const r of busy) {
      expect(r.headers['retry-after']).toMatch(/^\d+$/)
      expect(r.json().message).toMatch(/busy/i)
    }
    expect(k.t.app.workers.stats().queued).toBe(0)
    expect((await k.t.call({ method: 'GET', url, session: s })).statusCode).toBe(200)
  })
})
