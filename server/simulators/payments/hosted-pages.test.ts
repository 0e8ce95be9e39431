import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage } from '../../../tests/e2e/browser'
import { type SimApp, startSimApp } from './test-kit'

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'

describe("hosted pages under the app's CSP (script-src 'self', no inline script)", () => {
  let s: SimApp
  beforeAll(async () => {
    s = await startSimApp()
  })
  afterAll(() => s.close())

  it('serves pages that load only external scripts, with the CSP and a clear label', async () => {
    const demo = await s.app.inject({ method: 'GET', url: '/sim/demo' })
    expect(demo.headers['content-security-policy']).toContain("script-src 'self'")
    expect(demo.body).toContain('Payment simulator — no real money')
    expect(demo.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    const js = await s.app.inject({ method: 'GET', url: '/sim/razorpay/checkout.js' })
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.body).toContain('window.Razorpay = Razorpay')
    expect(js.body).not.toContain(String(s.config.RAZORPAY_KEY_SECRET))
    const missing = await s.app.inject({ method: 'GET', url: '/sim/cashfree/pay/session_nope' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Unknown or expired payment session')
  })

  describe.skipIf(!existsSync(chromium))('in Chromium', () => {
    let browser: Browser
    // biome-ignore lint/suspicious/noDuplicateTestHooks: the hooks of this describe.skipIf block, not duplicates
    beforeAll(async () => {
      browser = await launchBrowser()
    })
    // biome-ignore lint/suspicious/noDuplicateTestHooks: same
    afterAll(() => browser?.close())

    const open = async () => {
      const opened = await openPage(browser)
      await opened.page.goto(`${s.origin}/sim/demo`)
      return opened
    }
    const result = (p: Awaited<ReturnType<typeof open>>['page']) => p.locator('#sim-result')

    it('Razorpay: Pay calls handler with a signature the adapter verifies', async () => {
      const { context, page, errors } = await open()
      await page.getByRole('button', { name: 'Pay with Razorpay' }).click()
      const dialog = page.getByRole('dialog', { name: 'Simulator demo store' })
      await dialog.getByRole('button', { name: 'Pay ₹123.45' }).click()
      await expect.poll(() => result(page).getAttribute('data-state')).toBe('paid')
      await expect(dialog.count()).resolves.toBe(0)
      const response = JSON.parse((await result(page).textContent())?.replace(/^paid\n/, '') ?? '{}') as Record<string, string>
      expect(s.razorpay.verifyClientReturn(response, response.razorpay_order_id)).toEqual({ verified: true, providerPaymentId: response.razorpay_payment_id })
      expect((await s.razorpay.fetchStatus(response.razorpay_order_id)).state).toBe('paid')
      expect(errors).toEqual([])
      await context.close()
    })

    it('Razorpay: Fail fires payment.failed and keeps the checkout open; Cancel calls modal.ondismiss', async () => {
      const { context, page, errors } = await open()
      await page.getByRole('button', { name: 'Pay with Razorpay' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Fail' }).click()
      await expect.poll(() => result(page).getAttribute('data-state')).toBe('failed')
      expect(await result(page).textContent()).toContain('payment_failed')
      await dialog.getByText('Payment failed. Try again, or cancel.').waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => result(page).getAttribute('data-state')).toBe('dismissed')
      expect(errors).toEqual([])
      await context.close()
    })

    for (const [button, order, payment] of [
      ['Succeed · pay ₹123.45', 'PAID', 'SUCCESS'],
      ['Fail', 'ACTIVE', 'FAILED'],
      ['User dropped', 'ACTIVE', 'USER_DROPPED'],
    ]) {
      it(`Cashfree: ${button.split(' ')[0]} on the hosted page, then back to the return_url`, async () => {
        const { context, page, errors } = await open()
        await page.getByRole('button', { name: 'Pay with Cashfree' }).click()
        await page.waitForURL(/\/sim\/cashfree\/pay\/session_/)
        await page.getByText('Payment simulator — no real money').waitFor()
        await page.getByRole('button', { name: button }).click()
        await page.waitForURL(/\/sim\/demo\/return\?order_id=demo_/)
        expect(await result(page).getAttribute('data-state')).toBe(order)
        expect(await result(page).getAttribute('data-payment')).toBe(payment)
        expect(errors).toEqual([])
        await context.close()
      })
    }
  })
})
