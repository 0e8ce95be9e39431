import type { Browser, BrowserContext } from 'playwright-core'
import { DESKTOP, openPage } from './browser'

/** The sign-in code of e2e servers started with AUTH_FIXED_OTP. */
export const FIXED_CODE = '123456'

/**
 * Signs people in through the login screen once and reuses their session (storage state) for every later page:
 * `const signedIn = signInOnce(() => browser, () => server.origin)`, then `await signedIn('9876500001')`.
 */
export function signInOnce(browser: () => Browser, origin: () => string, code = FIXED_CODE) {
  const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>()
  return async (username: string) => {
    const opened = await openPage(browser(), { ...DESKTOP, viewport: { width: 1280, height: 800 }, storageState: states.get(username) })
    if (!states.has(username)) {
      await opened.page.goto(`${origin()}/auth/login`)
      await opened.page.getByLabel('Mobile number or email').fill(username)
      await opened.page.getByRole('button', { name: /Send code|Continue/ }).click()
      await opened.page.getByLabel('6-digit code').fill(code)
      await opened.page.waitForURL(`${origin()}/`)
      states.set(username, await opened.context.storageState())
    }
    return opened
  }
}
