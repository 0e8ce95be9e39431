import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UploadedMedia } from '../../../common/contracts/admin-media'
import { buildTestApp, MAIN, type TestApp } from '../../test/app'
import { type Cast, cast } from '../../test/staff'
import { imageWork } from './sharp'

/** A new 12-megapixel photo-like JPEG each call (noise compresses badly, so it decodes as a camera's picture does). */
let seed = 0
async function largePhoto() {
  const width = 4000
  const height = 3000
  const raw = Buffer.alloc(width * height * 3)
  let x = ++seed * 2654435761
  for (let i = 0; i < raw.length; i += 97) {
    x = (x * 1103515245 + 12345) >>> 0
    raw[i] = x & 0xff
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/**
 * Issue 30: pictures are decoded a few at a time per process (IMAGE_DECODES), a few more wait (IMAGE_QUEUE), the rest
 * are answered 503 with Retry-After at once; none hangs, and the next upload works. One decode at a time and one
 * waiting here: of eight large uploads at once, two are decoded, the others told to come back.
 */
describe('image decodes bounded per process', () => {
  let t: TestApp
  let who: Cast
  beforeAll(async () => {
    t = await buildTestApp('pglite', { IMAGE_DECODES: 1, IMAGE_QUEUE: 1 })
    who = await cast(t)
  })
  afterAll(() => t.close())

  const upload = (body: Buffer) =>
    t.call({ method: 'POST', url: '/s/api/admin/media', session: who.admin, origin: MAIN, payload: body, headers: { 'content-type': 'image/jpeg' } })

  it('answers uploads past one decoding and one waiting 503 with Retry-After at once, and the next upload works', async () => {
    const photos = await Promise.all(Array.from({ length: 8 }, largePhoto))
    const answers = await Promise.all(photos.map(upload))
    const stored = answers.filter((r) => r.statusCode === 200)
    const busy = answers.filter((r) => r.statusCode === 503)
    expect(stored.length + busy.length, answers.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join('\n')).toBe(8)
    expect(stored.length).toBeGreaterThanOrEqual(1)
    expect(busy.length).toBeGreaterThanOrEqual(4)
    for (const r of stored) expect(UploadedMedia.parse(r.json())).toMatchObject({ width: 4000, height: 3000 })
    for (const r of busy) {
      expect(r.headers['retry-after']).toMatch(/^\d+$/)
      expect(r.json().message).toMatch(/busy/i)
    }
    expect(imageWork.decodes.stats()).toEqual({ running: 0, waiting: 0 })
    const next = await upload(await largePhoto())
    expect(next.statusCode, next.body).toBe(200)
  })
})
