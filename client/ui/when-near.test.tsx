// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { LOOK_AHEAD_ATTRIBUTE } from '../../common/rules/page-preview'
import { NEAR_MARGIN, WhenNear } from './when-near'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Every IntersectionObserver made, with its margin, and a way to report its target in view. */
function observers() {
  const made: { margin: string | undefined; disconnected: boolean; show: () => void }[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private target: Element | undefined
      private readonly entry: (typeof made)[number]
      constructor(report: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
        this.entry = {
          margin: options.rootMargin,
          disconnected: false,
          show: () => report([{ isIntersecting: true, target: this.target } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
        }
        made.push(this.entry)
      }
      observe(target: Element) {
        this.target = target
      }
      disconnect() {
        this.entry.disconnected = true
      }
    },
  )
  return made
}

it('counts only the viewport as near until the first scroll, then looks NEAR_MARGIN ahead; nears once (issue 31)', () => {
  const made = observers()
  const onNear = vi.fn()
  render(<WhenNear onNear={onNear}>{(near) => <p>{near ? 'near' : 'far'}</p>}</WhenNear>)
  expect(made.map((o) => o.margin)).toEqual(['0px'])
  expect(screen.getByText('far')).toBeTruthy()

  act(() => {
    window.dispatchEvent(new Event('scroll'))
  })
  expect(made.map((o) => o.margin)).toEqual(['0px', NEAR_MARGIN])
  expect(made[0].disconnected).toBe(true)

  act(() => made[1].show())
  expect(screen.getByText('near')).toBeTruthy()
  expect(onNear).toHaveBeenCalledTimes(1)

  // once the shopper has scrolled, new content looks ahead at once
  cleanup()
  render(<WhenNear>{() => null}</WhenNear>)
  expect(made.at(-1)?.margin).toBe(NEAR_MARGIN)
})

it("looks ahead at once in the page builder's preview, which marks its document (no shopper's first load)", async () => {
  vi.resetModules()
  const fresh = await import('./when-near')
  const made = observers()
  document.documentElement.setAttribute(LOOK_AHEAD_ATTRIBUTE, '')
  try {
    render(<fresh.WhenNear>{() => null}</fresh.WhenNear>)
    expect(made.map((o) => o.margin)).toEqual([NEAR_MARGIN])
  } finally {
    document.documentElement.removeAttribute(LOOK_AHEAD_ATTRIBUTE)
  }
})
