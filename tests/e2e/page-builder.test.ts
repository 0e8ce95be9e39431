import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

const SHOTS = process.env.SCREENSHOT_DIR
let server: TestServer
let browser: Browser
let dir: string

async function shot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

/** A visitor's tab that fails the test on any dialog, and records every request to another origin. */
async function visitorPage(origin: string) {
  const opened = await openPage(browser)
  const foreign: string[] = []
  const dialogs: string[] = []
  opened.page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  opened.page.on('request', (r) => {
    const u = new URL(r.url())
    if (!['data:', 'blob:'].includes(u.protocol) && u.origin !== origin) foreign.push(r.url())
  })
  return { ...opened, foreign, dialogs }
}

const headOf = async (origin: string, url: string) => {
  const html = await (await fetch(`${origin}${url}`)).text()
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => m[1])
  return { html, title, description, ld }
}

/** A tab of the editor, clicked until it is selected (a click right after a drag can be taken by the drag's end). */
async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name })
  for (let i = 0; i < 5; i++) {
    await tab.click()
    const selected = await page
      .getByRole('tab', { name, selected: true })
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false)
    if (selected) return
  }
  assert.fail(`the ${name} tab does not open`)
}

/**
 * The share of pixels that differ noticeably between two screenshots of one element, at the best of a one-pixel
 * shift either way (the frame and the page may sit on different subpixels); 1 when the sizes differ by more.
 */
