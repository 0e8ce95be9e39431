import { createHash } from 'node:crypto'
import { freePort } from '../tests/e2e/server'
import { type Child, startChild } from './children'
import { capture, type LoadResult, type LoadSettings, measure } from './load'
import { scenarios } from './scenarios'

export interface ApiRow {
  scenario: string
  kind: 'list' | 'q' | 'product' | 'suggest'
  cold: boolean
  app: LoadResult
  ref: LoadResult
  /** the reference was measured in an earlier run on the very same bytes */
  refReused: boolean
}

export interface ApiRun {
  driver: 'postgres' | 'pglite'
  products: number
  packs: number
  timings: Record<string, number>
  rows: ApiRow[]
}

/** Reference figures by hash of the bytes served, so the PGlite run doesn't re-measure identical answers. */
const referenceCache = new Map<string, LoadResult>()

/** The real app (own process) and the bare-Fastify reference (own process) under the same load, one scenario at a time. */
export async function benchApi(driver: ApiRun['driver'], url: string, products: number, load: LoadSettings, log: (m: string) => void): Promise<ApiRun> {
  const port = await freePort()
  log(`[${driver}] starting the app: migrate, demo seed, ${products} products…`)
  const app = await startChild(['app', url, String(port), String(products)], 600_000)
  let reference: Child | undefined
  try {
    reference = await startChild(['reference', String(await freePort())])
    const { origin, slugs = [], timings = {}, packs = 0 } = app.ready
    log(
      `[${driver}] ready: ${Object.entries(timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(', ')}`,
    )
    const headers = { 'x-web-url': origin!, accept: 'application/json' }
    const appBase = `http://127.0.0.1:${app.ready.port}`
    const refBase = `http://127.0.0.1:${reference.ready.port}`
    const rows: ApiRow[] = []
    const warmRefs = new Map<string, LoadResult>()
    for (const s of scenarios(slugs)) {
      log(`[${driver}] ${s.name}: ${s.paths.length} URLs, ${load.connections} connections, ${load.warmupS} s + ${load.durationS} s`)
      let ref = warmRefs.get(s.kind)
      let refReused = false
      if (!s.cold) {
        const bodies = await capture(appBase, s.paths, headers)
        const key = createHash('sha256').update(JSON.stringify(bodies)).digest('hex')
        ref = referenceCache.get(key)
        refReused = ref !== undefined
        if (!ref) {
          await reference!.send({ type: 'bodies', bodies }, 'loaded')
          ref = await measure(refBase, s.paths, headers, load)
          referenceCache.set(key, ref)
        }
        warmRefs.set(s.kind, ref)
      }
      const result = await measure(appBase, s.paths, headers, load)
      rows.push({ scenario: s.name, kind: s.kind, cold: s.cold, app: result, ref: ref!, refReused })
      log(
        `[${driver}]   app ${result.rps.toFixed(0)} req/s p50 ${result.p50} ms p99 ${result.p99} ms · reference ${ref!.rps.toFixed(0)} req/s p99 ${ref!.p99} ms${result.bad ? ` · ${result.bad} BAD ANSWERS` : ''}`,
      )
    }
    return { driver, products, packs, timings, rows }
  } finally {
    await Promise.all([app.stop(), reference?.stop()])
  }
}
