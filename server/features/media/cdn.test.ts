import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import { buildTestApp, drivers, type TestApp } from '../../test/app'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=300'

describe.each(drivers)('GET /cdn/* (%s)', (driver) => {
  let t: TestApp
  let src: string
  const get = (url: string) => t.app.inject({ method: 'GET', url })
  const meta = async (body: Buffer) => {
    const m = await sharp(body).metadata()
    return { format: m.format, width: m.width, height: m.height }
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    const list = (await t.call({ method: 'GET', url: '/s/api/products', query: { perPage: '1' } })).json() as { data: Product[] }
    src = list.data[0].medias[0].src
  })
  afterAll(() => t.close())

  it('serves a product image at small size: 400 px WebP, cached for a year', async () => {
    expect(src).toMatch(/^demo\/products\/[a-z0-9-]+\.webp$/)
    const res = await get(`/cdn/small/${src}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(res.headers['x-placeholder']).toBe('0')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(await meta(res.rawPayload)).toEqual({ format: 'webp', width: 400, height: 400 })
    const again = await get(`/cdn/small/${src}`)
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true)
  })

  it('serves the other sizes and the original', async () => {
    expect(await meta((await get(`/cdn/thumb/${src}`)).rawPayload)).toMatchObject({ width: 200 })
    const medium = await get(`/cdn/medium/${src}`)
    expect(medium.headers['cache-control']).toBe(IMMUTABLE)
    const full = await get(`/cdn/${src}`)
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('image/webp')
    expect(full.headers['cache-control']).toBe(IMMUTABLE)
    expect(full.headers['x-placeholder']).toBe('0')
    const original = await meta(full.rawPayload)
    expect(original).toEqual({ format: 'webp', width: 800, height: 800 })
    // never enlarged beyond the original
    expect((await meta(medium.rawPayload)).width).toBe(Math.min(800, original.width!))
  })

  it('serves the same images whichever website asks', async () => {
    const viaShop2 = await t.call({ method: 'GET', url: `/cdn/small/${src}`, origin: 'http://shop2.localhost:3000' })
    expect(viaShop2.statusCode).toBe(200)
    expect(viaShop2.headers['x-placeholder']).toBe('0')
  })

  it('falls back to a placeholder for a missing image, cached briefly', async () => {
    for (const url of ['/cdn/medium/missing.webp', '/cdn/missing.webp', '/cdn/small/demo/products/no-such-product.webp', '/cdn/huge/missing.webp']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toBe('image/webp')
      expect(res.headers['x-placeholder'], url).toBe('1')
      expect(res.headers['cache-control'], url).toBe(SHORT)
      expect((await meta(res.rawPayload)).format).toBe('webp')
    }
  })

  it('answers path tricks with the placeholder or 404, never a file and never 500', async () => {
    for (const url of [
      '/cdn/small/../../etc/passwd',
      '/cdn/small/..%2F..%2Fetc%2Fpasswd',
      '/cdn/small/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/cdn/..%2F..%2F..%2Fetc%2Fpasswd',
      '/cdn/small/%00',
      '/cdn/small//etc/passwd',
      `/cdn/small/${'a/'.repeat(300)}x.webp`,
      "/cdn/small/x'%20or%20'1'%3D'1.webp",
      '/cdn/',
    ]) {
      const res = await get(url)
      expect([200, 404], url).toContain(res.statusCode)
      expect(res.body, url).not.toContain('root:')
      if (res.statusCode === 200) {
        expect(res.headers['x-placeholder'], url).toBe('1')
        expect(res.headers['content-type'], url).toBe('image/webp')
      } else {
        expect(res.json().message, url).toMatch(/^No such call/)
      }
    }
  })
})
