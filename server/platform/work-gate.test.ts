import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { createWorkGate } from './work-gate'

/** A step that runs until the test lets it finish. */
function heldStep() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  let started = false
  return {
    step: async () => {
      started = true
      await done
      return 'done'
    },
    finish: () => finish(),
    started: () => started,
  }
}

describe('the work gate', () => {
  it('runs so many at once, keeps a few waiting in order, refuses the rest busy at once', async () => {
    const gate = createWorkGate({ atOnce: 1, queue: 2, waitMs: 60_000 }, 'busy with pictures')
    const steps = Array.from({ length: 5 }, heldStep)
    const answers = steps.map((s) =>
      gate.run(s.step).then(
        (v) => v,
        (e: unknown) => e,
      ),
    )
    // two refused before anything finished
    expect(await answers[3]).toBeInstanceOf(AppError)
    expect(await answers[4]).toMatchObject({ kind: 'busy', message: 'busy with pictures' })
    expect(gate.stats()).toEqual({ running: 1, waiting: 2 })
    expect(steps.map((s) => s.started())).toEqual([true, false, false, false, false])
    steps[0].finish()
    expect(await answers[0]).toBe('done')
    await expect.poll(() => steps[1].started()).toBe(true)
    expect(steps[2].started()).toBe(false)
    steps[1].finish()
    steps[2].finish()
    expect(await Promise.all(answers.slice(1, 3))).toEqual(['done', 'done'])
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses a step that waited past its time busy, and the turn still passes on', async () => {
    const gate = createWorkGate({ atOnce: 1, queue: 4, waitMs: 50 }, 'busy')
    const first = heldStep()
    const running = gate.run(first.step)
    await expect(gate.run(async () => 'late')).rejects.toMatchObject({ kind: 'busy' })
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 })
    first.finish()
    await running
    expect(await gate.run(async () => 'next')).toBe('next')
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('frees its turn when a step fails', async () => {
    const gate = createWorkGate({ atOnce: 1, queue: 0, waitMs: 1000 }, 'busy')
    await expect(
      gate.run(async () => {
        throw new Error('broken picture')
      }),
    ).rejects.toThrow('broken picture')
    expect(await gate.run(async () => 1)).toBe(1)
  })
})
