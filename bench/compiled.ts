import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../tests/e2e/server'
import { stopProcess, trackChild } from './children'

const ROOT = path.resolve(import.meta.dirname, '..')
export const METRICS_TOKEN = 'bench-metrics-token-0123456789'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface Compiled {
  base: string
  pid: number
  /** resident memory now (VmRSS) and the most it held (VmHWM), MB */
  rssMb(): number
  peakMb(): number
  /** the /metrics text */
  metrics(): Promise<string>
  stop(): Promise<void>
}

/** /proc/<pid>/status field in MB */
export function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return Math.round(kb / 1024)
}

/** One compiled app process (`node dist/app/main.js`, as production runs it) on a database; waits for /readyz. */
export async function startCompiled(databaseUrl: string, env: Record<string, string> = {}): Promise<Compiled> {
  const port = await freePort()
  const child = spawn(process.execPath, ['dist/app/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'never',
      RATE_LIMIT_MAX: '1000000000',
      PAGE_RATE_LIMIT_MAX: '1000000000',
      ORDER_JOBS_INTERVAL_MS: '0',
      SCHEDULED_JOBS_CHECK_MS: '0',
      METRICS_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  trackChild(child)
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/app/main.js exited with ${child.exitCode}`)
    if (Date.now() > deadline) {
      await stopProcess(child)
      throw new Error('dist/app/main.js: not ready within 180 s')
    }
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    await sleep(100)
  }
  const pid = child.pid!
  return {
    base,
    pid,
    rssMb: () => procMb(pid, 'VmRSS'),
    peakMb: () => procMb(pid, 'VmHWM'),
    metrics: async () => (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
    stop: () => stopProcess(child),
  }
}

/** The sum of a counter's series whose labels include all of `labels` (Prometheus text). */
export function counterSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue
    sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return sum
}
