import autocannon from 'autocannon'
import type { Body } from './serve'

export interface LoadSettings {
  connections: number
  warmupS: number
  durationS: number
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  /** non-2xx answers, errors and timeouts: anything but 0 makes the figure suspect */
  bad: number
  /** mean body size, bytes */
  bytes: number
}

/**
 * Loopback load with autocannon: a warm-up run (discarded), then the measured run. Every request takes the next
 * path of `paths` (one counter shared by all connections), so a list longer than the app's cache never hits it.
 */
export async function measure(base: string, paths: string[], headers: Record<string, string>, s: LoadSettings): Promise<LoadResult> {
  let next = 0
  return measureEach(base, () => ({ path: paths[next++ % paths.length], headers }), s)
}

/** As `measure`, each request's path and headers from `next` (e.g. a different website per request by x-web-url). */
export async function measureEach(base: string, next: () => { path: string; headers: Record<string, string> }, s: LoadSettings): Promise<LoadResult> {
  assertLoopback(base)
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: s.connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const { path, headers } = next()
            return { ...req, path, headers: { ...req.headers, ...headers } }
          },
        },
      ],
    })
  if (s.warmupS > 0) await run(s.warmupS)
  const r = await run(s.durationS)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    bad: r.non2xx + r.errors + r.timeouts,
    bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  }
}

/** One real answer per distinct path: the bytes the reference serves. */
export async function capture(base: string, paths: string[], headers: Record<string, string>): Promise<Body[]> {
  assertLoopback(base)
  const bodies: Body[] = []
  for (const url of new Set(paths)) {
    const res = await fetch(base + url, { headers })
    const bytes = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${bytes.toString().slice(0, 200)}`)
    bodies.push({ url, contentType: res.headers.get('content-type') ?? 'application/json', body: bytes.toString('base64') })
  }
  return bodies
}

function assertLoopback(base: string) {
  if (new URL(base).hostname !== '127.0.0.1') throw new Error(`load only on loopback, not ${base}`)
}

/**
 * Load at a steady rate (`rate` requests a second over all connections) for as long as `until` is pending, then
 * its figures: latency at a rate the process can answer measures how long a request waits, not how many queue.
 */
export function measureUntil(
  base: string,
  next: () => { path: string; headers: Record<string, string> },
  s: { connections: number; rate: number },
  until: Promise<unknown>,
): Promise<LoadResult> {
  assertLoopback(base)
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: s.connections,
        overallRate: s.rate,
        duration: 3600,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const { path, headers } = next()
              return { ...req, path, headers: { ...req.headers, ...headers } }
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err)
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          requests: r.requests.total,
          bad: r.non2xx + r.errors + r.timeouts,
          bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
        })
      },
    )
    void until.finally(() => instance.stop())
  })
}
