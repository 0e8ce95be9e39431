import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminProduct } from '../../../common/contracts/admin-catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp } from '../../test/app'
import { type SignedIn, signIn, websiteOf } from '../../test/shopper'
import { roleHolder, staffCall } from '../../test/staff'

/** Issue 29: the product form takes a new pack's opening stock per warehouse, recorded as Received. */
describe.each(drivers)('a new pack’s opening stock (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  let houses: { id: number; name: string }[]
  let otherHouse: number
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.app.deps.db.execute(query))
  const body = (packs: unknown[]) => ({ product_name: 'Opening Atta', brand: 'Sona Khet', categories: ['rice'], packs })

  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
    const main = await websiteOf(t, MAIN)
    const shop2 = await websiteOf(t, SHOP2)
    houses = await rows(sql`select id, name from warehouses where website_id = ${main.id} order by id`)
    if (houses.length < 2) {
      await t.app.deps.db.execute(sql`insert into warehouses (website_id, name, address) values (${main.id}, 'Second store', 'Somewhere')`)
      houses = await rows(sql`select id, name from warehouses where website_id = ${main.id} order by id`)
    }
    otherHouse = (await rows<{ id: number }>(sql`select id from warehouses where website_id = ${shop2.id} limit 1`))[0].id
  })
  afterAll(() => t.close())

  it('puts each warehouse’s units on hand through the stock ledger, reason received', async () => {
    const res = await staffCall(
      t,
      admin,
      'POST',
      '/s/api/admin/products',
      body([
        {
          pack_name: '1 kg',
          price: 50,
          act_price: 60,
          opening_stock: [
            { warehouse_id: houses[0].id, quantity: 24 },
            { warehouse_id: houses[1].id, quantity: 0 },
          ],
        },
        { pack_name: '5 kg', price: 240, act_price: 260, opening_stock: [{ warehouse_id: houses[1].id, quantity: 7 }] },
      ]),
    )
    expect(res.statusCode, res.body).toBe(201)
    const product = AdminProduct.parse(res.json())
    const ledger = await rows<{ pack: string; warehouse: number; change: number; after: number; reason: string; note: string }>(sql`
      select k.name as pack, l.warehouse_id as warehouse, l.on_hand_change as change, l.on_hand_after as after, l.reason, l.note
      from stock_ledger l join packs k on k.id = l.pack_id where k.product_id = ${product.product_id} order by k.position, l.warehouse_id`)
    expect(ledger).toEqual([
      { pack: '1 kg', warehouse: houses[0].id, change: 24, after: 24, reason: 'received', note: 'Opening stock' },
      { pack: '5 kg', warehouse: houses[1].id, change: 7, after: 7, reason: 'received', note: 'Opening stock' },
    ])

    // A pack added later in the editor takes its own; an existing pack's stock changes under Stock.
    const edit = await staffCall(t, admin, 'PATCH', `/s/api/admin/products/${product.product_id}`, {
      version: product.version,
      packs: [
        ...product.packs.map((k) => ({ pack_id: k.pack_id, pack_name: k.pack_name, price: k.price, act_price: k.act_price })),
        { pack_name: '10 kg', price: 470, act_price: 500, opening_stock: [{ warehouse_id: houses[0].id, quantity: 3 }] },
      ],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const [added] = await rows<{ quantity: number }>(sql`
      select s.quantity from stock s join packs k on k.id = s.pack_id where k.product_id = ${product.product_id} and k.name = '10 kg'`)
    expect(added).toEqual({ quantity: 3 })
    const refused = await staffCall(t, admin, 'PATCH', `/s/api/admin/products/${product.product_id}`, {
      version: product.version + 1,
      packs: [{ pack_id: product.packs[0].pack_id, pack_name: '1 kg', price: 50, act_price: 60, opening_stock: [{ warehouse_id: houses[0].id, quantity: 5 }] }],
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ 'packs.0.opening_stock': 'Opening stock is for a new pack: change this pack’s stock under Stock' })
  })

  it('refuses another website’s warehouse (422) and a role without stock (403), writing nothing', async () => {
    const products = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from products`))[0].n
    const before = await products()
    const other = await staffCall(
      t,
      admin,
      'POST',
      '/s/api/admin/products',
      body([{ pack_name: '1 kg', price: 50, act_price: 60, opening_stock: [{ warehouse_id: otherHouse, quantity: 5 }] }]),
    )
    expect(other.statusCode).toBe(422)
    expect(other.json().errors).toEqual({ 'packs.0.opening_stock.0.warehouse_id': 'No such warehouse on this website' })
    const editor = await roleHolder(t, 'catalogue')
    const noStock = await staffCall(
      t,
      editor,
      'POST',
      '/s/api/admin/products',
      body([{ pack_name: '1 kg', price: 50, act_price: 60, opening_stock: [{ warehouse_id: houses[0].id, quantity: 5 }] }]),
    )
    expect(noStock.statusCode).toBe(403)
    const without = await staffCall(t, editor, 'POST', '/s/api/admin/products', {
      ...body([{ pack_name: '1 kg', price: 50, act_price: 60 }]),
      product_name: 'Editor Atta',
    })
    expect(without.statusCode, without.body).toBe(201)
    expect(await products()).toBe(before + 1)
  })
})
