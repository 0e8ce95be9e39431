import { Piscina } from 'piscina'
import { AppError } from './errors'

/** A worker module's tasks: named exports of one argument each (structured-clone data in, data out). */
// biome-ignore lint/suspicious/noExplicitAny: a task's argument is whatever its own signature says
type Tasks = Record<string, (arg: any) => unknown>

export interface WorkerPoolOptions {
  /** the worker module (JavaScript): server/workers-from-sources.mjs, or dist/app/workers.js when compiled */
  filename: string
  /** threads at most (each a V8 isolate: about 30 MB once warm) */
  threads: number
  /** tasks waiting for a thread at most; one more is refused as busy (503 with Retry-After), never queued forever */
  maxQueue: number
  /** a thread's old-generation heap at most, MB: a task past it ends that thread, not the process */
  heapMb?: number
  /** a thread with nothing to do ends after this long (ms); the next task starts one again */
  idleMs?: number
  /** a task still not done after this long (ms) is stopped (its thread ends) and answered busy: a request never hangs */
  taskMs?: number
}

const BUSY_WORK = 'The shop is busy with heavy work right now: please try again in a moment'

/**
 * CPU-heavy steps (PDFs today) run here, in worker threads, so the event loop that answers shoppers stays free
 * (issue 30). A full queue answers busy at once rather than letting requests pile up behind the work.
 */
export function createWorkerPool<T extends Tasks>({ filename, threads, maxQueue, heapMb = 256, idleMs = 30_000, taskMs = 60_000 }: WorkerPoolOptions) {
  const pool = new Piscina({
    filename,
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    maxQueue,
    idleTimeout: idleMs,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  })
  return {
    async run<K extends keyof T & string>(name: K, arg: Parameters<T[K]>[0]): Promise<Awaited<ReturnType<T[K]>>> {
      if (pool.queueSize >= maxQueue) throw new AppError('busy', BUSY_WORK)
      try {
        return await pool.run(arg, { name, signal: AbortSignal.timeout(taskMs) })
      } catch (err) {
        // taken between the check above and the queue, or past its time: the same answer
        if (err instanceof Error && (/queue is at limit/i.test(err.message) || err.name === 'AbortError')) throw new AppError('busy', BUSY_WORK)
        throw err
      }
    },
    stats: () => ({ threads: pool.threads.length, queued: pool.queueSize, running: pool.utilization, completed: pool.completed }),
    close: () => pool.close({ force: true }),
  }
}
export type WorkerPool<T extends Tasks> = ReturnType<typeof createWorkerPool<T>>
