import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn as signInAs, STAFF_CODE, SUPERADMIN } from './staff-session'

const SHOTS = process.env.E2E_SCREENSHOTS ?? ''

let server: TestServer
let browser: Browser
const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-catalogue-'))

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const signedIn = (username: string) => signInAs(browser, server.origin, username)
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true }) : Promise.resolve())

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  const to = path.join(dir, name)
  await file.saveAs(to)
  return to
}

async function check(page: Page, file: string) {
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Check file' }).click()
  await page.getByRole('region', { name: 'Preview', exact: true }).waitFor()
}

describe('catalogue import and export in the staff app', () => {
  it('exports the catalogue and re-imports it: the preview says nothing changes, and applying changes nothing', async () => {
    const { page, context, errors } = await signedIn(SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin`)
    await page.getByRole('link', { name: 'Import / export' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor()

    const exported = await download(page, 'catalogue.csv')
    const bytes = readFileSync(exported)
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM')
    assert.match(bytes.toString('utf8'), /^\uFEFFProduct name,Slug,Brand,Categories,/)
    const rows = bytes.toString('utf8').trim().split('\r\n').length - 1
    assert.ok(rows > 100, `the demo catalogue's packs (${rows})`)

    await check(page, exported)
    const preview = page.getByRole('region', { name: 'Preview', exact: true })
    await preview.getByText('Nothing changes: the catalogue already matches this file.').waitFor()
    for (const label of ['New products', 'Changed products', 'New packs', 'Changed packs', 'Stock counts changed', 'Thresholds changed']) {
      assert.equal(
        await preview
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('+ dd')
          .innerText(),
        '0',
        label,
      )
    }
    assert.equal(
      await preview
        .locator('dt', { hasText: /^Unchanged packs$/ })
        .locator('+ dd')
        .innerText(),
      rows.toLocaleString('en-IN'),
    )
    await shot(page, 'csv-nothing-changes')

    // the app's own dialog asks (a browser dialog would fail the test: nobody answers it)
    await preview.getByRole('button', { name: 'Apply import' }).click()
    const ask = page.getByRole('dialog', { name: /^Apply “.*”\?$/ })
    await ask.getByText(/Nothing in “.*” differs from the catalogue/).waitFor()
    await ask.getByRole('button', { name: 'Apply import' }).click()
    const result = page.getByRole('status').filter({ hasText: 'is imported' })
    await result.waitFor()
    assert.match(await result.innerText(), /0 new and 0 changed products, 0 new and 0 changed packs, 0 stock counts, 0 low-stock thresholds/)
    await shot(page, 'csv-applied')

    // The catalogue is byte for byte what it was.
    assert.ok(readFileSync(await download(page, 'again.csv')).equals(bytes), 'a second export is the same file')
    assert.deepEqual(errors, [])
    await context.close()
  })

  it('lists the problems of a bad file by line and column, and refuses to apply it', async () => {
    const { page, context } = await signedIn(SUPERADMIN)
    await page.goto(`${server.origin}/bos/admin/catalogue/import-export`)
    const bad = path.join(dir, 'bad.csv')
    writeFileSync(bad, 'Product name,Brand,Categories,Pack name,Price,MRP,SKU\nMasala Oats,,rice,500 g,120,99,MO-1\n=2+3,Kesar Valley,rice,1 kg,abc,100,MO-2\n')
    await check(page, bad)
    const problems = page.getByRole('region', { name: 'Problems', exact: true })
    await problems.waitFor()
    const cells = await problems.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
    assert.deepEqual(cells, [
      ['2', 'Brand', 'Brand is required'],
      ['2', 'Price', 'Price cannot be more than the MRP'],
      ['3', 'Product name', "This cell starts with “=”, so a spreadsheet app would run it as a formula: put an apostrophe (') before it"],
      ['3', 'Price', 'Price must be a number'],
    ])
    assert.equal(await page.getByRole('button', { name: 'Apply import' }).isDisabled(), true)
    await shot(page, 'csv-problems')

    const good = path.join(dir, 'good.csv')
    writeFileSync(
      good,
      'Product name,Brand,Categories,Pack name,Price,MRP,SKU\nMasala Oats,Kesar Valley,rice,500 g,120,150,MO-1\nMasala Oats,Kesar Valley,rice,1 kg,220,260,MO-2\n',
    )
    await check(page, good)
    const changes = page.getByRole('region', { name: 'What changes', exact: true })
    await changes.waitFor()
    assert.equal(await changes.locator('tbody tr').count(), 2)
    assert.equal(await page.getByRole('button', { name: 'Apply import' }).isEnabled(), true)
    await shot(page, 'csv-changes')

    const latin1 = path.join(dir, 'latin1.csv')
    writeFileSync(
      latin1,
      Buffer.concat([
        Buffer.from('Product name,Brand,Categories,Pack name,Price,MRP\nCaf'),
        Buffer.from([0xe9]),
        Buffer.from(',Kesar Valley,rice,1 kg,10,12\n'),
      ]),
    )
    await page.getByLabel('CSV file').setInputFiles(latin1)
    await page.getByRole('button', { name: 'Check file' }).click()
    await page.getByRole('alert').filter({ hasText: 'not UTF-8' }).waitFor()
    await shot(page, 'csv-encoding')
    await context.close()
  })
})
