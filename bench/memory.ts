/**
 * Memory of one compiled app process (issue #16), on PostgreSQL (BENCH_PG_URL, seeded when empty) and on PGlite (a
 * new data directory, from PGLITE_TEMPLATE when set): resident memory (VmRSS) 5 s after it first answered (idle),
 * then right after and 5 s after a short autocannon run over the catalogue API scenarios of bench/scale-out.ts
 * (loaded), and the most it ever held (VmHWM). `npm run build` first.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/bench_mem PGLITE_TEMPLATE=/tmp/tpl.tar npx tsx bench/memory.ts
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../tests/e2e/server'
import { measure } from './load'

const url = process.env.BENCH_PG_URL
if (!url) throw new Error('Set BENCH_PG_URL to a PostgreSQL database (it is seeded with the demo stores when empty)')
const ROOT = path.resolve(import.meta.dirname, '..')
const LOAD = { connections: 10, warmupS: 2, durationS: 10 }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return Math.round(kb / 1024)
}

async function run(database: 'PostgreSQL' | 'PGlite') {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mem-'))
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000', DATA_DIR: dataDir }
  if (database === 'PostgreSQL') env.DATABASE_URL = url
  else delete env.DATABASE_URL
  const started = Date.now()
  const child = spawn(process.execPath, ['dist/app/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${database} process exited`)
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await sleep(100)
  }
  const ready = (Date.now() - started) / 1000
  await sleep(5000)
  const idle = status(child.pid!, 'VmRSS')
  const headers = { 'x-web-url': 'http://localhost:3000' }
  const list = (await (await fetch(`${base}/s/api/products?perPage=48`, { headers })).json()) as { data: { slug: string }[] }
  const paths = [
    ...[1, 2, 3].flatMap((page) => ['', '&s=price_asc', '&s=popularity'].map((s) => `/s/api/products?page=${page}${s}`)),
    ...['rice', 'atta', 'dal', 'masala chai', 'basmatti', 'oil'].map((q) => `/s/api/products?q=${encodeURIComponent(q)}`),
    ...list.data.map((p) => `/s/api/products/${p.slug}`),
  ]
  const load = await measure(base, paths, headers, LOAD)
  const after = status(child.pid!, 'VmRSS')
  await sleep(5000)
  const settled = status(child.pid!, 'VmRSS')
  const peak = status(child.pid!, 'VmHWM')
  await new Promise<void>((r) => {
    child.once('exit', () => r())
    child.kill('SIGTERM')
  })
  rmSync(dataDir, { recursive: true, force: true })
  return `| ${database} | ${ready.toFixed(1)} s | ${idle} MB | ${after} MB | ${settled} MB | ${peak} MB | ${Math.round(load.rps)} req/s, ${load.bad} bad |`
}

const rows = [await run('PostgreSQL'), await run('PGlite')]
console.log(`\nOne compiled process; load: ${LOAD.connections} connections, ${LOAD.warmupS} s + ${LOAD.durationS} s over list, search and product calls`)
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ')}\n`)
console.log('| database | ready after | idle RSS | right after load | 5 s later | peak (VmHWM) | load |\n|---|---|---|---|---|---|---|')
for (const row of rows) console.log(row)
