import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { createWorkerPool } from './worker-pool'

/** A worker module written for the test: `spin` keeps its thread busy for the given ms, `twice` answers at once. */
function workerModule(source: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pool-')), 'worker.mjs')
  writeFileSync(file, source)
  return file
}
const SPIN = workerModule(`
export function spin(ms) { const end = Date.now() + ms; while (Date.now() < end) {} return ms }
export function twice(n) { return n * 2 }
export function never() { return new Promise(() => {}) }
`)
type SpinTasks = { spin: (ms: number) => number; twice: (n: number) => number; never: (x: null) => Promise<never> }

describe('the worker pool', () => {
  it('keeps a full queue from growing: a task past threads + queue is refused busy at once, the others finish', async () => {
    const pool = createWorkerPool<SpinTasks>({ filename: SPIN, threads: 1, maxQueue: 2 })
    try {
      const started = Date.now()
      const refusedAfter: number[] = []
      const doneAfter: number[] = []
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          pool.run('spin', 300).then(
            (v) => {
              doneAfter.push(Date.now() - started)
              return { ok: v }
            },
            (e: unknown) => {
              refusedAfter.push(Date.now() - started)
              return { refused: e }
            },
          ),
        ),
      )
      const refused = answers.filter((a): a is { refused: AppError } => 'refused' in a)
      expect(refused.length).toBeGreaterThanOrEqual(5)
      for (const r of refused) expect(r.refused).toMatchObject({ kind: 'busy' })
      expect(answers.filter((a) => 'ok' in a).every((a) => (a as { ok: number }).ok === 300)).toBe(true)
      // refused at once, before any task was done, not after waiting for a thread
      expect(Math.max(...refusedAfter)).toBeLessThan(Math.min(...doneAfter))
      expect(await pool.run('twice', 21)).toBe(42)
      expect(pool.stats().queued).toBe(0)
    } finally {
      await pool.close()
    }
  })

  it('stops a task past its time and answers busy: the caller is never left waiting', async () => {
    const pool = createWorkerPool<SpinTasks>({ filename: SPIN, threads: 1, maxQueue: 1, taskMs: 500 })
    try {
      await expect(pool.run('never', null)).rejects.toBeInstanceOf(AppError)
      expect(await pool.run('twice', 2)).toBe(4)
    } finally {
      await pool.close()
    }
  })
})
