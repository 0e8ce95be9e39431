import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'

/**
 * Issue 31's search that recovers, on a 390 px phone over the demo store: 'biskit' shows the Biscuits instead of
 * nothing, 'surf excel' offers Detergents in the suggestions, 'doodh' lists the milk itself before the milk chocolate
 * and 'haldi' the turmeric before the body wash, with the categories near it to browse.
 */
let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** axe over the page's main part: the recovery and the search-text chip above it. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.html} ${v.nodes[0]?.failureSummary}`)
}

describe('a search that recovers (issue 31)', () => {
  it('biskit shows the Biscuits instead of nothing; its link opens the category', async () => {
    const { context, page, errors } = await openPage(browser, MOBILE)
    await page.goto(`${server.origin}/products?q=biskit`)
    const recovery = page.getByRole('region', { name: 'Showing results for Biscuits instead' })
    await recovery.waitFor()
    await recovery.getByText('No products match “biskit”.').waitFor()
    assert.ok((await recovery.locator('article h3').count()) > 0, 'the biscuits are shown')
    assert.match((await recovery.locator('article h3').first().textContent()) ?? '', /Biscuit|Bourbon|Cookie|Rusk/)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 390px`)
    await page.screenshot({ path: '/tmp/search-recovery-390.png' })
    assert.deepEqual(await seriousViolations(page), [])
    await recovery.getByRole('link', { name: 'Biscuits', exact: true }).click()
    await page.waitForURL(/\/products\?c=biscuits$/)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it("surf excel offers Detergents under 'No matching data' in the suggestions", async () => {
    const { context, page, errors } = await openPage(browser, MOBILE)
    await page.goto(`${server.origin}/`)
    const box = page.getByRole('combobox', { name: 'Search products' }).first()
    await box.click()
    await box.pressSequentially('surf excel', { delay: 30 })
    const list = page.getByRole('listbox', { name: 'Suggestions' }).first()
    await list.getByRole('option', { name: 'No matching data' }).waitFor()
    const near = list.getByRole('option', { name: /Did you mean Detergents/ })
    await near.waitFor()
    await page.screenshot({ path: '/tmp/search-suggest-recovery-390.png' })
    await near.click()
    await page.waitForURL(/\/products\?c=detergents$/)
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('doodh lists the milk itself before the milk chocolate; haldi the turmeric, with categories to browse', async () => {
    const { context, page, errors } = await openPage(browser, MOBILE)
    await page.goto(`${server.origin}/products?q=doodh`)
    await page.locator('article h3').first().waitFor()
    const names = await page.locator('article h3').allTextContents()
    assert.equal(names[0], 'Dhavala Dairy Toned Milk UHT', names.join(' | '))
    assert.ok(names.indexOf('Mithas Cocoa Milk Chocolate Bar') > 1, names.join(' | '))

    // haldi finds two: the turmeric first, and the categories near it to browse for more
    await page.goto(`${server.origin}/products?q=haldi`)
    const seeAlso = page.getByRole('list', { name: 'See also:' })
    await seeAlso.getByRole('link', { name: 'Powdered Spices' }).waitFor()
    assert.equal(await page.locator('article h3').first().textContent(), 'Desi Tadka Turmeric Powder')
    await page.screenshot({ path: '/tmp/search-see-also-390.png' })
    assert.deepEqual(errors, [])
    await context.close()
  })
})
