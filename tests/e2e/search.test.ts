import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import type { Browser } from 'playwright-core'
import { makePostgresTemplate, withDatabase } from '../../server/db/template'
import { untilValue } from '../../server/test/wait'
import { launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

/**
 * Issue 15's journey on a phone (360 px), with two app processes on one PostgreSQL database: Hinglish and
 * Devanagari searches, a typo, suggestions while typing, a search that finds nothing showing 'No matching data'
 * and landing in the zero-result report, and an admin's synonym making it find the product in both processes.
 */

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const dbName = `search_${randomBytes(4).toString('hex')}`
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const NEVER_SEEN = 'kharcha chawal'

let a: TestServer
let b: TestServer
let browser: Browser

before(async () => {
  await makePostgresTemplate(adminUrl, dbName)
  const env = { DATABASE_URL: withDatabase(adminUrl, dbName), SEED: 'never', AUTH_FIXED_OTP: STAFF_CODE }
  ;[a, b, browser] = await Promise.all([startServer(env), startServer(env), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await Promise.all([a?.stop(), b?.stop()])
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  await c.query(`drop database if exists "${dbName}" with (force)`)
  await c.end()
})

const firstNames = async (server: TestServer, q: string) => {
  const res = await fetch(`${server.origin}/s/api/products?q=${encodeURIComponent(q)}&perPage=3`, { headers: { 'x-web-url': server.origin } })
  assert.equal(res.status, 200)
  return ((await res.json()) as { data: { product_name: string }[] }).data.map((p) => p.product_name)
}

describe('search that understands how Indians ask for groceries (issue 15)', () => {
  it('suggests atta for aata, finds आटा and basmatti chawal, and reports what found nothing', async () => {
    const { context, page, errors } = await openPage(browser, PHONE)
    await page.goto(`${a.origin}/`)
    const box = page.getByRole('combobox', { name: 'Search products' }).first()
    await box.click()
    await box.pressSequentially('aata', { delay: 60 })
    const list = page.getByRole('listbox', { name: 'Suggestions' }).first()
    await list.getByRole('option', { name: /Atta/ }).first().waitFor()
    const suggested = await list.getByRole('option').allTextContents()
    assert.match(suggested[0]!, /Atta.*₹/, `a product with its price first: ${suggested.join(' | ')}`)
    await page.screenshot({ path: '/tmp/search-suggest-360.png' })

    await box.fill('आटा')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/products\?q=/)
    await page.locator('article h3').first().waitFor()
    assert.match((await page.locator('article h3').first().textContent()) ?? '', /Atta/)

    await box.fill('basmatti chawal')
    await page.keyboard.press('Enter')
    await page.waitForURL(/q=basmatti/)
    await page
      .locator('article h3', { hasText: /Basmati Rice/ })
      .first()
      .waitFor()

    await box.fill('')
    await box.pressSequentially(NEVER_SEEN, { delay: 20 })
    await list.getByRole('option', { name: 'No matching data' }).waitFor()
    await page.screenshot({ path: '/tmp/search-nomatch-360.png' })
    await page.keyboard.press('Enter')
    await page.waitForURL(/q=kharcha/)
    await page.getByText(`No products match “${NEVER_SEEN}”`).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('an admin adds a synonym from the zero-result report; both app processes then find the product', async () => {
    assert.deepEqual(await firstNames(b, NEVER_SEEN), [])
    const { context, page, errors } = await signedIn(browser, a.origin, SUPERADMIN)
    await page.goto(`${a.origin}/bos/admin/search`)
    const report = page.getByRole('table', { name: 'Searches that found nothing' })
    const row = report.getByRole('row', { name: new RegExp(NEVER_SEEN) })
    await row.waitFor()
    await page.screenshot({ path: '/tmp/search-report-1280.png', fullPage: true })
    await row.getByRole('button', { name: `Add synonym for ${NEVER_SEEN}` }).click()
    await row.getByLabel(`What “${NEVER_SEEN}” means`).fill('basmati rice')
    await row.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('table', { name: 'Synonyms' }).getByRole('cell', { name: NEVER_SEEN, exact: true }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()

    for (const server of [a, b]) {
      const names = await untilValue(
        () => firstNames(server, NEVER_SEEN),
        (found) => found.length > 0,
        10_000,
        `${server.origin} to find “${NEVER_SEEN}”`,
      )
      assert.match(names[0], /Basmati Rice/, `${server.origin} finds basmati rice for “${NEVER_SEEN}”`)
    }
  })
})
