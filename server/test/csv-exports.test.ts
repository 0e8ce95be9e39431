import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { restore } from '../../common/csv'
import { rowsOf } from '../db/client'
import { useCheckoutApp } from '../features/checkout/test-kit'
import { type Driver, drivers, listRoutes, MAIN } from './app'
import { type SignedIn, signIn, websiteOf } from './shopper'
import { staffCall } from './staff'

/**
 * Every CSV file the server answers (each GET route ending in `.csv`, so one added later needs a case here), with
 * names that carry a line break and a formula after it (SECURITY: CSV injection): read back with csv-parse, each has
 * the rows it should (a line break never splits a row), no line of any text cell starts with a formula character, and
 * the names are there, neutralised, not dropped.
 */

const EVIL = {
  product: "x\n=cmd|' /C calc'!A0",
  category: 'Dals\r\n+HYPERLINK("http://evil.example")',
  warehouse: "Main\r@SUM(1+1)*cmd|' /C calc'!A0",
  coupon: "X\n-2+3+CMD|' /C CALC'!A0",
  state: "Karnataka\n=cmd|' /C calc'!A0",
  documentNumber: '\t=1+1\nKF/1',
  hsn: '－1+1\n＝cmd',
}
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
const FIGURE = /^-?\d+(\.\d+)?$/
const linesOf = (cell: string) => cell.split(/\r\n|\r|\n/)

type Sql = ReturnType<typeof sql>

