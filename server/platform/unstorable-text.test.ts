import { eq, sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PINCODE_MESSAGE } from '../../common/rules/pincode'
import { MOBILE_MESSAGE } from '../../common/rules/mobile'
import { addresses, users } from '../db/schema/accounts'
import { wishlistCategories } from '../db/schema/cart'
import { buildTestApp, drivers, type TestApp } from '../test/app'
import { newShopper, signIn, type SignedIn } from '../test/shopper'

const NUL = '\u0000'
const refused = (label: string) => `${label} contains characters that are not allowed`
const address = {
  name: 'Asha Rao',
  mobile: '9876512345',
  house: '12',
  street: 'MG Road',
  area: 'Ashok Nagar',
  landmark: 'Near the temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  type: 'home',
}
/** A field's own format message comes first; free text gets the text rule's message. */
const ADDRESS_MESSAGES: Record<string, string> = {
  name: refused('Full name'),
  mobile: MOBILE_MESSAGE,
  house: refused('House / flat no.'),
  street: refused('Building / street'),
  area: refused('Area / locality'),
  landmark: refused('Landmark'),
  city: refused('City'),
  state: 'Choose a state',
  pincode: PINCODE_MESSAGE,
  type: 'Type must be home, work or other',
}

/** Finding 7 of issue 9: text PostgreSQL cannot store is a 422 naming the field, and never reaches the log. */
describe.each(drivers)('text the database cannot store (%s)', (driver) => {
  let t: TestApp
  let me: SignedIn
  const expectRefused = async (opts: InjectOptions, field: string, message: string, session: SignedIn = me) => {
    const res = await t.call({ ...opts, session })
    expect(res.statusCode, `${opts.method} ${opts.url} ${field}`).toBe(422)
    expect(res.json(), `${opts.method} ${opts.url} ${field}`).toEqual({ message, code: 'invalid', errors: { [field]: message } })
  }

  /** what the app logs (at info), for the logging test; one app for the file, so the test routes are added before it starts */
  const log: string[] = []
  const PHONE = '9876512345'
  const STREET = '12 MG Road, Ashok Nagar'

  beforeAll(async () => {
    t = await buildTestApp(driver, { LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void log.push(line) } })
    const db = t.app.deps.db
    // Queries with a shopper's details as parameters, as a feature would run them: one fails on a value, one on U+0000.
    t.app.get('/s/api/test-query-fails', async () => db.execute(sql`select ${STREET}::int as house, ${PHONE} as phone`))
    t.app.post('/s/api/test-unstorable', async () => db.execute(sql`select ${`Asha${NUL}`} || ${PHONE} || ${STREET} as line`))
    me = await newShopper(t)
  })
  afterAll(() => t.close())

  it('refuses U+0000 in every address field, and half a surrogate pair, storing nothing', async () => {
    for (const [field, message] of Object.entries(ADDRESS_MESSAGES)) {
      await expectRefused(
        { method: 'POST', url: '/s/api/account/addresses', payload: { ...address, [field]: `${address[field as keyof typeof address]}${NUL}` } },
        field,
        message,
      )
    }
    await expectRefused(
      { method: 'POST', url: '/s/api/account/addresses', payload: { ...address, street: 'MG \uD800Road' } },
      'street',
      refused('Building / street'),
    )
    await expectRefused({ method: 'POST', url: '/s/api/account/addresses', payload: { ...address, city: '\uDE00Bengaluru' } }, 'city', refused('City'))
    expect(await t.app.deps.db.select().from(addresses).where(eq(addresses.userId, me.userId))).toEqual([])
    // the same rule on a change
    const created = await t.call({ method: 'POST', url: '/s/api/account/addresses', session: me, payload: { ...address, name: 'आशा राव 🏠' } })
    expect(created.statusCode).toBe(200)
    const id = created.json().addresses[0].id as number
    await expectRefused(
      { method: 'PUT', url: `/s/api/account/addresses/${id}`, payload: { ...address, area: `Ashok${NUL}Nagar` } },
      'area',
      refused('Area / locality'),
    )
    expect((await t.app.deps.db.select().from(addresses).where(eq(addresses.id, id)))[0]).toMatchObject({ name: 'आशा राव 🏠', area: 'Ashok Nagar' })
  })

  it('refuses U+0000 in names, notes, codes, search text and path parameters', async () => {
    await expectRefused({ method: 'POST', url: '/s/api/wishlistCategory', payload: { name: `Par${NUL}ty` } }, 'name', refused('Wishlist name'))
    expect(await t.app.deps.db.select().from(wishlistCategories).where(eq(wishlistCategories.userId, me.userId))).toEqual([])
    await expectRefused({ method: 'PUT', url: '/s/api/account/profile', payload: { name: `Asha${NUL}`, email: '' } }, 'name', refused('Name'))
    await expectRefused({ method: 'PUT', url: '/s/api/account/profile', payload: { name: 'Asha', email: `asha${NUL}@example.com` } }, 'email', refused('Email'))
    expect((await t.app.deps.db.select({ name: users.name }).from(users).where(eq(users.id, me.userId)))[0].name).toMatch(/^Shopper /)
    await expectRefused(
      { method: 'POST', url: '/s/api/auth/login', payload: { username: `asha${NUL}@example.com` } },
      'username',
      refused('Mobile number or email'),
    )
    await expectRefused(
      { method: 'POST', url: '/s/api/auth/register', payload: { name: `Asha${NUL}`, email: 'asha@example.com', phone: '9876512345' } },
      'name',
      refused('Name'),
    )
    await expectRefused({ method: 'POST', url: '/s/api/apply/coupon', payload: { code: `WELCOME${NUL}` } }, 'code', refused('Coupon code'))
    const order = { address_id: 1, slots: [], payment_method: 'cod', idempotency_key: 'key-12345678' }
    await expectRefused({ method: 'POST', url: '/s/api/checkout/place', payload: { ...order, notes: `Ring twice${NUL}` } }, 'notes', refused('Notes'))
    await expectRefused({ method: 'GET', url: '/s/api/products?q=%00atta' }, 'q', refused('Search text'))
    await expectRefused({ method: 'GET', url: '/s/api/cart?groupby_delivery=%00' }, 'groupby_delivery', refused('groupby_delivery'))
    await expectRefused({ method: 'GET', url: '/s/api/orders/number/SF%00' }, 'number', refused('Order number'))
    await expectRefused({ method: 'GET', url: '/s/api/page/data/about%00' }, '*', refused('Page address'))
    const boss = await signIn(t, '9876500001')
    await expectRefused(
      { method: 'POST', url: '/s/api/bos/websites', payload: { name: 'Shop', origin: 'https://new.example', description: `Fresh${NUL}` } },
      'description',
      refused('Description'),
      boss,
    )
  })

  it('logs a failed query without its values, and answers text the database refused with 422', async () => {
    log.length = 0
    const db = t.app.deps.db
    const visitor = await t.visitor()
    const failed = await t.call({ method: 'GET', url: `/s/api/test-query-fails?phone=${PHONE}` })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ message: 'Something went wrong' })
    const unstorable = await t.call({ method: 'POST', url: '/s/api/test-unstorable', session: visitor, payload: { phone: PHONE, street: STREET } })
    expect(unstorable.statusCode).toBe(422)
    expect(unstorable.json()).toEqual({ message: 'The request contains characters that are not allowed', code: 'invalid' })
    // and outside a request (background jobs log with app.log)
    const err = await db.execute(sql`select ${STREET}::int, ${PHONE}`).catch((e: unknown) => e)
    t.app.log.error({ err }, 'order jobs failed')
    const lines = log.map((line) => JSON.parse(line) as { level: number; msg: string; err?: Record<string, unknown>; route?: string })
    const errors = lines.filter((l) => l.err)
    expect(errors.map((l) => [l.level, l.msg, l.route, l.err?.code])).toEqual([
      [50, 'request failed', '/s/api/test-query-fails', '22P02'],
      [40, 'the database refused text that a contract let through', '/s/api/test-unstorable', '22021'],
      [50, 'order jobs failed', undefined, '22P02'],
    ])
    for (const l of errors) expect(l.err?.stack).toMatch(/^\s+at /)
    const all = log.join('\n')
    for (const secret of [PHONE, '98765', 'MG Road', 'Ashok', 'Asha', '"params"', '"query"']) expect(all, secret).not.toContain(secret)
  })
})
