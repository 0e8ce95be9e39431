import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
const SHOTS = process.env.SCREENSHOT_DIR

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** The size of each page of a PDF in points, read from its /MediaBox entries (Chromium writes them plainly). */
function pageSizes(pdf: Buffer): [number, number][] {
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)]
  return boxes.map((m) => [Number(m[1]), Number(m[2])])
}
const MM = 72 / 25.4

/** Rasterises a PDF's pages next to the screenshots to look at (when pdftoppm is there). */
function pdfPages(pdf: Buffer, name: string) {
  if (!SHOTS || !existsSync('/usr/bin/pdftoppm')) return
  const dir = mkdtempSync(join(tmpdir(), 'picklist-'))
  writeFileSync(join(dir, 'p.pdf'), pdf)
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', join(dir, 'p.pdf'), join(SHOTS, name)])
  assert.ok(readdirSync(SHOTS).some((f) => f.startsWith(name)))
}

/** Chooses what the page prints (the screen's Print button, with the print dialog itself left out) and renders it as print. */
async function printOut(page: Page, button: string) {
  await page.evaluate(() => {
    window.print = () => {}
  })
  await page.getByRole('button', { name: button }).click()
  await page.emulateMedia({ media: 'print' })
}

describe('pick list and packing slips', () => {
  it('an admin sees a COD order’s lines on its slot’s pick list and prints the list (A4) and the slips (A4 and 80 mm)', async () => {
    const shopper = await openPage(browser, MOBILE)
    await signInShopper(shopper.page, server.origin, '9876500003', STAFF_CODE)
    const number = await placeCodOrder(shopper.page, server.origin)
    await shopper.context.close()

    const { page: admin, errors } = await signedIn(browser, server.origin, SUPERADMIN)
    const found = await admin.request.get(`${server.origin}/s/api/admin/orders?q=${number}`)
    const slot: string = (await found.json()).data[0].slot
    const [, date, start] = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})–/.exec(slot)!
    const detail = await (await admin.request.get(`${server.origin}/s/api/admin/orders/${(await found.json()).data[0].id}`)).json()
    const line = detail.lines[0] as { name: string; pack: string; quantity: number }

    await admin.goto(`${server.origin}/bos/admin/orders`)
    await admin.getByRole('link', { name: 'Pick list and packing slips' }).click()
    await admin.getByRole('heading', { name: 'Pick list', level: 1 }).waitFor()
    await admin.getByLabel('Delivery date').fill(date)
    await admin.getByLabel('Slot').selectOption(start)
    await admin.waitForURL(new RegExp(`slot=${start.replace(':', '(:|%3A)')}`))
    const row = admin.getByRole('row', { name: new RegExp(number) })
    await row.waitFor()
    const text = (await row.textContent()) ?? ''
    assert.ok(text.includes(line.name) && text.includes(line.pack), `the pick line of ${line.name} · ${line.pack}: ${text}`)
    await shot(admin, 'picklist-screen')

    // the pick list on A4: no staff chrome in print
    await printOut(admin, 'Print pick list (A4)')
    assert.equal(await admin.getByRole('navigation', { name: 'Administration' }).isVisible(), false, 'the staff navigation is not printed')
    assert.equal(await admin.getByRole('button', { name: 'Print pick list (A4)' }).isVisible(), false, 'the buttons are not printed')
    assert.ok(await admin.getByRole('heading', { name: /^Pick list · / }).isVisible(), 'the printed pick list has its heading')
    await shot(admin, 'picklist-print')
    const a4 = await admin.pdf({ preferCSSPageSize: true, printBackground: true })
    for (const [w, h] of pageSizes(a4)) {
      assert.ok(Math.abs(w - 210 * MM) < 2 && Math.abs(h - 297 * MM) < 2, `A4 page, got ${w}×${h} pt`)
    }
    pdfPages(a4, 'picklist-a4')

    // packing slips, one a page on A4
    await admin.emulateMedia({ media: 'screen' })
    await printOut(admin, 'Print slips (A4)')
    await admin.getByText(`Collect cash: `).first().waitFor()
    await shot(admin, 'slips-a4-print')
    const slipsA4 = await admin.pdf({ preferCSSPageSize: true, printBackground: true })
    const a4Pages = pageSizes(slipsA4)
    assert.ok(a4Pages.length >= 1)
    for (const [w, h] of a4Pages) assert.ok(Math.abs(w - 210 * MM) < 2 && Math.abs(h - 297 * MM) < 2, `A4 slip, got ${w}×${h} pt`)
    pdfPages(slipsA4, 'slips-a4')

    // and on the 80 mm receipt roll
    await admin.emulateMedia({ media: 'screen' })
    await printOut(admin, 'Print slips (80 mm)')
    assert.equal(await admin.getByRole('navigation', { name: 'Administration' }).isVisible(), false)
    await shot(admin, 'slips-80-print')
    const roll = await admin.pdf({ preferCSSPageSize: true, printBackground: true })
    const rollPages = pageSizes(roll)
    assert.ok(rollPages.length >= 1)
    for (const [w] of rollPages) assert.ok(Math.abs(w - 80 * MM) < 2, `80 mm wide receipt, got ${w} pt`)
    pdfPages(roll, 'slips-80')
    assert.deepEqual(errors, [])
  })
})