describe.each(drivers)('every CSV export (%s)', (driver: Driver) => {
  const h = useCheckoutApp(driver)
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))
  let admin: SignedIn
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
  const RANGE = `from=${today}&to=${today}`
  const json = async <T>(url: string) => {
    const res = await staffCall(h.k().t, admin, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as T
  }
  type Lists = Record<string, unknown[]>
  const count =
    (url: string, ...lists: string[]) =>
    async () => {
      const answer = await json<Lists>(`${url}?${RANGE}`)
      return lists.reduce((n, l) => n + answer[l].length, 0)
    }

  /** Per CSV route: the queries to ask, how many data rows each answer has, whether the evil names reach it. */
  const CASES: Record<string, { queries: string[]; rows: (query: string) => Promise<number>; names: boolean }> = {
    '/s/api/admin/catalogue/export.csv': {
      queries: [''],
      rows: async () => {
        const main = (await websiteOf(h.k().t, MAIN)).id
        // a row per pack, and one for a product without packs
        const [n] = await rows<{ n: number }>(sql`
          select (select count(*)::int from packs where website_id = ${main})
               + (select count(*)::int from products p where website_id = ${main} and not exists (select 1 from packs k where k.product_id = p.id)) as n`)
        return n.n
      },
      names: true,
    },
    '/s/api/admin/reports/sales.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/sales', 'rows'), names: false },
    '/s/api/admin/reports/channels.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/channels', 'channels', 'payment_methods'), names: false },
    '/s/api/admin/reports/products.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/products', 'rows'), names: true },
    '/s/api/admin/reports/categories.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/categories', 'rows'), names: true },
    '/s/api/admin/reports/slots.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/slots', 'slots'), names: true },
    '/s/api/admin/reports/coupons.csv': { queries: [RANGE], rows: count('/s/api/admin/reports/coupons', 'rows'), names: true },
    '/s/api/admin/gst-report.csv': {
      queries: ['documents', 'rates', 'hsn'].map((s) => `${RANGE}&section=${s}`),
      rows: async (query) => (await json<Lists>(`/s/api/admin/gst-report?${RANGE}`))[new URLSearchParams(query).get('section')!].length,
      names: true,
    },
    // GSTR-1 of this month: one row per HSN and rate, one per invoice or credit note (the sections that carry names)
    '/s/api/admin/gst/gstr1.csv': {
      queries: ['hsn', 'documents'].map((s) => `period=${today.slice(0, 7)}&section=${s}`),
      rows: async (query) => {
        const period = today.slice(0, 7)
        const section = new URLSearchParams(query).get('section')
        if (section === 'documents') {
          const main = (await websiteOf(h.k().t, MAIN)).id
          const [n] = await rows<{ n: number }>(sql`
            select count(*)::int as n from tax_documents where website_id = ${main} and to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') = ${period}`)
          return n.n
        }
        return (await json<{ hsn: { data: unknown[] } }>(`/s/api/admin/gst/gstr1.json?period=${period}`)).hsn.data.length
      },
      names: true,
    },
  }

  it('finds each CSV route in the route table, and each has a case here', () => {
    const routes = listRoutes(h.k().t.app)
      .filter((r) => r.method === 'GET' && r.url.endsWith('.csv'))
      .map((r) => r.url)
    expect(routes.sort()).toEqual(Object.keys(CASES).sort())
  })

  it('quotes and neutralises names with a line break and a formula in every export; every row is one row', async () => {
    const k = h.k()
    admin = await signIn(k.t, '9876500001')
    // An order of today: in every report, with a GST invoice.
    const [pack] = k.sellable()
    const s = await k.shopperWithCart([pack], 2)
    const { res, order } = await k.place(s, 'cod')
    expect(res.statusCode, res.body).toBe(200)
    // What a staff member (or an imported file) could have named things.
    const [line] = await rows<{ product_id: number }>(sql`select product_id from order_items where order_id = ${order.order_id} limit 1`)
    await h.db().execute(sql`update products set name = ${EVIL.product} where id = ${line.product_id}`)
    await h.db().execute(sql`update categories set name = ${EVIL.category} where id = (select category_id from products where id = ${line.product_id})`)
    await h.db().execute(sql`update warehouses set name = ${EVIL.warehouse} where id = ${pack.warehouse_id}`)
    await h.db().execute(sql`update orders set coupon_code = ${EVIL.coupon} where id = ${order.order_id}`)
    await h.db().execute(sql`
      insert into delivery_slots (website_id, warehouse_id, date, start_time, end_time, capacity, booked)
      select website_id, id, ${today}::date, '09:00', '11:00', 10, 2 from warehouses where id = ${pack.warehouse_id}
      on conflict do nothing`)
    const docs = await rows<{ id: number }>(sql`select id from tax_documents where order_id = ${order.order_id}`)
    expect(docs.length).toBeGreaterThan(0)
    await h.db().execute(sql`
      update tax_documents set number = ${EVIL.documentNumber},
        content = jsonb_set(jsonb_set(jsonb_set(content, '{placeOfSupply,state}', to_jsonb(${EVIL.state}::text)), '{order,number}', to_jsonb(${EVIL.product}::text)),
                            '{lines,0,code}', to_jsonb(${EVIL.hsn}::text))
      where id = ${docs[0].id}`)

    for (const [url, c] of Object.entries(CASES)) {
      for (const query of c.queries) {
        const label = `${url}?${query}`
        const res = await staffCall(k.t, admin, 'GET', query ? label : url)
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200)
        expect(res.headers['content-type'], label).toBe('text/csv; charset=utf-8')
        expect(res.headers['content-disposition'], label).toMatch(/^attachment; filename="[\w.-]+\.csv"$/)
        expect(res.rawPayload.subarray(0, 3), label).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
        // Strict: a row split by a line break has a different cell count, and csv-parse refuses it.
        const records = parse(res.rawPayload, { bom: true }) as string[][]
        expect(records.length, label).toBe((await c.rows(query)) + 1)
        for (const cell of records.flat()) {
          if (FIGURE.test(cell)) continue // a figure the product computed, e.g. -12.50: a number, not a formula
          for (const text of linesOf(cell)) expect(FORMULA_START.test(text), `${label}: ${JSON.stringify(cell)}`).toBe(false)
        }
        if (c.names) {
          const names = Object.values(EVIL)
          expect(
            records.flat().some((cell) => names.some((n) => restore(cell).includes(n))),
            `${label} shows a name`,
          ).toBe(true)
        }
      }
    }
  })
})
