import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { bundleReport } from '../../bench/bundle-size'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

describe('reports', () => {
  it('an admin opens Reports, sees today’s order in the chart and its table, switches reports and downloads a CSV', async () => {
    // the chart library is in the Reports page's own chunk, never in what every shopper page loads
    const { entry } = bundleReport()
    assert.deepEqual(
      entry.filter((f) => /admin-reports|recharts/.test(f.file + f.name)),
      [],
    )

    const shopper = await openPage(browser, MOBILE)
    await signInShopper(shopper.page, server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, server.origin)
    assert.ok(number)
    await shopper.context.close()

    const { page: admin, context, errors } = await signedIn(browser, server.origin, SUPERADMIN)
    const charts: string[] = []
    admin.on('request', (req) => {
      if (/reports-view-.*\.js$/.test(new URL(req.url()).pathname)) charts.push(req.url())
    })
    await admin.goto(`${server.origin}/bos/admin`)
    await admin.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor()
    assert.deepEqual(charts, [], 'the chart chunk is not loaded before Reports is opened')
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reports' }).click()
    await admin.getByRole('heading', { level: 1, name: 'Reports' }).waitFor()
    assert.equal(await admin.title(), 'Reports · Administration · Kirana Fresh')
    assert.equal(charts.length, 1)

    // today: at least the order just placed, drawn (svg) and in the table
    await admin.getByRole('button', { name: 'Today', exact: true }).click()
    await admin.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/)
    const sales = admin.getByRole('tabpanel')
    await sales.getByRole('heading', { name: 'Sales' }).waitFor()
    await admin.locator('[data-chart] svg.recharts-surface').first().waitFor()
    const orders = Number(await sales.locator('dt:text-is("Orders") + dd').textContent())
    assert.ok(orders >= 1, `orders today: ${orders}`)
    const table = sales.getByRole('table', { name: 'Sales per day' })
    assert.equal(await table.locator('tbody tr').count(), 1)
    assert.equal(await admin.getByRole('button', { name: 'Today', exact: true }).getAttribute('aria-pressed'), 'true')

    // last 30 days, by week; then the top products
    await admin.getByRole('button', { name: '30 days' }).click()
    await admin.getByRole('button', { name: 'Week' }).click()
    await admin.waitForURL(/group=week/)
    await sales.getByRole('table', { name: 'Sales per week' }).waitFor()
    await shot(admin, 'reports-sales-desktop')

    const download = admin.waitForEvent('download')
    await sales.getByRole('link', { name: 'Download CSV' }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await file.path())!, 'utf8')
    assert.ok(csv.startsWith('\uFEFFPeriod start (week),Orders,Gross (INR),Refunds (INR),Revenue (INR),Average order value (INR)\r\n'), csv.slice(0, 120))
    assert.match(csv, /\r\n\d{4}-\d{2}-\d{2},[1-9]\d*,\d+\.\d{2},/)

    await admin.getByRole('tab', { name: 'Top products' }).click()
    await admin.waitForURL(/report=products/)
    await admin.getByRole('table', { name: 'Top products by units sold' }).locator('tbody tr').first().waitFor()
    await admin.locator('[data-chart] svg.recharts-surface').first().waitFor()
    await admin.keyboard.press('ArrowRight')
    await admin.waitForURL(/report=categories/)
    await admin.getByRole('tab', { name: 'Slot utilisation' }).click()
    await admin.getByRole('table', { name: 'Booked against capacity per window of the day' }).waitFor()
    await shot(admin, 'reports-slots-desktop')

    // nothing in a range long ago: the empty state, not an empty chart
    await admin.goto(`${server.origin}/bos/admin/reports?from=2020-01-01&to=2020-01-31`)
    await admin.getByText('No orders in these days').waitFor()

    // a phone: the same screen, usable at 390 px wide
    const phone = await openPage(browser, { ...MOBILE, storageState: await context.storageState() })
    await phone.page.goto(`${server.origin}/bos/admin/reports?report=channels`)
    await phone.page.getByRole('heading', { name: 'Orders by channel and payment method' }).waitFor()
    await phone.page.locator('[data-chart] svg.recharts-surface').first().waitFor()
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`)
    await shot(phone.page, 'reports-channels-phone')
    await phone.page.goto(`${server.origin}/bos/admin/reports`)
    await phone.page.locator('[data-chart] svg.recharts-surface').first().waitFor()
    await shot(phone.page, 'reports-sales-phone')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
    assert.deepEqual(errors, [])
    await context.close()
  })
})
