import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, SHOP2, type TestApp } from '../../test/app'

/** /metrics tells how often a website's shelf was found kept against built again (issue 30: many websites per process). */
describe('shelf lookups in the metrics', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite')
  })
  afterAll(() => t.close())

  const count = async (result: 'hit' | 'miss') =>
    (await t.app.metrics.cacheLookups.get()).values.find((v) => v.labels.cache === 'indexes' && v.labels.result === result)?.value ?? 0
  const rebuilds = async () => (await t.app.metrics.catalogueRebuilds.get()).values.find((v) => v.labels.index === 'shelf')?.value ?? 0

  it('counts the first read of a website as misses (its shelf and its categories) and a rebuild, the next read as as many hits', async () => {
    const [hits, misses, built] = [await count('hit'), await count('miss'), await rebuilds()]
    expect((await t.call({ method: 'GET', url: '/s/api/products?page=2', origin: SHOP2 })).statusCode).toBe(200)
    expect(await rebuilds()).toBe(built + 1)
    const missed = (await count('miss')) - misses
    expect(missed).toBeGreaterThanOrEqual(2)
    const hitsAfterFirst = await count('hit')
    expect(hitsAfterFirst).toBe(hits)
    expect((await t.call({ method: 'GET', url: '/s/api/products?page=3&s=newest', origin: SHOP2 })).statusCode).toBe(200)
    expect((await count('hit')) - hitsAfterFirst).toBe(missed)
    expect((await count('miss')) - misses).toBe(missed)
    expect(await rebuilds()).toBe(built + 1)
  })
})
