import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { shot, signedIn, staffSuite, SUPERADMIN } from './staff-session'

const suite = staffSuite()

describe('the page builder’s grid blocks (issue 31)', () => {
  it('builds a page of category tiles and a product grid of picked products; the phone preview shows them 4 and 2 across', async () => {
    const origin = suite.server.origin
    const { page: admin, errors } = await signedIn(suite.browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/page-builder/pages/edit?url=%2Fghee-week`)
    await admin.getByRole('heading', { level: 1, name: '/ghee-week' }).waitFor()

    await admin.getByRole('button', { name: /^Category grid/ }).click()
    const tiles = admin.getByRole('region', { name: 'Category tiles settings' })
    await tiles.getByLabel(/^At most/).fill('8')

    await admin.getByRole('button', { name: /^Product grid/ }).click()
    const grid = admin.getByRole('region', { name: 'Product grid settings' })
    await grid.getByLabel(/^Title/).fill('Ghee for the week')
    const find = grid.getByRole('searchbox', { name: 'Find a product' })
    await find.fill('ghee')
    const found = grid.getByRole('list', { name: 'Products found' })
    await found.getByRole('button').nth(1).waitFor()
    const names = (await found.getByRole('button').allTextContents()).map((n) => n.replace(/^Add /, ''))
    assert.ok(names.length >= 2, `${names.length} ghee products found`)
    const picked = [names[1], names[0]]
    for (const name of picked) await found.getByRole('button', { name: `Add ${name}`, exact: true }).click()
    assert.deepEqual(
      (await grid.getByRole('list', { name: 'Chosen products' }).getByRole('listitem').allTextContents()).map((t) => t.replace(/×$/, '')),
      picked,
    )
    await shot(admin, 'page-builder-product-grid-form', false)

    await admin.getByRole('button', { name: /^phone/ }).click()
    const frame = admin.frameLocator('iframe[data-device="phone"]')
    await frame.getByRole('heading', { name: 'Ghee for the week' }).waitFor({ timeout: 20_000 })
    // the preview shows each edit as the server resolves it: the picks come after the title (12 best sellers until then)
    await frame.locator('section[data-block-type="product_grid"] h3').first().waitFor({ timeout: 20_000 })
    await frame.locator('section[data-block-type="product_grid"] ul > li').nth(2).waitFor({ state: 'detached', timeout: 20_000 })
    const rowOf = (type: string) =>
      frame.locator(`section[data-block-type="${type}"] ul > li`).evaluateAll((items) => {
        const tops = items.map((li) => Math.round(li.getBoundingClientRect().top))
        return { count: items.length, firstRow: tops.filter((t) => t === tops[0]).length }
      })
    assert.deepEqual(await rowOf('category_grid'), { count: 8, firstRow: 4 })
    assert.deepEqual(await rowOf('product_grid'), { count: 2, firstRow: 2 })
    assert.deepEqual(await frame.locator('section[data-block-type="product_grid"] h3').allTextContents(), picked, 'in the order picked')
    await shot(admin, 'page-builder-grids-phone-preview', false)
    assert.deepEqual(errors, [])
  })
})
