/**
 * Four large uploads at once (issue 30): peak RSS of the process and how long another request's work waits meanwhile,
 * `before` (each picture decoded at once with sharp's defaults, as uploads were) against `after` (the app's image
 * gate and sharp settings, features/media/sharp.ts). Each mode in its own process: sharp's settings are per process.
 *
 *   npx tsx bench/image-decodes.ts before|after [megapixels=49] [uploads=4]
 *
 * Another request's work is probed every 50 ms: a 64 KB gzip (libuv's threads, as response compression is) and a
 * timer (the event loop); the figures are the longest and the 99th percentile.
 */
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip as gzipCb } from 'node:zlib'
import type Sharp from 'sharp'
import { inspectImage, MAX_PIXELS } from '../server/features/media/inspect'

const gzip = promisify(gzipCb)
const mode = process.argv[2] === 'before' ? 'before' : 'after'
const megapixels = Number(process.argv[3] ?? 49)
const uploads = Number(process.argv[4] ?? 4)
const mb = (n: number) => Math.round(n / 2 ** 20)

/** A camera-like JPEG (noisy, with EXIF) of about `megapixels`, made once and kept in the temporary folder. */
async function photo(i: number, sharp: typeof Sharp): Promise<Buffer> {
  const dir = path.join(tmpdir(), 'storefront-image-bench')
  mkdirSync(dir, { recursive: true })
  const side = Math.round(Math.sqrt(megapixels * 1e6))
  const file = path.join(dir, `photo-${side}-${i}.jpg`)
  if (existsSync(file)) return readFileSync(file)
  const raw = Buffer.alloc(side * side * 3)
  let x = (i + 1) * 2654435761
  for (let p = 0; p < raw.length; p += 7) {
    x = (x * 1103515245 + 12345) >>> 0
    raw[p] = x & 0xff
  }
  const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .withMetadata({ orientation: 1 })
    .jpeg({ quality: 80 })
    .toBuffer()
  writeFileSync(file, bytes)
  return bytes
}

/** The upload check as it was: every picture at once, sharp's own settings. */
async function inspectedBefore(sharp: typeof Sharp, bytes: Buffer) {
  const options = { failOn: 'warning', limitInputPixels: MAX_PIXELS } as const
  const meta = await sharp(bytes, options).metadata()
  await sharp(bytes, options).stats()
  if (meta.exif) await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().jpeg({ quality: 92 }).toBuffer()
}

const sharp = createRequire(import.meta.url)('sharp') as typeof Sharp
const photos: Buffer[] = []
for (let i = 0; i < uploads; i++) photos.push(await photo(i, sharp))
// the app's module loads sharp with its settings; `before` loads the same package with sharp's defaults
if (mode === 'before') sharp.cache(true)

const payload = Buffer.alloc(64 * 1024, 'a quick brown fox jumps over the lazy dog ')
const probes: number[] = []
let peak = process.memoryUsage().rss
const base = peak
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
let probing = true
const prober = (async () => {
  while (probing) {
    const started = performance.now()
    await new Promise((r) => setTimeout(r, 0))
    await gzip(payload)
    probes.push(performance.now() - started)
    await new Promise((r) => setTimeout(r, 50))
  }
})()

const started = performance.now()
const outcomes = await Promise.all(
  photos.map(async (bytes) => {
    const t0 = performance.now()
    try {
      if (mode === 'before') await inspectedBefore(sharp, bytes)
      else {
        const r = await inspectImage(bytes)
        if (!r.ok) return { ms: performance.now() - t0, outcome: r.message }
      }
      return { ms: performance.now() - t0, outcome: 'ok' }
    } catch (err) {
      return { ms: performance.now() - t0, outcome: (err as Error).message }
    }
  }),
)
const totalMs = performance.now() - started
probing = false
await prober
clearInterval(sampler)
probes.sort((a, b) => a - b)
const p99 = probes[Math.min(probes.length - 1, Math.floor(probes.length * 0.99))]
console.log(
  JSON.stringify({
    mode,
    megapixels,
    uploads,
    photoMb: photos.map((p) => Math.round((p.length / 2 ** 20) * 10) / 10),
    rssBeforeMb: mb(base),
    rssPeakMb: mb(peak),
    totalMs: Math.round(totalMs),
    uploadMs: outcomes.map((o) => Math.round(o.ms)),
    outcomes: outcomes.map((o) => o.outcome),
    otherWorkMs: { max: Math.round(probes.at(-1) ?? 0), p99: Math.round(p99), samples: probes.length },
  }),
)
