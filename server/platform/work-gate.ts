import { AppError } from './errors'

export interface WorkGateLimits {
  /** steps running at once at most */
  atOnce: number
  /** steps waiting for a turn at most; one more is refused as busy (503 with Retry-After) at once */
  queue: number
  /** a step waiting longer than this (ms) for its turn is refused as busy: a request never hangs on the gate */
  waitMs: number
}

/**
 * At most so many of one kind of heavy step at once in this process, a few more waiting, the rest refused busy at
 * once (issue 30). For work that runs outside the event loop but takes memory and threads of its own, as sharp's
 * image decoding does (libvips, on libuv's threads): four large pictures decoded together took the process from 705
 * to 1,506 MB and held libuv's threads (files, compression, DNS) for seconds.
 */
export function createWorkGate(limits: WorkGateLimits, busyMessage: string) {
  let running = 0
  const waiting: { go: () => void; timer: NodeJS.Timeout }[] = []
  const busy = () => new AppError('busy', busyMessage)

  function done() {
    const next = waiting.shift()
    if (!next) running--
    else {
      // the turn passes on: `running` stays as it is
      clearTimeout(next.timer)
      next.go()
    }
  }

  return {
    limits,
    async run<T>(step: () => Promise<T>): Promise<T> {
      if (running < limits.atOnce) running++
      else {
        if (waiting.length >= limits.queue) throw busy()
        await new Promise<void>((resolve, reject) => {
          const turn = {
            go: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(turn), 1)
              reject(busy())
            }, limits.waitMs),
          }
          waiting.push(turn)
        })
      }
      try {
        return await step()
      } finally {
        done()
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  }
}
