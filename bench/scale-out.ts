/**
 * One app process against two (issue #16): the catalogue API scenarios of `npm run bench` (warm list, search and
 * product pages) on the demo stores, against one compiled process, then against two on the same PostgreSQL with
 * the connections split between them as a round-robin load balancer would. Prints requests per second and the
 * ratio. `npm run build` first; BENCH_PG_URL names a database (seeded here when empty).
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/bench_scale npx tsx bench/scale-out.ts
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../tests/e2e/server'
import { type LoadResult, measure } from './load'

const url = process.env.BENCH_PG_URL
if (!url) throw new Error('Set BENCH_PG_URL to a PostgreSQL database (it is seeded with the demo stores when empty)')
const ROOT = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = 10
const settings = { warmupS: 3, durationS: 10 }

async function start() {
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '10000000',
    ORDER_JOBS_INTERVAL_MS: '0',
  }
  const child = spawn(process.execPath, ['dist/app/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return { base, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) }
}

const sum = (results: LoadResult[]): LoadResult => ({
  rps: results.reduce((n, r) => n + r.rps, 0),
  p50: Math.max(...results.map((r) => r.p50)),
  p99: Math.max(...results.map((r) => r.p99)),
  requests: results.reduce((n, r) => n + r.requests, 0),
  bad: results.reduce((n, r) => n + r.bad, 0),
  bytes: results[0].bytes,
})

const first = await start()
const headers = { 'x-web-url': 'http://localhost:3000' }
const list = (await (await fetch(`${first.base}/s/api/products?perPage=48`, { headers })).json()) as { data: { slug: string }[] }
const scenarios = [
  { name: 'product list', paths: [1, 2, 3].flatMap((page) => ['', '&s=price_asc', '&s=popularity'].map((s) => `/s/api/products?page=${page}${s}`)) },
  { name: 'list with q', paths: ['rice', 'atta', 'dal', 'masala chai', 'basmatti', 'oil'].map((q) => `/s/api/products?q=${encodeURIComponent(q)}`) },
  { name: 'single product', paths: list.data.map((p) => `/s/api/products/${p.slug}`) },
]

const rows: string[] = []
const second = await start()
for (const s of scenarios) {
  const one = await measure(first.base, s.paths, headers, { ...settings, connections: CONNECTIONS })
  const split = { ...settings, connections: CONNECTIONS / 2 }
  const two = sum(await Promise.all([measure(first.base, s.paths, headers, split), measure(second.base, s.paths, headers, split)]))
  rows.push(
    `| ${s.name} | ${Math.round(one.rps)} (p99 ${one.p99} ms) | ${Math.round(two.rps)} (p99 ${two.p99} ms) | ${(two.rps / one.rps).toFixed(2)} | ${one.bad + two.bad} |`,
  )
}
await Promise.all([first.stop(), second.stop()])
console.log(`\n${CONNECTIONS} connections, ${settings.warmupS} s warm-up + ${settings.durationS} s per run, compiled processes on PostgreSQL\n`)
console.log('| scenario | one process, req/s | two processes, req/s | ratio | bad answers |\n|---|---|---|---|---|')
for (const row of rows) console.log(row)
