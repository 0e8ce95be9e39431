import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../../test/app'
import { startCheckoutApp } from './test-kit'

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('200 shoppers, the last 10 units (postgres)', () => {
  let k: Awaited<ReturnType<typeof startCheckoutApp>>
  beforeAll(async () => {
    k = await startCheckoutApp('postgres')
  })
  afterAll(() => k.t.close())

  it('exactly 10 orders succeed, the others are refused with what changed, and free stock ends at 0, never below', { timeout: 120_000 }, async () => {
    const [pack] = k.sellable()
    await k.setStock(pack.pack_id, pack.warehouse_id, 1000)
    const shoppers = []
    for (let i = 0; i < 200; i += 20) shoppers.push(...(await Promise.all(Array.from({ length: 20 }, () => k.shopperWithCart([pack])))))
    await k.setStock(pack.pack_id, pack.warehouse_id, 10)
    const slots = await Promise.all(shoppers.map((s) => k.firstSlots(s, s.addressId)))
    const results = await Promise.all(
      shoppers.map((s, i) => k.call(s, 'POST', '/checkout/place', { address_id: s.addressId, slots: slots[i], payment_method: 'cod', idempotency_key: `race-${i}-key` })),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true)
    const row = await k.stockOf(pack.pack_id, pack.warehouse_id)
    expect(row.quantity - row.reserved).toBe(0)
    expect(row.reserved).toBe(10)
  })
})
