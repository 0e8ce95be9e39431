import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser'
import { startServer, type TestServer } from './server'
import { placeCodOrder } from './shop-flow'
import { shot, SUPERADMIN } from './staff-session'

/**
 * Issue #32 with the messages simulator (no AUTH_FIXED_OTP: codes are read where a phone would get them,
 * GET /__sim/messages?to= as CONTRACT fixes it): sign-in on WhatsApp, an order's updates as staff move it, a WhatsApp
 * failure falling back to SMS on the DLT template id, and an opted-out shopper who gets none. Order updates go only
 * to a number that opted in (the checkout's tick).
 */
let server: TestServer
let browser: Browser
/** the staff session of the first test (a number gets one code per 30 s: the later test reuses it) */
let staffState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined
let shopperState: typeof staffState

before(async () => {
  ;[server, browser] = await Promise.all([startServer({ ORDER_JOBS_INTERVAL_MS: '300' }), launchBrowser()])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

type Received = { channel: 'whatsapp' | 'sms'; template: string; text: string; status: string; sent_at: string }
const inbox = async (mobile: string): Promise<Received[]> => (await fetch(`${server.origin}/__sim/messages?to=${mobile}`)).json() as Promise<Received[]>

/** Polls the phone until a message matching `match` arrives that was not there before; answers it. */
async function arrives(mobile: string, match: (m: Received) => boolean, before: Received[] = [], what = 'a message'): Promise<Received> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = (await inbox(mobile)).find((m) => match(m) && !before.some((b) => b.sent_at === m.sent_at && b.text === m.text))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`${what} never reached ${mobile}: ${JSON.stringify(await inbox(mobile))}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Signs in through the form with the code the phone received (WhatsApp unless it failed); answers that message. */
async function signInFromPhone(page: Page, mobile: string, url: string | RegExp = `${server.origin}/`): Promise<Received> {
  const earlier = await inbox(mobile)
  await page.goto(`${server.origin}/auth/login`)
  await page.getByLabel('Mobile number or email').fill(mobile)
  await page.getByRole('button', { name: /Send code|Continue/ }).click()
  const message = await arrives(mobile, (m) => /^\d{6} is your verification code/.test(m.text), earlier, 'the sign-in code')
  await page.getByLabel('6-digit code').fill(message.text.slice(0, 6))
  await page.waitForURL(url)
  return message
}

describe('messages to phones through the simulator', () => {
  it('a shopper signs in with the code received on WhatsApp, and the order’s updates arrive as staff move it', async () => {
    const shopper = await openPage(browser, MOBILE)
    const code = await signInFromPhone(shopper.page, '9876500003')
    shopperState = await shopper.context.storageState()
    assert.equal(code.channel, 'whatsapp')
    assert.equal(code.template, 'sign_in_code')
    // WhatsApp's rule: updates only after the shopper's opt-in, given here at checkout
    const number = await placeCodOrder(shopper.page, server.origin, 1, () =>
      shopper.page.getByRole('checkbox', { name: 'Send me order updates on WhatsApp/SMS' }).check(),
    )
    // cash on delivery is confirmed as it is placed: "order placed" is its one message (docs/decisions/0052)
    const placed = await arrives('9876500003', (m) => m.template === 'order_placed' && m.text.includes(number), [], 'order placed')
    assert.equal(placed.channel, 'whatsapp')

    const staff = await openPage(browser, DESKTOP)
    await signInFromPhone(staff.page, SUPERADMIN)
    staffState = await staff.context.storageState()
    await staff.page.goto(`${server.origin}/bos/admin/orders?q=${number}`)
    await staff.page.getByRole('link', { name: number }).click()
    await staff.page.getByRole('heading', { name: new RegExp(`^Order ${number}`), level: 1 }).waitFor()
    await staff.page.getByRole('button', { name: 'Mark packed' }).click()
    await staff.page.getByRole('button', { name: 'Send out for delivery' }).click()
    const dispatch = staff.page.getByRole('dialog', { name: `Send ${number} out for delivery` })
    await dispatch.getByLabel('Delivery person’s name').fill('Ravi Kumar')
    await dispatch.getByLabel('Delivery person’s phone').fill('9876543210')
    await dispatch.getByRole('button', { name: 'Send out' }).click()
    const out = await arrives('9876500003', (m) => m.template === 'out_for_delivery' && m.text.includes(number), [], 'out for delivery')
    assert.equal(out.text, `Your Kirana Fresh order ${number} is out for delivery with Ravi Kumar (9876543210).`)
    await staff.page.getByRole('button', { name: 'Mark delivered' }).click()
    await staff.page.getByRole('button', { name: /^Delivered, ₹[\d,.]+ in cash$/ }).click()
    await arrives('9876500003', (m) => m.template === 'delivered' && m.text.includes(number), [], 'delivered')

    // the demo's page of what each phone received
    await shopper.page.goto(`${server.origin}/sim/messages`)
    await shopper.page.getByRole('heading', { name: '+91 9876500003' }).waitFor()
    await shopper.page.getByText(`Your Kirana Fresh order ${number} is out for delivery with Ravi Kumar`).first().waitFor()
    await shot(shopper.page, 'messages-simulator-phones')
    assert.deepEqual([...shopper.errors, ...staff.errors], [])
    await Promise.all([shopper.context.close(), staff.context.close()])
  })

  it('a WhatsApp failure falls back to SMS on the DLT template id, and that code signs in', async () => {
    const mobile = '9811500001'
    const planned = await fetch(`${server.origin}/__sim/messages/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: mobile, channel: 'whatsapp', mode: 'reject' }),
    })
    assert.equal(planned.status, 200)
    const visitor = await openPage(browser, MOBILE)
    // a new number: the right code leads on to registration
    const sms = await signInFromPhone(visitor.page, mobile, /\/auth\/(register|login)/)
    assert.equal(sms.channel, 'sms')
    assert.match(sms.template, /^\d{19}$/, 'the DLT template id')
    assert.equal(sms.template, '1107160000000000010')
    assert.deepEqual(
      (await inbox(mobile)).map((m) => m.channel),
      ['sms'],
      'the refused WhatsApp message never reached the phone',
    )
    await visitor.context.close()
  })

  it('an opted-out shopper gets no updates', async () => {
    const shopper = await openPage(browser, { ...MOBILE, storageState: shopperState })
    // the shopper's own choice, on their profile page
    await shopper.page.goto(`${server.origin}/account/details`)
    const choices = shopper.page.getByRole('form', { name: 'Messages on your phone' })
    await choices.getByText('To +91 9876500003').waitFor()
    const tick = choices.getByRole('checkbox', { name: /Send me order updates/ })
    assert.equal(await tick.isChecked(), true, 'the opt-in given at checkout shows on the profile')
    await tick.uncheck()
    await choices.getByRole('button', { name: 'Save message choices' }).click()
    await shopper.page.getByText('Order updates are off: we will not message you about orders').first().waitFor()
    // its heading in the middle of the screen, clear of the sticky header
    await shopper.page.evaluate(() => document.getElementById('message-preferences-title')?.scrollIntoView({ block: 'center' }))
    await shot(shopper.page, 'msg-preferences-mobile', false)
    const number = await placeCodOrder(shopper.page, server.origin)
    const staff = await openPage(browser, { ...DESKTOP, storageState: staffState })
    await staff.page.goto(`${server.origin}/bos/admin/orders?q=${number}`)
    await staff.page.getByRole('link', { name: number }).click()
    await staff.page.getByRole('button', { name: 'Mark packed' }).click()
    await staff.page.getByRole('button', { name: 'Send out for delivery' }).click()
    const dispatch = staff.page.getByRole('dialog', { name: `Send ${number} out for delivery` })
    await dispatch.getByRole('button', { name: 'Send out' }).click()
    await dispatch.waitFor({ state: 'detached' })
    // the sign the outbox has handled the updates: the staff's message log shows them not sent, opted out
    const deadline = Date.now() + 20_000
    for (;;) {
      const log = await staff.page.evaluate(async () => {
        const res = await fetch('/s/api/admin/messages', { headers: { 'x-web-url': location.origin } })
        return ((await res.json()) as { data: { to: string; template: string; status: string }[] }).data
      })
      const skipped = log.filter((r) => r.to === '9876500003' && r.status === 'opted_out').map((r) => r.template)
      if (skipped.includes('order_placed') && skipped.includes('out_for_delivery')) break
      if (Date.now() > deadline) throw new Error(`the updates were never handled: ${JSON.stringify(log.slice(0, 5))}`)
      await new Promise((r) => setTimeout(r, 200))
    }
    assert.deepEqual(
      (await inbox('9876500003')).filter((m) => m.text.includes(number)),
      [],
    )
    await Promise.all([shopper.context.close(), staff.context.close()])
  })
})
