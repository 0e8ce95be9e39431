/** Deferred work (late authorisations, refund settlement, webhook retries), all cancelled on reset and close. */
export function createTimers() {
  const pending = new Set<NodeJS.Timeout>()
  return {
    later(ms: number, fn: () => unknown) {
      const timer = setTimeout(() => {
        pending.delete(timer)
        void fn()
      }, ms)
      timer.unref()
      pending.add(timer)
    },
    clearAll() {
      for (const timer of pending) clearTimeout(timer)
      pending.clear()
    },
  }
}

export type Timers = ReturnType<typeof createTimers>
