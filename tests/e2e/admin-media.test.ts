import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { launchBrowser, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { signedIn, STAFF_CODE, SUPERADMIN } from './staff-session'

let server: TestServer
let browser: Browser
let dir: string

/** A picture file on disk, as staff would pick it (a coloured square with a stripe, so the two differ). */
async function pictureFile(name: string, colour: string, format: 'png' | 'jpeg') {
  const stripe = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .composite([{ input: stripe, top: 240, left: 0 }])
    [format]()
    .toBuffer()
  const file = path.join(dir, name)
  await writeFile(file, bytes)
  return file
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-media-'))
  ;[server, browser] = await Promise.all([startServer({ AUTH_FIXED_OTP: STAFF_CODE }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('product images in the staff app', () => {
  it('uploads images to a product (picker and drop), orders them (buttons and drag) and sets alt text; the storefront’s product page and card show the first', async () => {
    const origin = server.origin
    const { data } = (await (await fetch(`${origin}/s/api/products?q=masala%20chai&perPage=1`, { headers: { 'x-web-url': origin } })).json()) as {
      data: { product_id: number; slug: string; product_name: string }[]
    }
    const product = data[0]
    assert.ok(product, 'a demo product to edit')

    const { page: admin, context, errors } = await signedIn(browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/bos/admin/products/${product.product_id}`)
    await admin.getByRole('heading', { level: 1, name: product.product_name }).waitFor()
    const images = admin.getByRole('region', { name: 'Images' })
    const list = images.getByRole('list', { name: /^Images, in the order/ })
    assert.equal(await list.getByRole('listitem').count(), 1, 'the demo image')

    // Two pictures through the file picker, and a file that is not one.
    const svg = path.join(dir, 'logo.svg')
    await writeFile(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>')
    const input = images.getByTestId('image-input')
    await input.setInputFiles([await pictureFile('front.png', '#d35400', 'png'), await pictureFile('back.jpg', '#1e8449', 'jpeg'), svg])
    await images.getByRole('alert').filter({ hasText: 'SVG images are not accepted' }).waitFor()
    await list.getByRole('listitem').nth(2).waitFor()
    assert.equal(await list.getByRole('listitem').count(), 3)
    assert.match((await images.getByRole('list', { name: 'Uploads' }).textContent()) ?? '', /logo\.svg.*SVG images are not accepted/)

    // The uploaded front picture becomes the card image with the keyboard's buttons; alt text on it.
    await list.getByRole('button', { name: 'Move image 2 left' }).click()
    await admin.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move image 1 right')
    const first = list.getByRole('listitem').first()
    await first.getByText('Card image').waitFor()
    await first.getByLabel('Alt text of image 1').fill('Masala chai box, front')
    const src = await first.locator('img').getAttribute('src')
    assert.match(src ?? '', /^\/cdn\/thumb\/uploads\/\d+\/[0-9a-f]{64}\.png$/)
    const path0 = src!.replace('/cdn/thumb/', '')

    // Dragged: the back picture (third) onto the second place.
    await list.getByRole('listitem').nth(2).dragTo(list.getByRole('listitem').nth(1))
    assert.match((await list.getByRole('listitem').nth(1).locator('img').getAttribute('src')) ?? '', /\.jpg$/)

    // A file dropped on the drop zone joins at the end.
    const dropped = (
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#5b2c6f' } })
        .webp()
        .toBuffer()
    ).toString('base64')
    const transfer = await admin.evaluateHandle((b64) => {
      const data = new DataTransfer()
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped.webp', { type: 'image/webp' }))
      return data
    }, dropped)
    await images.getByText('Drop images here').locator('xpath=../..').dispatchEvent('drop', { dataTransfer: transfer })
    await list.getByRole('listitem').nth(3).waitFor()
    assert.match((await list.getByRole('listitem').nth(3).locator('img').getAttribute('src')) ?? '', /\.webp$/)

    await admin.getByRole('button', { name: 'Save', exact: true }).click()
    await admin.getByText('All changes saved').waitFor()
    assert.equal(await list.getByRole('listitem').count(), 4)

    // The storefront: the product page's main image is the upload, with its alt text; the card shows it too.
    const { page: shop, context: shopContext, errors: shopErrors } = await openPage(browser)
    await shop.goto(`${origin}/products/${product.slug}`)
    const main = shop.getByRole('img', { name: 'Masala chai box, front' })
    await main.waitFor()
    assert.equal(await main.getAttribute('src'), `/cdn/medium/${path0}`)
    await shop.waitForFunction((name) => {
      const img = [...document.images].find((i) => i.alt === name)
      return img?.complete && img.naturalWidth === 600
    }, 'Masala chai box, front')
    const cdn = await shop.request.get(`${origin}/cdn/medium/${path0}`)
    assert.equal(cdn.headers()['x-placeholder'], '0')
    await shop.goto(`${origin}/products?q=${encodeURIComponent(product.product_name)}`)
    await shop.locator(`article img[src="/cdn/small/${path0}"]`).first().waitFor()

    assert.deepEqual(errors, [])
    assert.deepEqual(shopErrors, [])
    await shopContext.close()
    await context.close()
  })
})
