import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { taxSettings } from '../../db/schema/invoices'
import { type Driver, drivers } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { auditOf, staffCall } from '../../test/staff'
import { type CheckoutKit, startCheckoutApp, useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

/** Orders confirmed while the website had no GST registration get their invoices later (issue 17). */
function kit(k: () => CheckoutKit) {
  const db = () => k().t.app.deps.db
  const rows = async <T>(q: Sql) => rowsOf<T>(await db().execute(q))
  const admin = () => signIn(k().t, '9876500001')
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => staffCall(k().t, await admin(), method, url, body)
  /** the registration taken away (documents already issued stay); answers the row to put back */
  async function unregister() {
    const site = await websiteOf(k().t)
    const [row] = await db().select().from(taxSettings).where(eq(taxSettings.websiteId, site.id))
    await db().delete(taxSettings).where(eq(taxSettings.websiteId, site.id))
    return row
  }
  async function codOrder() {
    const s = await k().shopperWithCart([k().sellable()[0]], 1)
    return (await k().place(s, 'cod')).order.order_id as number
  }
  async function counterSale() {
    const current = (await call('GET', '/s/api/pos/shifts/current')).json()
    if (!current.shift) expect((await call('POST', '/s/api/pos/shifts', { opening_cash: 100 })).statusCode).toBe(201)
    const pack = k().sellable()[0]
    await k().setStock(pack.pack_id, current.register.warehouse_id, 100)
    const sold = await call('POST', '/s/api/pos/sales', {
      client_id: randomUUID(),
      lines: [{ pack_id: pack.pack_id, quantity: 1 }],
      payments: [{ method: 'cash', amount: pack.price }],
    })
    expect(sold.statusCode, sold.body).toBe(201)
    return (await rows<{ id: number }>(sql`select id from orders where order_number = ${sold.json().order_number}`))[0].id
  }
  const invoicesOf = (ids: number[]) =>
    rows<{ order_id: number; seq: number; number: string }>(
      sql`select order_id, seq, number from tax_documents where kind = 'invoice' and order_id = any(${`{${ids.join(',')}}`}::int[]) order by seq`,
    )
  return { db, rows, call, unregister, codOrder, counterSale, invoicesOf }
}

describe.each(drivers)('invoices of orders confirmed before the GST registration (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const c = kit(h.k)

  it('the staff action issues them oldest order first, numbered on from the series, once; 409 while not registered', async () => {
    const saved = await c.unregister()
    const a = await c.codOrder()
    const b = await c.counterSale()
    // a placed-but-unpaid order and a cancelled one get none
    const unpaid = (await h.k().place(await h.k().shopperWithCart([h.k().sellable()[0]], 1), 'razorpay')).order.order_id as number
    const cancelled = await c.codOrder()
    expect((await c.call('POST', `/s/api/admin/orders/${cancelled}/status`, { status: 'cancelled', note: 'Shopper asked' })).statusCode).toBe(200)
    expect(await c.invoicesOf([a, b, unpaid, cancelled])).toEqual([])
    expect((await c.call('POST', '/s/api/admin/tax-settings/issue-missing')).statusCode).toBe(409)
    const before = (await c.call('GET', '/s/api/admin/tax-settings')).json()
    expect(before).toMatchObject({ configured: false })
    expect(before.missing_invoices).toBeGreaterThanOrEqual(2)
    // the accountant's list names them (not the unpaid or the cancelled order)
    const listed = (await c.call('GET', '/s/api/admin/gst/orders-without-invoice')).json()
    expect(listed.total).toBe(before.missing_invoices)
    const ids = listed.data.map((o: { order_id: number }) => o.order_id)
    expect(ids).toEqual(expect.arrayContaining([a, b]))
    expect(ids).not.toContain(unpaid)
    expect(ids).not.toContain(cancelled)

    // the registration comes back by another way than a first save (as a restore would): staff issue what is missing
    await c.db().insert(taxSettings).values(saved)
    const [last] = await c.rows<{ last: number | null }>(
      sql`select max(seq) as last from tax_documents where kind = 'invoice' and website_id = ${saved.websiteId}`,
    )
    const res = await c.call('POST', '/s/api/admin/tax-settings/issue-missing')
    expect(res.statusCode, res.body).toBe(200)
    const done = res.json()
    expect(done.remaining).toBe(0)
    expect(done.issued).toBe(before.missing_invoices)
    const mine = await c.invoicesOf([a, b, unpaid, cancelled])
    expect(mine.map((d) => d.order_id)).toEqual([a, b])
    // consecutive, after the series' last number, in the orders' order
    const all = await c.rows<{ seq: number; order_id: number }>(
      sql`select seq, order_id from tax_documents where kind = 'invoice' and website_id = ${saved.websiteId} and seq > ${Number(last.last ?? 0)} order by seq`,
    )
    expect(all.map((d) => d.seq)).toEqual(all.map((_, i) => Number(last.last ?? 0) + 1 + i))
    expect(all.map((d) => d.order_id)).toEqual([...all.map((d) => d.order_id)].sort((x, y) => x - y))
    expect(done.first).toBe(`${saved.invoicePrefix}/${all[0] && mine[0].number.split('/')[1]}/${String(all[0].seq).padStart(5, '0')}`)
    const [audit] = await auditOf(h.k().t, res)
    expect(audit).toMatchObject({ action: 'tax_invoices.issue_missing', after: { issued: done.issued } })
    // again: nothing left, nothing issued twice
    const again = (await c.call('POST', '/s/api/admin/tax-settings/issue-missing')).json()
    expect(again).toEqual({ issued: 0, first: null, last: null, remaining: 0 })
    expect((await c.call('GET', '/s/api/admin/tax-settings')).json().missing_invoices).toBe(0)
    expect((await c.call('GET', '/s/api/admin/gst/orders-without-invoice')).json()).toEqual({ data: [], total: 0 })
  })

  it('the first save of the registration issues them in the same call', async () => {
    const saved = await c.unregister()
    const a = await c.counterSale()
    const b = await c.codOrder()
    const got = (await c.call('GET', '/s/api/admin/tax-settings')).json()
    expect(got).toMatchObject({ configured: false, version: 1 })
    const res = await c.call('PUT', '/s/api/admin/tax-settings', {
      version: 1,
      legal_name: saved.legalName,
      trade_name: saved.tradeName,
      gstin: saved.gstin,
      state: saved.state,
      address: saved.address,
      invoice_prefix: saved.invoicePrefix,
      credit_note_prefix: saved.creditNotePrefix,
      delivery_sac: saved.deliverySac,
      delivery_gst_rate: saved.deliveryGstRate,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ configured: true, missing_invoices: 0 })
    const docs = await c.invoicesOf([a, b])
    expect(docs.map((d) => d.order_id)).toEqual([a, b])
    expect(docs[1].seq).toBe(docs[0].seq + 1)
    expect((await auditOf(h.k().t, res)).map((r) => r.action)).toEqual(['tax_settings.update', 'tax_invoices.issue_missing'])
  })
})

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('issuing the missing invoices from several tabs at once (postgres)', () => {
  let k: CheckoutKit
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())
  const c = kit(() => k)

  it('each order gets one invoice, the numbers stay consecutive, while web orders are confirmed meanwhile', { timeout: 120_000 }, async () => {
    const saved = await c.unregister()
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await c.codOrder())
    await c.db().insert(taxSettings).values(saved)
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => c.call('POST', '/s/api/admin/tax-settings/issue-missing')),
      ...Array.from({ length: 4 }, () => c.codOrder()),
    ])
    const calls = answers.slice(0, 6) as Awaited<ReturnType<typeof c.call>>[]
    expect(calls.map((r) => r.statusCode)).toEqual(Array(6).fill(200))
    expect(calls.reduce((s, r) => s + r.json().issued, 0)).toBe(12)
    const [check] = await c.rows<{ orders: number; invoices: number; dupes: number; min: number; max: number }>(sql`
      select
        (select count(*)::int from orders o where o.website_id = ${saved.websiteId} and o.status <> 'cancelled'
          and exists (select 1 from order_events e where e.order_id = o.id and e.kind = 'confirmed')) as orders,
        count(*)::int as invoices,
        count(*)::int - count(distinct order_id)::int as dupes,
        min(seq)::int as min, max(seq)::int as max
      from tax_documents where website_id = ${saved.websiteId} and kind = 'invoice'`)
    expect(check.dupes).toBe(0)
    expect(check.max - check.min + 1).toBe(check.invoices)
    expect(check.invoices).toBeGreaterThanOrEqual(check.orders)
    expect((await c.invoicesOf(ids)).map((d) => d.order_id)).toEqual(ids)
  })
})
