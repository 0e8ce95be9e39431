import type { Browser, BrowserContext } from 'playwright-core'
import { DESKTOP, openPage } from './browser'

/** The sign-in code the e2e servers use (startServer({ AUTH_FIXED_OTP: STAFF_CODE })). */
export const STAFF_CODE = '123456'
export const SUPERADMIN = '9876500001'

const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>()

/** A desktop page signed in as `username` on `origin`: the first call signs in through the form, later ones reuse the session. */
export async function signedIn(browser: Browser, origin: string, username: string) {
  const key = `${origin} ${username}`
  const opened = await openPage(browser, { ...DESKTOP, viewport: { width: 1280, height: 800 }, storageState: states.get(key) })
  if (!states.has(key)) {
    await opened.page.goto(`${origin}/auth/login`)
    await opened.page.getByLabel('Mobile number or email').fill(username)
    await opened.page.getByRole('button', { name: /Send code|Continue/ }).click()
    await opened.page.getByLabel('6-digit code').fill(STAFF_CODE)
    await opened.page.waitForURL(`${origin}/`)
    states.set(key, await opened.context.storageState())
  }
  return opened
}
