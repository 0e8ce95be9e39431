import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerDetail, CustomerExport, CustomerRow } from '../../../common/contracts/admin-customers'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { wishlistItems } from '../../db/schema/cart'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { newShopper, signIn, type SignedIn } from '../../test/shopper'
import { auditFor, shop2OnlyAdmin, staffCall } from '../../test/staff'
import { shopping } from '../checkout/test-kit'

describe.each(drivers)('customers of a website (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  const list = async (session: SignedIn, query = '', origin = MAIN) => {
    const res = await staffCall(t, session, 'GET', `/s/api/admin/customers?perPage=100${query}`, undefined, origin)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: CustomerRow[]; meta: { total: number } }
  }
  const detail = (session: SignedIn, id: number, origin = MAIN) => staffCall(t, session, 'GET', `/s/api/admin/customers/${id}`, undefined, origin)

  it('lists a shopper who ordered here with orders count, total spent and last order, found by phone, name or email', async () => {
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const s = await shop.shopperWithCart([shop.sellable()[0]])
    const { res, order } = await shop.place(s, 'cod')
    expect(res.statusCode, res.body).toBe(200)

    const found = await list(admin, `&q=${s.phone}`)
    expect(found.meta.total).toBe(1)
    const row = found.data[0]
    expect(row).toMatchObject({ user_id: s.userId, phone: s.phone, orders_count: 1 })
    expect(row.total_spent).toBeGreaterThan(0)
    expect(row.last_order_at).not.toBeNull()
    expect((await list(admin, `&q=${encodeURIComponent(`Shopper ${s.phone}`)}`)).data.map((c) => c.user_id)).toEqual([s.userId])

    const res2 = await detail(admin, s.userId)
    expect(res2.statusCode, res2.body).toBe(200)
    const d = res2.json() as CustomerDetail
    expect(d.orders.map((o) => o.id)).toEqual([order.order_id])
    expect(d.total_spent).toBe(d.orders[0].total)
    expect(d.addresses).toEqual([expect.objectContaining({ pincode: '560001', is_default: true })])
  })

  it('never lists staff as customers; total spent is net of the money given back', async () => {
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const s = await shop.shopperWithCart([shop.sellable()[0]])
    const { order } = await shop.place(s, 'cod')
    // the admin signed in here (a session), yet is staff: not a customer
    expect((await list(admin, '&q=9876500001')).data).toEqual([])
    expect((await detail(admin, admin.userId)).statusCode).toBe(404)
    await t.app.deps.db.execute(sql`insert into payment_refunds (order_id, website_id, provider, provider_order_id, provider_payment_id, amount_paise, currency, reason, status, reference)
      values (${order.order_id}, ${admin.websiteId}, 'cash', 'cash', ${`cash-${order.order_number}`}, 1000, 'INR', 'staff', 'processed', ${`t-${order.order_id}`}),
             (${order.order_id}, ${admin.websiteId}, 'cash', 'cash', ${`cash-${order.order_number}`}, 500, 'INR', 'staff', 'failed', ${`u-${order.order_id}`})`)
    const [row] = (await list(admin, `&q=${s.phone}`)).data
    expect(row.total_spent).toBe(order.total - 1000)
    expect(((await detail(admin, s.userId)).json() as CustomerDetail).total_spent).toBe(order.total - 1000)
  })

  it('pages like the other staff lists', async () => {
    for (let i = 0; i < 6; i++) await newShopper(t)
    const all = await list(admin)
    const res = await staffCall(t, admin, 'GET', '/s/api/admin/customers?perPage=5&page=2&sort=user_id')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { data: CustomerRow[]; meta: { total: number } }
    expect(page.meta.total).toBe(all.meta.total)
    const ids = all.data.map((c) => c.user_id).sort((a, b) => a - b)
    expect(page.data.map((c) => c.user_id)).toEqual(ids.slice(5, 10))
    expect((await staffCall(t, admin, 'GET', '/s/api/admin/customers?sort=password')).statusCode).toBe(422)
  })

  it('never shows a person known only to another website, nor someone with no relationship at all', async () => {
    const elsewhere = await newShopper(t, SHOP2)
    const [stranger] = await t.app.deps.db.insert(users).values({ name: 'Nobody Here', phone: '9123400001' }).returning({ id: users.id })
    const ids = (await list(admin)).data.map((c) => c.user_id)
    expect(ids).not.toContain(elsewhere.userId)
    expect(ids).not.toContain(stranger.id)
    expect((await list(admin, `&q=${elsewhere.phone}`)).meta.total).toBe(0)
    expect((await detail(admin, elsewhere.userId)).statusCode).toBe(404)
    expect((await detail(admin, stranger.id)).statusCode).toBe(404)
    expect((await detail(admin, 2147483000)).statusCode).toBe(404)

    const shop2Admin = await shop2OnlyAdmin(t, SHOP2)
    const there = await list(shop2Admin, `&q=${elsewhere.phone}`, SHOP2)
    expect(there.data.map((c) => c.user_id)).toEqual([elsewhere.userId])
    expect((await detail(shop2Admin, elsewhere.userId, SHOP2)).statusCode).toBe(200)
  })

  it('blocks a shopper from ordering on this website with a reason, audited; unblocking lets them order again', async () => {
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const s = await shop.shopperWithCart([shop.sellable()[0]])
    const block = (payload: object, id = s.userId) => staffCall(t, admin, 'POST', `/s/api/admin/customers/${id}/block`, payload)
    const unblock = (id = s.userId) => staffCall(t, admin, 'POST', `/s/api/admin/customers/${id}/unblock`, {})

    const bad = await block({ reason: ' ' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.reason).toBeTruthy()
    expect((await unblock()).statusCode).toBe(409)

    const res = await block({ reason: 'Refused three COD orders at the door' })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as CustomerDetail).blocked).toMatchObject({ reason: 'Refused three COD orders at the door' })
    expect((await list(admin, `&q=${s.phone}`)).data[0].blocked?.reason).toBe('Refused three COD orders at the door')

    const refused = await shop.place(s, 'cod')
    expect(refused.res.statusCode).toBe(403)
    expect(refused.res.json().message).toBe('This account cannot place orders on this website. Please contact the store.')
    expect((await detail(admin, s.userId)).json().orders_count).toBe(0)

    const lifted = await unblock()
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect((lifted.json() as CustomerDetail).blocked).toBeNull()
    const placed = await shop.place(s, 'cod')
    expect(placed.res.statusCode, placed.res.body).toBe(200)

    const audit = await auditFor(t, s.websiteId, 'customer', s.userId)
    expect(audit.map((a) => a.action)).toEqual(['customer.unblock', 'customer.block'])
  })

  it('blocks only on this website, and never someone who is not a customer here', async () => {
    const elsewhere = await newShopper(t, SHOP2)
    expect((await staffCall(t, admin, 'POST', `/s/api/admin/customers/${elsewhere.userId}/block`, { reason: 'Not ours' })).statusCode).toBe(404)
    const both = await newShopper(t)
    await signIn(t, both.phone, SHOP2)
    expect((await staffCall(t, admin, 'POST', `/s/api/admin/customers/${both.userId}/block`, { reason: 'Abusive calls' })).statusCode).toBe(200)
    const shop2Admin = await shop2OnlyAdmin(t, SHOP2)
    const there = await detail(shop2Admin, both.userId, SHOP2)
    expect(there.statusCode, there.body).toBe(200)
    expect((there.json() as CustomerDetail).blocked).toBeNull()
  })

  it('filters to blocked customers, to those who ordered and to those who never did, only among this website’s people', async () => {
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const buyer = await shop.shopperWithCart([shop.sellable()[0]])
    expect((await shop.place(buyer, 'cod')).res.statusCode).toBe(200)
    const browser = await newShopper(t)
    const blockedHere = await newShopper(t)
    expect((await staffCall(t, admin, 'POST', `/s/api/admin/customers/${blockedHere.userId}/block`, { reason: 'Fake orders' })).statusCode).toBe(200)
    // blocked on the other website only: never listed here
    const shop2Admin = await shop2OnlyAdmin(t, SHOP2)
    const theirs = await newShopper(t, SHOP2)
    expect((await staffCall(t, shop2Admin, 'POST', `/s/api/admin/customers/${theirs.userId}/block`, { reason: 'Theirs' }, SHOP2)).statusCode).toBe(200)

    const blocked = (await list(admin, '&state=blocked')).data
    expect(blocked.every((c) => c.blocked !== null)).toBe(true)
    expect(blocked.map((c) => c.user_id)).toContain(blockedHere.userId)
    expect(blocked.map((c) => c.user_id)).not.toContain(theirs.userId)
    expect(blocked.map((c) => c.user_id)).not.toContain(browser.userId)

    const ordered = (await list(admin, '&state=ordered')).data
    expect(ordered.every((c) => c.orders_count > 0)).toBe(true)
    expect(ordered.map((c) => c.user_id)).toContain(buyer.userId)
    const never = (await list(admin, '&state=never_ordered')).data
    expect(never.every((c) => c.orders_count === 0)).toBe(true)
    expect(never.map((c) => c.user_id)).toEqual(expect.arrayContaining([browser.userId, blockedHere.userId]))
    expect(never.map((c) => c.user_id)).not.toContain(theirs.userId)
    expect((await list(admin, `&state=ordered&q=${buyer.phone}`)).data.map((c) => c.user_id)).toEqual([buyer.userId])
    expect((await staffCall(t, admin, 'GET', '/s/api/admin/customers?state=vip')).statusCode).toBe(422)
  })

  it('exports a person’s data on this website as JSON, then erases it: no personal field left, orders kept for the accounts', async () => {
    const db = t.app.deps.db
    const shop = shopping(t, (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data)
    const s = await shop.shopperWithCart([shop.sellable()[0]])
    const email = `erase-${s.phone}@example.com`
    // given on this website: the person's own profile change here
    const changed = await t.call({ method: 'PUT', url: '/s/api/account/profile', session: s, payload: { name: 'Radhika Erasable', email } })
    expect(changed.statusCode, changed.body).toBe(200)
    const { res, order } = await shop.place(s, 'cod', { notes: 'Ring twice, Radhika at flat 12' })
    expect(res.statusCode, res.body).toBe(200)
    await db.insert(wishlistItems).values({ websiteId: s.websiteId, userId: s.userId, productId: shop.sellable()[0].pack_id })

    const exported = await staffCall(t, admin, 'GET', `/s/api/admin/customers/${s.userId}/export`)
    expect(exported.statusCode, exported.body).toBe(200)
    const data = exported.json() as CustomerExport
    expect(data.profile).toMatchObject({ user_id: s.userId, name: 'Radhika Erasable', phone: s.phone, email })
    expect(data.addresses).toHaveLength(1)
    expect(data.orders.map((o) => o.id)).toEqual([order.order_id])
    expect(data.wishlists).toHaveLength(1)

    const erased = await staffCall(t, admin, 'POST', `/s/api/admin/customers/${s.userId}/erase`, {})
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json()).toEqual({ user_id: s.userId, account_erased: true })

    // the person's session is over
    expect((await t.call({ method: 'GET', url: '/s/api/account/profile', session: s })).statusCode).toBe(401)
    // no personal field in any table that holds personal data
    const personal = ['Radhika', s.phone, email, 'MG Road', 'Ring twice', '9876512345']
    for (const needle of personal) {
      const like = `%${needle}%`
      const [hit] = rowsOf<Record<string, number>>(
        await db.execute(sql`select
          (select count(*)::int from users where name ilike ${like} or phone ilike ${like} or email ilike ${like}) as users,
          (select count(*)::int from customer_profiles where name ilike ${like} or phone ilike ${like} or email ilike ${like}) as profiles,
          (select count(*)::int from addresses where user_id = ${s.userId}) as addresses,
          (select count(*)::int from orders where user_id = ${s.userId} and (address::text ilike ${like} or coalesce(notes, '') ilike ${like})) as orders,
          (select count(*)::int from sessions where user_id = ${s.userId}) as sessions,
          (select count(*)::int from otp_codes where username ilike ${like}) as codes,
          (select count(*)::int from wishlist_items where user_id = ${s.userId}) as wishlists,
          (select count(*)::int from audit_log where before::text ilike ${like} or after::text ilike ${like}) as audit,
          (select count(*)::int from outbox where payload::text ilike ${like}) as outbox`),
      )
      expect(hit, needle).toEqual({ users: 0, profiles: 0, addresses: 0, orders: 0, sessions: 0, codes: 0, wishlists: 0, audit: 0, outbox: 0 })
    }
    // the order stays, with its money and its pincode
    const kept = await detail(admin, s.userId)
    expect(kept.statusCode, kept.body).toBe(200)
    expect((kept.json() as CustomerDetail).orders.map((o) => o.total)).toEqual([data.orders[0].total])
    expect((kept.json() as CustomerDetail).name).toBe('Erased customer')
    expect((await auditFor(t, s.websiteId, 'customer', s.userId)).map((a) => a.action)).toEqual(['customer.erase'])
  })

  it('erases only this website’s copies of someone another website also knows', async () => {
    const both = await newShopper(t)
    await signIn(t, both.phone, SHOP2)
    const res = await staffCall(t, admin, 'POST', `/s/api/admin/customers/${both.userId}/erase`, {})
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ user_id: both.userId, account_erased: false })
    const [row] = rowsOf<{ phone: string; here: number }>(
      await t.app.deps.db.execute(
        sql`select phone, (select count(*)::int from sessions where user_id = ${both.userId} and website_id = ${both.websiteId}) as here from users where id = ${both.userId}`,
      ),
    )
    expect(row).toEqual({ phone: both.phone, here: 0 })
    expect((await staffCall(t, admin, 'POST', '/s/api/admin/customers/2147483000/erase', {})).statusCode).toBe(404)
  })
})
