import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MOBILE, openPage } from './browser'
import { shot, signedIn, staffSuite, SUPERADMIN } from './staff-session'

const suite = staffSuite()

/** The staff lists with wide tables: each must scroll inside its own frame on a phone, never the whole page. */
const SCREENS = ['/bos/admin/orders', '/bos/admin/products', '/bos/admin/customers', '/bos/admin/stock', '/bos/admin/coupons', '/bos/admin/audit']

describe('staff tables on a phone', () => {
  it('at 390 px every staff table scrolls inside its frame; the page itself never scrolls sideways', async () => {
    const desk = await signedIn(suite.browser, suite.server.origin, SUPERADMIN)
    const phone = await openPage(suite.browser, { ...MOBILE, storageState: await desk.context.storageState() })
    let scrolledInside = 0
    for (const path of SCREENS) {
      await phone.page.goto(`${suite.server.origin}${path}`)
      const row = phone.page.locator('main table tbody tr:not([aria-hidden])').first()
      await row.waitFor()
      await shot(phone.page, `29-phone${path.replaceAll('/', '-')}`, false)
      const wide = await phone.page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((el) => {
            for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return false
            return true
          })
          .slice(0, 3)
          .map((el) => `${el.tagName}.${el.className}`),
      )
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      assert.ok(overflow <= 0, `${path}: the page scrolls sideways by ${overflow} px (${wide.join(' | ')})`)
      // the table's own frame: the nearest box that scrolls sideways, no wider than the screen
      const frame = await row.evaluate((el) => {
        let box = el.closest('table')?.parentElement ?? null
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement
        if (!box) return null
        const before = box.scrollLeft
        box.scrollLeft = 10_000
        const moved = box.scrollLeft - before
        box.scrollLeft = before
        return { width: box.getBoundingClientRect().right, scrolls: box.scrollWidth > box.clientWidth, moved }
      })
      assert.ok(frame, `${path}: the table sits in a frame that scrolls sideways`)
      assert.ok(frame.width <= 390 + 0.5, `${path}: the table's frame ends at ${frame.width} px, past the screen`)
      if (frame.scrolls) {
        assert.ok(frame.moved > 0, `${path}: the wide table scrolls inside its frame`)
        scrolledInside++
      }
    }
    assert.ok(scrolledInside > 0, 'some staff table is wider than a phone and scrolls inside its frame')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
    await desk.context.close()
  })
})
