/**
 * Waiting in tests: for a condition, never for a time. Work a test starts in the background (webhooks, the
 * simulator's tasks, jobs, another process hearing an invalidation) is done when its effect shows, however loaded
 * the machine is; a fixed pause is too short there, and lets a check pass before the work it checks was even done.
 * For "nothing more happens", wait for the sign that the work in question ended (the delivery answered, the task
 * deleted, the job run), then check that nothing changed.
 */

/** Polls `check` until it holds; fails after `ms` (a safety net, far above the usual milliseconds) saying `what`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition') {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Polls `read` until `done` holds for its answer, and answers it. */
export async function untilValue<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 10_000, what = 'the value'): Promise<T> {
  let value = await read()
  const deadline = Date.now() + ms
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}; last ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 20))
    value = await read()
  }
  return value
}

/**
 * Resolves once every timer of at most `ms` already set has fired: Node runs timers in the order they fall due,
 * however late that is on a loaded machine. Not a wait for work to be done: after it, work that code schedules with
 * a timer of known longest delay (a retry) has begun; wait for its end by its own sign.
 */
export const timersDue = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
