import type { Page } from 'playwright-core'

/**
 * A shopper's way to a placed cash-on-delivery order through the storefront's screens (sign in, add the dearest
 * product, checkout with a new address if there is none, place). For tests whose subject comes after the order.
 */
export async function signInShopper(page: Page, origin: string, username: string, code: string) {
  await page.goto(`${origin}/auth/login`)
  await page.getByLabel('Mobile number or email').fill(username)
  await page.getByRole('button', { name: /Send code|Continue/ }).click()
  await page.getByLabel('6-digit code').fill(code)
  await page.waitForURL(`${origin}/`)
}

/** Answers the order number of the placed order. */
export async function placeCodOrder(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/products?s=price_desc`)
  await page.waitForLoadState('networkidle')
  await page
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click()
  await page.waitForFunction(() => /\d+/.test(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? ''), null, { polling: 100 })
  await page.goto(`${origin}/checkout`)
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor()
  await page.getByRole('heading', { name: 'Delivery address' }).waitFor()
  await page.waitForLoadState('networkidle')
  const form = page.getByRole('heading', { name: 'New address' })
  if (await form.isVisible()) {
    const fill: [string, string][] = [
      ['Full name', 'Meera Iyer'],
      ['Mobile number', '9876500003'],
      ['House / flat no.', 'Flat 4B'],
      ['Building / street', 'Lotus Apartments'],
      ['Area / locality', 'Indiranagar'],
      ['City', 'Bengaluru'],
      ['Pincode', '560038'],
    ]
    for (const [label, value] of fill) await page.getByRole('textbox', { name: label, exact: true }).fill(value)
    await page.getByRole('combobox', { name: 'State' }).selectOption('Karnataka')
    await page.getByText('Delivery available to 560038').waitFor()
    await page.getByRole('button', { name: 'Add address' }).click()
    await form.waitFor({ state: 'detached' })
  }
  await page.getByRole('radio', { name: /^Cash on delivery/ }).check()
  await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: /^Place order/ }).click()
  await page.waitForURL(/\/order\/success\//)
  return (await page.getByTestId('order-number').textContent())!.trim()
}
