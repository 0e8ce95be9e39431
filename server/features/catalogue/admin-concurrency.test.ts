import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct } from '../../../common/contracts/admin-catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { signIn, type SignedIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('staff saves racing (postgres)', () => {
  let t: TestApp
  let admin: SignedIn
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.app.deps.db.execute(query))

  beforeAll(async () => {
    t = await buildTestApp('postgres')
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  it('20 editors saving the same version at once: exactly one wins per version, the rest get 409, checked in SQL', { timeout: 120_000 }, async () => {
    const created = await staffCall(t, admin, 'POST', '/s/api/admin/products', {
      product_name: 'Race Rice',
      brand: 'Sona Khet',
      categories: ['rice'],
      packs: [{ pack_name: '1 kg', price: 50, act_price: 60 }],
    })
    const product = created.json() as AdminProduct
    for (let round = 1; round <= 3; round++) {
      // Every editor read the same version; all save at once.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          staffCall(t, admin, 'PATCH', `/s/api/admin/products/${product.product_id}`, {
            version: round,
            product_name: `Race Rice r${round} e${i}`,
            packs: [{ pack_id: product.packs[0].pack_id, pack_name: '1 kg', price: 40 + i, act_price: 60 }],
          }),
        ),
      )
      const codes = results.map((r) => r.statusCode)
      expect(
        codes.filter((c) => c === 200),
        `round ${round}: ${codes.join(',')}`,
      ).toHaveLength(1)
      expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true)
      const winner = results.find((r) => r.statusCode === 200)!.json() as AdminProduct
      for (const lost of results.filter((r) => r.statusCode === 409)) {
        expect(lost.json()).toMatchObject({ code: 'stale', current: { version: round + 1 } })
        expect(lost.json().changed).toContain('product_name')
      }
      const [row] = await rows<{ version: number; name: string; price: number }>(
        sql`select p.version, p.name, k.price_paise as price from products p join packs k on k.product_id = p.id where p.id = ${product.product_id}`,
      )
      expect(row).toEqual({ version: round + 1, name: winner.product_name, price: winner.packs[0].price * 100 })
    }
    // One audit row per version step, each from the version before it: no lost update.
    const steps = await rows<{ before: number; after: number }>(sql`
      select (before->>'version')::int as before, (after->>'version')::int as after from audit_log
      where entity = 'product' and entity_id = ${String(product.product_id)} and action = 'product.update' order by id`)
    expect(steps).toEqual([
      { before: 1, after: 2 },
      { before: 2, after: 3 },
      { before: 3, after: 4 },
    ])
  })

  it('10 products created at once with the same SKU: one gets it, the others 422 on the SKU', { timeout: 60_000 }, async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffCall(t, admin, 'POST', '/s/api/admin/products', {
          product_name: `Same Sku ${i}`,
          brand: 'Sona Khet',
          categories: ['rice'],
          packs: [{ pack_name: '1 kg', price: 50, act_price: 60, sku: 'RACE-SKU-1' }],
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(
      codes.filter((c) => c === 201),
      codes.join(','),
    ).toHaveLength(1)
    for (const lost of results.filter((r) => r.statusCode !== 201)) {
      expect(lost.statusCode).toBe(422)
      expect(Object.keys(lost.json().errors)[0]).toMatch(/sku$/)
    }
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from packs where sku = 'RACE-SKU-1'`)
    expect(n).toBe(1)
    const [{ products }] = await rows<{ products: number }>(sql`select count(*)::int as products from products where name like 'Same Sku %'`)
    expect(products).toBe(1)
  })
})
