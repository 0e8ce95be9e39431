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

/** Answers the order number of the placed order (`units` of the dearest product). */
export async function placeCodOrder(page: Page, origin: string, units = 1, before?: () => Promise<void>): Promise<string> {
  return (await placeOrder(page, origin, /^Cash on delivery/, undefined, units, before)).number
}

/**
 * Paid with Razorpay through the payment simulator's checkout (PAYMENTS_MODE=simulator); answers the order's number
 * and id.
 */
export async function placeRazorpayOrder(page: Page, origin: string): Promise<{ number: string; id: number }> {
  return placeOrder(page, origin, /^Razorpay/, async () => {
    await page.waitForURL(/\/checkout\/razorpay\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    const sim = page.locator('[data-sim="razorpay-checkout"]')
    await sim.waitFor()
    await sim.locator('[data-sim="pay"]:not([disabled])').click()
    return id
  })
}

async function placeOrder(
  page: Page,
  origin: string,
  method: RegExp,
  pay?: () => Promise<number>,
  units = 1,
  /** what the shopper does on the checkout page before placing (a business buyer's GSTIN) */
  before?: () => Promise<void>,
): Promise<{ number: string; id: number }> {
  await page.goto(`${origin}/products?s=price_desc`)
  await page.waitForLoadState('networkidle')
  // the cart may hold lines already (an earlier try that was refused): wait for one more unit per tap, not a total
  const units0 = await cartUnits(page)
  await page
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click()
  await inCart(page, units0 + 1)
  for (let n = 2; n <= units; n++) {
    await page
      .getByRole('button', { name: /^One more / })
      .first()
      .click()
    await inCart(page, units0 + n)
  }
  await page.goto(`${origin}/checkout`)
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor()
  await page.getByRole('heading', { name: 'Delivery address' }).waitFor()
  await page.waitForLoadState('networkidle')
  await addAddressIfAsked(page)
  await page.getByRole('radio', { name: method }).check()
  await page.locator('input[name^="slot-"]:checked').first().waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  if (before) await before()
  await page.getByRole('button', { name: /^Place order/ }).click()
  const id = pay ? await pay() : 0
  await page.waitForURL(/\/order\/success\//)
  return { number: (await page.getByTestId('order-number').textContent())!.trim(), id }
}

/** At checkout: a new shopper is asked for an address first (one in 560038, which the demo store delivers to). */
export async function addAddressIfAsked(page: Page) {
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
}

/** The units the header's cart button says (0 for an empty cart). */
async function cartUnits(page: Page): Promise<number> {
  const label = (await page.locator('[aria-label^="Cart"]').first().getAttribute('aria-label')) ?? ''
  return Number(/^Cart, (\d+) items?$/.exec(label)?.[1] ?? 0)
}

async function inCart(page: Page, n: number) {
  await page
    .waitForFunction(
      (n) => Number(/^Cart, (\d+) items?$/.exec(document.querySelector('[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? '')?.[1] ?? 0) >= n,
      n,
      { polling: 100 },
    )
    .catch(async (e) => {
      throw new Error(
        `the cart should say at least ${n} items but says ${JSON.stringify(await page.locator('[aria-label^="Cart"]').first().getAttribute('aria-label'))}: ${e}`,
      )
    })
}