async function differingShare(a: Buffer, b: Buffer) {
  const [ma, mb] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()])
  if (Math.abs(ma.width - mb.width) > 1 || Math.abs(ma.height - mb.height) > 1) return 1
  const width = Math.min(ma.width, mb.width)
  const height = Math.min(ma.height, mb.height)
  const raw = (png: Buffer) => sharp(png).extract({ left: 0, top: 0, width, height }).removeAlpha().raw().toBuffer()
  const [x, y] = await Promise.all([raw(a), raw(b)])
  let best = 1
  for (const dx of [-1, 0, 1]) {
    let differing = 0
    for (let row = 0; row < height; row++) {
      for (let col = 1; col < width - 1; col++) {
        const p = (row * width + col) * 3
        const q = (row * width + col + dx) * 3
        if (Math.max(Math.abs(x[p] - y[q]), Math.abs(x[p + 1] - y[q + 1]), Math.abs(x[p + 2] - y[q + 2])) > 48) differing++
      }
    }
    best = Math.min(best, differing / (height * (width - 2)))
  }
  return best
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'page-builder-'))
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('the page builder (Website Settings → Pages)', () => {
  it('builds /diwali-offers from a hero banner, a product carousel and text with SEO and JSON-LD, previews it at phone width, publishes; a visitor sees it; an edit and a rollback', async () => {
    const origin = server.origin
    const banner = path.join(dir, 'diwali.png')
    await writeFile(
      banner,
      await sharp({ create: { width: 1600, height: 500, channels: 3, background: '#e67e22' } })
        .png()
        .toBuffer(),
    )

    const { page: admin, errors } = await signedIn(browser, origin, SUPERADMIN)
    admin.on('dialog', (d) => assert.fail(`a browser dialog opened in the editor: ${d.message()}`))
    await admin.goto(`${origin}/page-builder`)
    await admin.getByRole('heading', { level: 1, name: 'Pages' }).waitFor()
    await admin.getByRole('navigation', { name: 'Website Settings' }).getByRole('link', { name: 'Pages' }).first().waitFor()
    await admin.getByRole('link', { name: '/', exact: true }).waitFor()

    // An address the app owns is refused on the field, with the server's rule.
    await admin.getByRole('button', { name: 'New page' }).click()
    const address = admin.getByLabel(/^Page address/)
    await address.fill('/checkout')
    await admin.getByRole('button', { name: 'Create page' }).click()
    await admin.getByText('This address belongs to the shop itself').waitFor()
    await address.fill('/diwali-offers')
    await admin.getByRole('button', { name: 'Create page' }).click()
    await admin.waitForURL(/\/page-builder\/pages\/edit\?url=%2Fdiwali-offers$/)
    await admin.getByRole('heading', { level: 1, name: '/diwali-offers' }).waitFor()
    await admin.getByText('Nothing saved yet').waitFor()

    // Hero banner: one slide with an uploaded image, a link, alt text and a background colour.
    await admin.getByRole('button', { name: /^Hero banner/ }).click()
    const hero = admin.getByRole('region', { name: 'Hero banner settings' })
    await hero.getByRole('button', { name: 'Add slide' }).click()
    await hero.getByTestId('image-input').setInputFiles(banner)
    await hero.getByRole('button', { name: 'Replace image' }).waitFor()
    await hero.getByLabel(/^Link/).fill('javascript:alert(1)')
    await hero.getByText('Links must start with /, http://, https:// or www.').waitFor()
    await hero.getByLabel(/^Link/).fill('/products')
    await hero.getByLabel(/^Alt text/).fill('Diwali sweets on an orange background')
    await hero.getByLabel(/^Background colour/).fill('#fff3e0')

    // Product carousel: a title; its products come from the catalogue (most popular).
    await admin.getByRole('button', { name: /^Product carousel/ }).click()
    const carousel = admin.getByRole('region', { name: 'Products settings' })
    await carousel.getByLabel(/^Title/).fill('Festive picks')
    await carousel.getByLabel(/^How many/).fill('8')

    // Text.
    await admin.getByRole('button', { name: /^Text Headings/ }).click()
    const text = admin.getByRole('region', { name: 'Text settings' })
    // typed through the rich-text toolbar: a heading, bold, a link by the link rule (javascript: refused), undo
    const area = text.getByRole('textbox', { name: 'Text', exact: true })
    // the page's clock from here on, so that a pause in typing is a jump of its clock rather than a wait
    await admin.clock.install()
    await area.click()
    await text.getByRole('combobox', { name: 'Text style' }).selectOption('2')
    await admin.keyboard.type('Diwali sweets')
    await admin.keyboard.press('Enter')
    await admin.keyboard.type('Up to ')
    await text.getByRole('button', { name: 'Bold (Ctrl+B)' }).click()
    await admin.keyboard.type('30% off')
    await admin.keyboard.press('Control+b')
    await admin.keyboard.type(' on sweets and dry fruits.')
    await admin.keyboard.press('Enter')
    // the editor's history groups what is typed within half a second: a pause makes 'Oops' its own step
    await admin.clock.fastForward(700)
    await admin.keyboard.type('Oops')
    await admin.clock.fastForward(700)
    await text.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click()
    await admin.keyboard.type('See all sweets')
    await admin.keyboard.press('Shift+Home')
    await text.getByRole('button', { name: 'Link' }).click()
    const linkField = text.getByRole('textbox', { name: 'Link address' })
    await linkField.fill('javascript:alert(1)')
    await linkField.press('Enter')
    await text.getByText('Links must start with /, http://, https:// or www.').waitFor()
    await linkField.fill('/products')
    await linkField.press('Enter')
    await area.locator('a[href="/products"]', { hasText: 'See all sweets' }).waitFor()
    assert.equal(await area.locator('h2').textContent(), 'Diwali sweets')
    assert.equal(await area.locator('strong').textContent(), '30% off')
    assert.ok(!(await area.textContent())?.includes('Oops'), 'undone')
    await shot(admin, 'page-builder-rich-text', false)

    // Reorder with the keyboard's buttons: the text above the carousel, then back with a drag.
    await admin.getByRole('button', { name: 'Move Text up' }).click()
    const order = () =>
      admin
        .getByRole('list', { name: 'Blocks on this page' })
        .locator(':scope > li')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-block')))
    assert.deepEqual(await order(), ['hero_banner', 'rich_text', 'product_carousel'])
    const from = await admin.getByRole('button', { name: 'Drag Products to reorder' }).boundingBox()
    const to = await admin.getByRole('button', { name: 'Drag Text to reorder' }).boundingBox()
    assert.ok(from && to)
    await admin.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await admin.mouse.down()
    await admin.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 })
    await admin.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
    await admin.mouse.up()
    await admin.waitForFunction(
      () =>
        [...document.querySelectorAll('[aria-label="Blocks on this page"] > li')].map((e) => e.getAttribute('data-block')).join() ===
        'hero_banner,product_carousel,rich_text',
    )

    // Page settings: SEO, JSON-LD (with a </script> inside a value) and page CSS.
    await shot(admin, 'page-builder-after-drag', false)
    await openTab(admin, 'Page settings')
    await admin.getByLabel(/^SEO title/).fill('Diwali offers 2026')
    await admin.getByLabel(/^SEO description/).fill('Sweets, dry fruits and gift boxes at festive prices.')
    await admin.getByLabel(/^SEO keywords/).fill('diwali, sweets, offers')
    await admin
      .getByLabel(/^Schema \(JSON-LD\)/)
      .fill('{"@context": "https://schema.org", "@type": "OfferCatalog", "name": "Diwali offers </script><script>alert(1)</script>"}')
    await admin.getByLabel(/^Page CSS/).fill('h2 { color: rgb(180, 20, 60); } @import url(https://evil.example/x.css);')

    // Live preview at phone width: the storefront renders the unsaved page.
    await admin.getByRole('button', { name: /^phone/ }).click()
    const frame = admin.frameLocator('iframe[data-device="phone"]')
    await frame.getByText('Up to 30% off on sweets and dry fruits.').waitFor({ timeout: 20_000 })
    await frame.getByRole('heading', { name: 'Festive picks' }).waitFor()
    await admin.getByText('Showing your changes').waitFor()
    await frame.locator('[data-page-content] > style').waitFor({ state: 'attached' })
    assert.equal(
      await frame.locator('h2', { hasText: 'Diwali sweets' }).evaluate((e) => getComputedStyle(e).color),
      'rgb(180, 20, 60)',
      'the page CSS applies in the preview',
    )
    await shot(admin, 'page-builder-editor-phone-preview', false)

    // Not published yet: a visitor gets no page.
    assert.equal((await fetch(`${origin}/s/api/page/data/diwali-offers`, { headers: { 'x-web-url': origin } })).status, 404)

    await admin.getByRole('button', { name: 'Publish' }).click()
    await admin.getByText('Published: version 1 is live').waitFor()
    await admin.getByText('Published', { exact: true }).waitFor()

    // The preview and the published page render the same: the phone-width frame against a phone-width visitor,
    // block by block (the header differs: staff are signed in; the product carousel autoplays for visitors).
    const previewFrame = admin.frame({ url: /page-preview=1/ })
    assert.ok(previewFrame)
    await previewFrame.waitForFunction(() => [...document.images].every((i) => i.complete))
    const phone = await openPage(browser, { viewport: { width: 375, height: 720 } })
    await phone.page.goto(`${origin}/diwali-offers`)
    await phone.page.getByText('Up to 30% off on sweets and dry fruits.').waitFor()
    await phone.page.waitForFunction(() => [...document.images].every((i) => i.complete))
    const inPreview = admin.frameLocator('iframe[data-device="phone"]')
    const blocks = {
      hero: (root: typeof inPreview | Page) => root.locator('[data-page-content] img[alt="Diwali sweets on an orange background"]').first(),
      text: (root: typeof inPreview | Page) => root.locator('[data-page-content] h2', { hasText: 'Diwali sweets' }).locator('..'),
    }
    for (const [name, find] of Object.entries(blocks)) {
      const previewPng = await find(inPreview).screenshot()
      const livePng = await find(phone.page).screenshot()
      if (SHOTS) {
        await writeFile(`${SHOTS}/page-builder-compare-${name}-preview.png`, previewPng)
        await writeFile(`${SHOTS}/page-builder-compare-${name}-live.png`, livePng)
      }
      const differing = await differingShare(previewPng, livePng)
      assert.ok(differing < 0.01, `the ${name} differs between preview and published page in ${(differing * 100).toFixed(1)}% of pixels`)
    }
    await phone.context.close()

    // A visitor sees it, with the head tags, and nothing runs or loads from elsewhere.
    const head = await headOf(origin, '/diwali-offers')
    assert.match(head.title ?? '', /^Diwali offers 2026/)
    assert.equal(head.description, 'Sweets, dry fruits and gift boxes at festive prices.')
    const ld = head.ld.map((s) => JSON.parse(s)).find((j) => j['@type'] === 'OfferCatalog')
    assert.ok(ld, `an OfferCatalog JSON-LD among ${head.ld.length}`)
    assert.equal(ld.name, 'Diwali offers </script><script>alert(1)</script>')
    assert.ok(!head.html.includes('<script>alert(1)'), 'the JSON-LD cannot close its script element')
    assert.ok(head.html.includes('data-page-content'), 'the blocks are wrapped in the CSS scope')
    assert.ok(!head.html.includes('evil.example'), 'the @import was dropped')

    const visitor = await visitorPage(origin)
    await visitor.page.goto(`${origin}/diwali-offers`)
    await visitor.page.getByText('Up to 30% off on sweets and dry fruits.').waitFor()
    await visitor.page.getByRole('heading', { name: 'Festive picks' }).waitFor()
    await visitor.page.getByRole('img', { name: 'Diwali sweets on an orange background' }).first().waitFor()
    await visitor.page.locator('[data-page-content] a[href="/products"]', { hasText: 'See all sweets' }).waitFor()
    assert.equal(await visitor.page.title(), head.title)
    assert.equal(await visitor.page.locator('h2', { hasText: 'Diwali sweets' }).evaluate((e) => getComputedStyle(e).color), 'rgb(180, 20, 60)')
    await shot(visitor.page, 'page-builder-visitor-published')

    // An edit: saved as a draft the visitor does not see, then published.
    await admin.getByRole('tab', { name: 'Blocks' }).click()
    const textRegion = admin.getByRole('region', { name: 'Text settings' })
    if (!(await textRegion.isVisible())) await admin.locator('li[data-block="rich_text"]').getByRole('button', { name: /^Text/ }).click()
    await textRegion.getByRole('textbox', { name: 'Text', exact: true }).locator('p', { hasText: 'Up to' }).click({ clickCount: 3 })
    await admin.keyboard.type('Now up to 40% off.')
    await admin.getByText('Unsaved changes').waitFor()
    await admin.getByRole('button', { name: 'Save draft' }).click()
    await admin.getByText('Draft saved. Shoppers still see the published page.').waitFor()
    await visitor.page.reload()
    await visitor.page.getByText('Up to 30% off on sweets and dry fruits.').waitFor()
    await admin.getByRole('button', { name: 'Publish' }).click()
    await admin.getByText('Published: version 2 is live').waitFor()
    await visitor.page.reload()
    await visitor.page.getByText('Now up to 40% off.').waitFor()

    // Versions: who and when; view the first; roll back to it after a confirm.
    await admin.getByRole('button', { name: 'Versions' }).click()
    const versions = admin.getByRole('list', { name: 'Published versions, newest first' })
    await versions.getByText('Version 2').waitFor()
    const v1 = versions.getByRole('listitem').filter({ hasText: 'Version 1' })
    await v1.getByRole('button', { name: 'View' }).click()
    await v1.getByText('Diwali offers 2026').waitFor()
    await shot(admin, 'page-builder-versions', false)
    await v1.getByRole('button', { name: 'Roll back to this' }).click()
    await admin.getByRole('dialog', { name: 'Roll back to version 1?' }).getByRole('button', { name: 'Roll back to version 1' }).click()
    await admin.getByText('Version 1 is live again (published as version 3)').waitFor()
    await visitor.page.reload()
    await visitor.page.getByText('Up to 30% off on sweets and dry fruits.').waitFor()
    await admin.keyboard.press('Escape')

    // The list shows the page as published, with its last version.
    await admin.getByRole('link', { name: 'Pages' }).first().click()
    const row = admin.getByRole('row').filter({ hasText: '/diwali-offers' })
    await row.getByText('Published', { exact: true }).waitFor()
    await row.getByText(/Version 3/).waitFor()
    await shot(admin, 'page-builder-list')

    assert.deepEqual(visitor.dialogs, [], 'no dialog opened for the visitor')
    assert.deepEqual(visitor.foreign, [], 'no request to another origin')
    assert.deepEqual(errors, [])
    assert.deepEqual(visitor.errors, [])
  })

  it('refuses a stale save with 409 and offers to reload theirs, keeping the input until then', async () => {
    const origin = server.origin
    const { page: admin } = await signedIn(browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/page-builder/pages/edit?url=%2Fabout-diwali`)
    await admin.getByRole('heading', { level: 1, name: '/about-diwali' }).waitFor()
    await admin.getByRole('button', { name: /^Text Headings/ }).click()
    await admin.getByRole('region', { name: 'Text settings' }).getByRole('textbox', { name: 'Text', exact: true }).click()
    await admin.keyboard.type('Mine')
    // Someone else saves the page first, from another tab.
    const other = await admin.context().newPage()
    await other.goto(`${origin}/page-builder/pages/edit?url=%2Fabout-diwali`)
    await other.getByRole('heading', { level: 1, name: '/about-diwali' }).waitFor()
    await other.getByRole('tab', { name: 'Page settings' }).click()
    await other.getByLabel(/^SEO title/).fill('Theirs')
    await other.getByRole('button', { name: 'Save draft' }).click()
    await other.getByText('Draft saved. Shoppers still see the published page.').waitFor()
    await other.close()

    await admin.getByRole('button', { name: 'Save draft' }).click()
    const conflict = admin.getByRole('dialog', { name: 'Someone else saved changes' })
    await conflict.waitFor()
    await shot(admin, 'page-builder-conflict', false)
    await conflict.getByRole('button', { name: 'Reload theirs' }).click()
    await admin.getByRole('tab', { name: 'Page settings' }).click()
    assert.equal(await admin.getByLabel(/^SEO title/).inputValue(), 'Theirs')

    // Delete it, after a confirm: it leaves the list.
    await admin.getByRole('button', { name: 'Delete page' }).click()
    await admin.getByRole('dialog', { name: 'Delete /about-diwali?' }).getByRole('button', { name: 'Delete page' }).click()
    await admin.getByText('/about-diwali deleted').waitFor()
    await admin.getByRole('heading', { level: 1, name: 'Pages' }).waitFor()
    assert.equal(await admin.getByRole('row').filter({ hasText: '/about-diwali' }).count(), 0)
  })
})
