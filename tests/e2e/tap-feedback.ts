import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'

export interface TapFeedback {
  /** tap → the next frame after the button changed (busy, or the stepper in its place): what the shopper sees */
  shownMs: number
  /** tap → the server's answer to the add: how long the shopper waited when the button followed the server */
  answeredMs: number
}

/**
 * Taps 'Add to Cart' on a page that has hydrated and settled, and times it on the page's own clock: from the tap's
 * time stamp to the frame after the button changed, and to the end of the server's answer. Resolves once the cart
 * shows the item.
 */
export async function tapAddToCart(page: Page, add: Locator, tap: (target: Locator) => Promise<void>, timeout: number): Promise<TapFeedback> {
  await page.evaluate(
    (button) => {
      const marks = { tap: 0, shown: 0 }
      Object.assign(window, { tapMarks: marks })
      addEventListener('pointerdown', (e) => e.isTrusted && (marks.tap = e.timeStamp), { capture: true, once: true })
      const observer = new MutationObserver(() => {
        if (!marks.tap || (button.isConnected && button.getAttribute('aria-busy') !== 'true')) return
        observer.disconnect()
        requestAnimationFrame(() => (marks.shown = performance.now()))
      })
      observer.observe(document.body, { subtree: true, childList: true, attributes: true })
    },
    await add.elementHandle(),
  )
  await tap(add)
  await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor({ timeout })
  await page
    .getByRole('button', { name: /^One more / })
    .first()
    .waitFor({ timeout })
  const {
    tap: at,
    shown,
    answered,
  } = await page.evaluate(() => ({
    ...(window as unknown as { tapMarks: { tap: number; shown: number } }).tapMarks,
    answered: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith('/s/api/cart/add'))?.responseEnd ?? 0,
  }))
  assert.ok(shown > 0 && answered > 0, 'the change and the answer were both seen')
  return { shownMs: shown - at, answeredMs: answered - at }
}

/** Taps at the centre of `target` at once, as a finger does (Playwright's own checks would wait for a still page). */
export async function tapNow(target: Locator) {
  await target.waitFor()
  const box = await target.boundingBox()
  assert.ok(box, 'the target is on screen')
  await target.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
}
