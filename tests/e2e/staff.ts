import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, openPage } from './browser'

/** The one-time code the e2e servers accept (AUTH_FIXED_OTP) and the demo accounts that staff tests sign in as. */
export const STAFF_CODE = '123456'
export const SUPERADMIN = '9876500001'
export const SHOPPER = '9876500003'

/**
 * Signing in through the real sign-in screen, once per account: later pages of the same account start from the
 * saved browser state.
 */
export function staffSignIn(browser: () => Browser, origin: () => string) {
  const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>()
  return async function signedIn(username: string) {
    const opened = await openPage(browser(), { ...DESKTOP, viewport: { width: 1280, height: 800 }, storageState: states.get(username) })
    if (!states.has(username)) {
      await opened.page.goto(`${origin()}/auth/login`)
      await opened.page.getByLabel('Mobile number or email').fill(username)
      await opened.page.getByRole('button', { name: /Send code|Continue/ }).click()
      await opened.page.getByLabel('6-digit code').fill(STAFF_CODE)
      await opened.page.waitForURL(`${origin()}/`)
      states.set(username, await opened.context.storageState())
    }
    return opened
  }
}

export async function openAccountMenu(page: Page, name: string) {
  const menu = page.getByRole('menu', { name: 'Account' })
  for (let tries = 0; tries < 20 && !(await menu.isVisible()); tries++) {
    await page.getByRole('button', { name }).click()
    await menu.waitFor({ timeout: 500 }).catch(() => {})
  }
  return menu
}
