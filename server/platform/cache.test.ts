import { describe, expect, it } from 'vitest'
import { createCache, createSiteCache } from './cache'

describe('cache', () => {
  it('does not keep an answer whose load was under way when entries were dropped (it may predate the write)', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, max: 10 })
    let finish: (v: string) => void = () => {}
    const loading = cache.getOrLoad('k', () => new Promise((r) => (finish = r)))
    cache.clear() // a write committed while the load was reading
    finish('before the write')
    expect(await loading).toBe('before the write')
    expect(cache.get('k')).toBeUndefined()
    expect(await cache.getOrLoad('k', async () => 'after the write')).toBe('after the write')
    expect(cache.get('k')).toBe('after the write')
  })

  it('keeps nothing while it is not live', async () => {
    let live = false
    const cache = createCache<number>({ ttlMs: 60_000, max: 10, live: () => live })
    expect(await cache.getOrLoad('k', async () => 1)).toBe(1)
    expect(cache.get('k')).toBeUndefined()
    live = true
    await cache.getOrLoad('k', async () => 2)
    expect(cache.get('k')).toBe(2)
  })

  it('drops one website’s entries, or every website’s', () => {
    const cache = createSiteCache<string>({ ttlMs: 60_000, max: 10 })
    cache.set(1, 'list:a', 'one')
    cache.set(12, 'list:a', 'twelve') // not taken for website 1's by its key's prefix
    cache.set(2, 'list:a', 'two')
    cache.drop(1)
    expect([cache.get(1, 'list:a'), cache.get(12, 'list:a'), cache.get(2, 'list:a')]).toEqual([undefined, 'twelve', 'two'])
    cache.drop(null)
    expect([cache.get(12, 'list:a'), cache.get(2, 'list:a')]).toEqual([undefined, undefined])
  })

  it('keeps an answer asked for once only from its second ask, so a flood of one-off searches pushes nothing out', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, max: 3 })
    cache.set('popular', 'kept')
    for (let i = 0; i < 1000; i++) await cache.getOrLoad(`search:${i}`, async () => `answer ${i}`, true)
    expect(cache.get('popular')).toBe('kept')
    expect(cache.get('search:7')).toBeUndefined()
    await cache.getOrLoad('search:7', async () => 'asked again', true)
    expect(cache.get('search:7')).toBe('asked again')
  })
})
