/**
 * Server-rendered pages under load: the real server (built client, demo store on in-memory PGlite) and autocannon
 * on `/`, `/products` and one product page. For information; no budget.
 *   npx tsx bench/page-render.ts            (BENCH_CONNECTIONS 10, BENCH_WARMUP 1, BENCH_DURATION 5)
 */
import { startServer } from '../tests/e2e/server'
import { measure } from './load'

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  warmupS: Number(process.env.BENCH_WARMUP ?? 1),
  durationS: Number(process.env.BENCH_DURATION ?? 5),
}

const server = await startServer({ LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000', PAGE_RATE_LIMIT_MAX: '1000000000' })
try {
  const base = `http://127.0.0.1:${server.port}`
  const list = (await (await ready(`${base}/s/api/products`, { 'x-web-url': base })).json()) as { data: { slug: string }[] }
  const paths = ['/', '/products', `/products/${list.data[0].slug}`]
  console.log(`| page | req/s | p50 ms | p99 ms | bad |\n|---|--:|--:|--:|--:|`)
  for (const path of paths) {
    const r = await measure(base, [path], { accept: 'text/html' }, settings)
    console.log(`| ${path} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.bad} |`)
  }
} finally {
  await server.stop()
}

/** startServer gives up waiting after a minute; seeding the demo takes longer on a busy machine. */
async function ready(url: string, headers: Record<string, string>) {
  for (const deadline = Date.now() + 300_000; ; ) {
    const res = await fetch(url, { headers }).catch(() => null)
    if (res?.ok) return res
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await new Promise((r) => setTimeout(r, 500))
  }
}
