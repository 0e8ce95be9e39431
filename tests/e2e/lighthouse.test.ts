import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from './browser'
import { startServer, type TestServer } from './server'

let server: TestServer
let chrome: chromeLauncher.LaunchedChrome

before(async () => {
  server = await startServer()
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS })
})
after(async () => {
  await chrome?.kill()
  await server?.stop()
})

// Performance is a speed target: bench/lighthouse.ts prints it. Accessibility and SEO are behaviour.
describe('lighthouse (mobile): accessibility ≥ 95 and SEO 100', () => {
  for (const path of ['/', '/products']) {
    it(path, async () => {
      const result = await lighthouse(`${server.origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'seo'],
      })
      const categories = result?.lhr.categories
      assert.ok(categories, 'lighthouse produced a report')
      const failing = (cat: 'accessibility' | 'seo') =>
        Object.values(result!.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && categories[cat].auditRefs.some((r) => r.id === a.id && r.weight > 0))
          .map((a) => a.id)
      assert.ok((categories.accessibility.score ?? 0) >= 0.95, `accessibility ${categories.accessibility.score}: ${failing('accessibility')}`)
      assert.equal(categories.seo.score, 1, `seo ${categories.seo.score}: ${failing('seo')}`)
    })
  }
})
