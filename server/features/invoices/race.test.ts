import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { type CheckoutKit, startCheckoutApp } from '../checkout/test-kit'
import { issueInvoice } from './service'
import { financialYear } from './tax'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('invoice numbers under concurrency (postgres)', () => {
  let k: CheckoutKit
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const db = () => k.t.app.deps.db
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(q))

  /** `n` copies of a placed order (with its lines), not yet invoiced */
  async function copies(n: number, tag: string): Promise<number[]> {
    const s = await k.shopperWithCart([k.sellable()[0], k.sellable()[1]], 1)
    const { order } = await k.place(s, 'razorpay')
    const made = await rows<{ id: number }>(sql`
      insert into orders (website_id, user_id, order_number, status, payment_status, payment_method, channel, items_paise, discount_paise,
        delivery_paise, total_paise, address, idempotency_key)
      select website_id, user_id, ${tag} || '-' || g, 'placed', 'pending', payment_method, channel, items_paise, discount_paise,
        delivery_paise, total_paise, address, ${tag} || '-key-' || g
      from orders, generate_series(1, ${n}) g where id = ${order.order_id}
      returning id`)
    await db().execute(sql`
      insert into order_items (order_id, pack_id, warehouse_id, product_id, slug, image, product_name, pack_name, quantity, price_paise, mrp_paise)
      select o.id, i.pack_id, i.warehouse_id, i.product_id, i.slug, i.image, i.product_name, i.pack_name, i.quantity, i.price_paise, i.mrp_paise
      from order_items i, orders o where i.order_id = ${order.order_id} and o.order_number like ${`${tag}-%`}`)
    return made.map((r) => r.id)
  }

  const series = (websiteId: number, fy: string) =>
    rows<{ n: number; distinct_seq: number; lo: number; hi: number; distinct_number: number; orders: number }>(sql`
      select count(*)::int as n, count(distinct seq)::int as distinct_seq, min(seq)::int as lo, max(seq)::int as hi,
        count(distinct number)::int as distinct_number, count(distinct order_id)::int as orders
      from tax_documents where website_id = ${websiteId} and kind = 'invoice' and financial_year = ${fy}`)

  it('200 invoices issued at once get 200 consecutive numbers: no gap, no duplicate; a rolled-back issue gives its number back', {
    timeout: 180_000,
  }, async () => {
    const ids = await copies(201, 'RACE')
    const [{ website_id: websiteId }] = await rows<{ website_id: number }>(sql`select website_id from orders where id = ${ids[0]}`)
    const fy = financialYear(new Date())
    const [before] = await series(websiteId, fy)

    // one issue that fails after taking its number: rolled back, the number is not lost
    await expect(
      db().transaction(async (tx) => {
        await issueInvoice(tx, ids[200])
        throw new Error('payment rolled back')
      }),
    ).rejects.toThrow('payment rolled back')

    const issued = await Promise.all(ids.slice(0, 200).map((id) => db().transaction((tx) => issueInvoice(tx, id))))
    expect(issued.every((d) => d !== null)).toBe(true)
    const [after] = await series(websiteId, fy)
    expect(after.n - before.n).toBe(200)
    expect(after).toMatchObject({ distinct_seq: after.n, distinct_number: after.n, orders: after.n, lo: 1, hi: after.n })
    // the rolled-back one is not in the table and its number went to one of the 200
    expect(await rows(sql`select 1 from tax_documents where order_id = ${ids[200]}`)).toEqual([])
    // issuing again answers the same invoice
    const again = await db().transaction((tx) => issueInvoice(tx, ids[0]))
    expect(again?.id).toBe(issued[0]?.id)
  })

  it('a new financial year starts a new series at 1', { timeout: 60_000 }, async () => {
    const ids = await copies(3, 'FY')
    const april = new Date('2031-03-31T18:30:00Z') // 1 April 2031, 00:00 in India
    const march = new Date('2031-03-31T18:29:00Z') // still 31 March in India
    const a = await db().transaction((tx) => issueInvoice(tx, ids[0], march))
    const b = await db().transaction((tx) => issueInvoice(tx, ids[1], april))
    const c = await db().transaction((tx) => issueInvoice(tx, ids[2], april))
    expect(a?.financialYear).toBe('2030-31')
    expect([b?.financialYear, b?.seq, b?.number]).toEqual(['2031-32', 1, 'KF/3132/00001'])
    expect([c?.seq, c?.number]).toEqual([2, 'KF/3132/00002'])
  })
})
