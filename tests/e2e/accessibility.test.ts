import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

const PAGES = ['/', '/products', '/products/kesar-valley-basmati-rice', '/about-us']

describe('axe: no serious or critical violations', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const path of PAGES) {
      it(`${path} at ${viewport.viewport.width}px`, async () => {
        const { context, page } = await openPage(browser, viewport)
        await page.goto(server.origin + path)
        await page.locator('main').waitFor()
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        assert.deepEqual(
          bad.map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          ),
          [],
        )
        await context.close()
      })
    }
  }
})
