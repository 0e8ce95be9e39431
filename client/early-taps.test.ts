// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const html = document.documentElement
/** The app's sign that it has hydrated; the script hears it in a microtask (its MutationObserver), then replays. */
const hydrate = async () => {
  html.dataset.hydrated = 'true'
  await Promise.resolve()
}
/** Replays are one task apart: wait for what they do, however late the tasks run on a loaded machine. */
const replayed = (check: () => void) => vi.waitFor(check, { timeout: 10_000 })

beforeEach(async () => {
  delete html.dataset.hydrated
  vi.resetModules()
  await import('./early-taps')
})
afterEach(async () => {
  await hydrate()
  document.body.innerHTML = ''
})

/** A control the app answers once hydrated, with the clicks it has seen. */
function control(markup: string) {
  document.body.insertAdjacentHTML('beforeend', markup)
  const el = document.body.lastElementChild as HTMLElement
  const seen: string[] = []
  el.addEventListener('click', () => seen.push(html.dataset.hydrated === 'true' ? 'after' : 'before'))
  return { el, seen }
}

describe('early taps (docs/decisions/0010-first-interaction.md)', () => {
  it('holds a tap on a button until the page has hydrated, then replays it', async () => {
    const cart = control('<button type="button"><span>Cart</span></button>')
    ;(cart.el.firstElementChild as HTMLElement).click()
    expect(cart.seen).toEqual([])
    await hydrate()
    await replayed(() => expect(cart.seen).toEqual(['after']))
  })

  it('replays taps in order, one task apart, and stops holding once hydrated', async () => {
    const order: string[] = []
    const a = control('<button>a</button>')
    const b = control('<button>b</button>')
    a.el.addEventListener('click', () => order.push('a'))
    b.el.addEventListener('click', () => {
      order.push('b')
      queueMicrotask(() => order.push('b answered'))
    })
    b.el.click()
    a.el.click()
    b.el.click()
    await hydrate()
    await replayed(() => expect(order).toEqual(['b', 'b answered', 'a', 'b', 'b answered']))
    a.el.click()
    expect(a.seen).toEqual(['after', 'after'])
  })

  it('holds checkboxes and their labels, so a filter tapped early is applied by the app', async () => {
    const label = control('<label><input type="checkbox"> Rice</label>')
    const box = label.el.querySelector('input')!
    label.el.click()
    expect(box.checked).toBe(false)
    await hydrate()
    await replayed(() => expect(box.checked).toBe(true))
  })

  it('leaves alone what works without script: links, text fields, submit buttons of forms with an action', async () => {
    const link = control('<a href="#here">Here</a>')
    const field = control('<input type="search">')
    const form = control('<form action="/products"><button>Go</button></form>')
    link.el.click()
    field.el.click()
    ;(form.el.querySelector('button') as HTMLElement).click()
    expect([link.seen, field.seen, form.seen]).toEqual([['before'], ['before'], ['before']])
  })

  it('drops a held tap whose control the app replaced', async () => {
    const gone = control('<button>gone</button>')
    const later = control('<button>later</button>')
    gone.el.click()
    later.el.click()
    gone.el.remove()
    await hydrate()
    // replays keep their order: once the later tap is replayed, the dropped one's turn has passed
    await replayed(() => expect(later.seen).toEqual(['after']))
    expect(gone.seen).toEqual([])
  })
})
