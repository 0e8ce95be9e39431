import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { MOBILE, openPage } from './browser'
import { placeCodOrder, signInShopper } from './shop-flow'
import { shot, signedIn, STAFF_CODE, staffSuite, SUPERADMIN } from './staff-session'

/**
 * Issue 32's staff screens in a real browser: the owner gives the website its own WhatsApp Business and MSG91 keys
 * (each tested against the simulator's provider APIs before saving), fixes a template the form refuses and sees each
 * message's preview; a shopper's order then goes out on those keys, and a manager finds it in the Message log with
 * the status the simulator's signed webhook reported. Screens at 390 px and desktop (SCREENSHOT_DIR, msg-*.png).
 */
const suite = staffSuite()
const SHOPPER = '9876500003'
const WHATSAPP = { phone_number_id: '104200000000042', access_token: 'EAAe2eOwnAccessToken42', app_secret: 'e2e-own-app-secret-42' }
const MSG91 = { auth_key: 'e2e-own-msg91-authkey-42', sender_id: 'KRNFSH' }

/** A call with the signed-in page's cookies and its XSRF token (as the web client makes it). */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const origin = suite.server.origin
  const token = async () => (await page.context().cookies(origin)).find((c) => c.name === 'XSRF-TOKEN')?.value
  if (!(await token())) await page.request.get(`${origin}/s/api/cookie`, { headers: { 'x-web-url': origin } })
  const res = await page.request.fetch(`${origin}/s${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-web-url': origin, 'x-xsrf-token': decodeURIComponent((await token()) ?? '') },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status(), body: await res.json() }
}

/** The accounts the shop "made" at the providers, reporting to the addresses the Messaging screen gives. */
async function makeProviderAccounts(accounts: object) {
  const res = await fetch(`${suite.server.origin}/__sim/messages/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(accounts),
  })
  assert.equal(res.status, 200, await res.text())
}

describe('messaging settings and the message log in the staff app', () => {
  it('the owner sets and tests the website’s own keys, fixes a refused template, sees the previews; the order’s message shows in the log with its delivery status', async () => {
    const origin = suite.server.origin
    const { context, page: admin, errors } = await signedIn(suite.browser, origin, SUPERADMIN)
    await admin.goto(`${origin}/page-builder/messaging`)
    await admin.getByRole('heading', { level: 1, name: 'Messaging' }).waitFor()
    await admin.getByText('No keys saved: messages use the shop’s WhatsApp Business account.', { exact: false }).waitFor()
    // each message's preview, filled with a sample order and the shop's name
    await admin.getByText('Your Kirana Fresh order KS-1042 of ₹1,249.00 is confirmed. Thank you for shopping with us.').waitFor()
    await admin.getByText('Your Kirana Fresh order KS-1042 is out for delivery with Ravi Kumar (9876501234).').waitFor()

    // the WhatsApp webhook address the screen gives is where the provider account reports
    const webhookUrl = (await admin.locator('code').first().textContent())?.trim() ?? ''
    assert.match(webhookUrl, /^http:\/\/localhost:\d+\/s\/api\/messages\/webhooks\/whatsapp\/\d+$/)
    await makeProviderAccounts({ whatsapp: { ...WHATSAPP, webhook_url: webhookUrl }, msg91: { ...MSG91, webhook_url: '/not-yet' } })

    // WhatsApp: keys typed, tested before saving; a wrong token is refused by the provider
    await admin.getByLabel('Phone number id').fill(WHATSAPP.phone_number_id)
    await admin.getByLabel('Access token').fill('EAAnotTheRightToken1')
    await admin.getByRole('button', { name: 'Test the WhatsApp connection' }).click()
    await admin
      .getByRole('status')
      .getByText(/WhatsApp refused the keys: Invalid OAuth access token/)
      .waitFor()
    await admin.getByLabel('Access token').fill(WHATSAPP.access_token)
    await admin.getByLabel('App secret').fill(WHATSAPP.app_secret)
    await admin.getByRole('button', { name: 'Test the WhatsApp connection' }).click()
    await admin
      .getByRole('status')
      .getByText(`WhatsApp accepted the keys: Simulator shop, +91 ${WHATSAPP.phone_number_id.slice(-10)}`)
      .waitFor()
    assert.equal(await admin.getByLabel('Access token').getAttribute('type'), 'password')
    // MSG91: the DLT sender id and auth key
    await admin.getByLabel('Sender id').fill(MSG91.sender_id.toLowerCase())
    assert.equal(await admin.getByLabel('Sender id').inputValue(), MSG91.sender_id)
    await admin.getByLabel('Auth key').fill(MSG91.auth_key)
    await admin.getByRole('button', { name: 'Test the SMS connection' }).click()
    await admin.getByRole('status').getByText('MSG91 accepted the auth key (balance: 10000 SMS)').waitFor()

    // a template without a variable its message needs is refused on that field, before anything is saved
    const variables = admin.getByLabel('Order confirmed: Variables in order')
    assert.equal(await variables.inputValue(), 'shop, order, amount')
    await variables.fill('shop, order')
    await admin.getByLabel('Order confirmed: Language').fill('en_IN')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Order confirmed needs amount in its template').waitFor()
    await admin.getByText('Some fields need your attention: see below.').waitFor()
    await shot(admin, 'msg-settings-refused-desktop')
    await variables.fill('shop, order, amount')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Messaging settings saved').first().waitFor()
    await admin.getByText('Messages go out on this website’s own WhatsApp Business account.').waitFor()
    await admin.getByText('Messages go out on this website’s own MSG91 account.').waitFor()
    assert.equal(await admin.getByLabel('Access token').getAttribute('placeholder'), '•••• saved')
    assert.equal(await admin.getByLabel('Order confirmed: Language').inputValue(), 'en_IN')
    // the secrets never come back to the browser
    const answer = await call(admin, 'GET', '/api/admin/message-settings')
    assert.equal(answer.status, 200)
    assert.ok(!JSON.stringify(answer.body).includes(WHATSAPP.access_token) && !JSON.stringify(answer.body).includes(MSG91.auth_key))
    // MSG91's delivery reports go to the address the screen now gives (it carries the website's token)
    const reportUrl = (await admin.locator('code').nth(1).textContent())?.trim() ?? ''
    assert.match(reportUrl, /\/s\/api\/messages\/webhooks\/msg91\/\d+\?token=/)
    await makeProviderAccounts({ msg91: { ...MSG91, webhook_url: reportUrl } })
    await shot(admin, 'msg-settings-desktop')

    // the same screen on a phone
    const phone = await openPage(suite.browser, { ...MOBILE, storageState: await context.storageState() })
    await phone.page.goto(`${origin}/page-builder/messaging`)
    await phone.page.getByRole('heading', { level: 1, name: 'Messaging' }).waitFor()
    await phone.page.getByText('Messages go out on this website’s own WhatsApp Business account.').waitFor()
    await shot(phone.page, 'msg-settings-mobile', false)
    await phone.page.getByRole('heading', { name: 'SMS (MSG91, DLT)' }).scrollIntoViewIfNeeded()
    await shot(phone.page, 'msg-settings-mobile-sms', false)
    await phone.page.getByRole('heading', { name: 'Order confirmed' }).scrollIntoViewIfNeeded()
    await shot(phone.page, 'msg-settings-mobile-templates', false)
    await phone.context.close()

    // a shopper's order, updates agreed to at checkout: "order placed" goes out on the website's own WhatsApp account
    const shopper = await openPage(suite.browser, MOBILE)
    await signInShopper(shopper.page, origin, SHOPPER, STAFF_CODE)
    const number = await placeCodOrder(shopper.page, origin, 1, () =>
      shopper.page.getByRole('checkbox', { name: 'Send me order updates on WhatsApp/SMS' }).check(),
    )
    await shopper.context.close()

    // a manager (no keys' area) reads the log on a phone; the status is the one the simulator's signed webhook reported
    const manager = `7${String(Date.now()).slice(-9)}`
    const hired = await call(admin, 'POST', '/api/admin/staff', { username: manager, name: 'Meena Manager', role: 'manager' })
    assert.equal(hired.status, 201, JSON.stringify(hired.body))
    const m = await openPage(suite.browser, MOBILE)
    await signInShopper(m.page, origin, manager, STAFF_CODE)
    const log = m.page.getByRole('table', { name: 'Messages sent' })
    const confirmation = log.getByRole('row').filter({ hasText: 'Order placed' }).filter({ hasText: 'Read' })
    const deadline = Date.now() + 30_000
    for (;;) {
      await m.page.goto(`${origin}/bos/admin/messages`)
      await m.page.getByRole('heading', { level: 1, name: 'Message log' }).waitFor()
      await m.page.getByLabel('Mobile number').fill(SHOPPER)
      await m.page.getByRole('button', { name: 'Find' }).click()
      await log
        .or(m.page.getByText(/^No messages/))
        .first()
        .waitFor()
      if (await confirmation.count()) break
      if (Date.now() > deadline) throw new Error(`the confirmation of ${number} never showed as read: ${await m.page.locator('main').textContent()}`)
      await new Promise((r) => setTimeout(r, 500))
    }
    const row = (await confirmation.first().textContent()) ?? ''
    assert.match(row, /98xxxxxx03/)
    assert.match(row, /WhatsApp/)
    assert.ok(!((await m.page.locator('main').textContent()) ?? '').includes(SHOPPER), 'numbers are masked on screen')
    await shot(m.page, 'msg-log-mobile')
    // the keys' screen is not the manager's
    await m.page.goto(`${origin}/page-builder/messaging`)
    await m.page
      .getByRole('heading', { level: 1, name: 'Messaging' })
      .waitFor({ timeout: 2000 })
      .then(
        () => assert.fail('a manager opened the Messaging keys'),
        () => {},
      )
    assert.equal((await call(m.page, 'GET', '/api/admin/message-settings')).status, 403)

    // the khata statement from the customer's khata screen reaches the phone on its template
    const found = (await call(admin, 'GET', `/api/admin/customers?q=${SHOPPER}`)).body as { data: { user_id: number }[] }
    const userId = found.data[0].user_id
    assert.equal((await call(admin, 'PUT', `/api/admin/customers/${userId}/khata`, { credit_limit: 2000 })).status, 200)
    await admin.goto(`${origin}/bos/admin/khata/${userId}`)
    await admin.getByRole('button', { name: 'Send statement' }).click()
    await admin.getByText(`Statement sent to ${SHOPPER}`).first().waitFor()
    const statementDeadline = Date.now() + 20_000
    for (;;) {
      const inbox = (await (await fetch(`${origin}/__sim/messages?to=${SHOPPER}`)).json()) as { template: string; text: string }[]
      const statement = inbox.find((x) => x.template === 'khata_statement')
      if (statement) {
        assert.match(statement.text, /^Your Kirana Fresh khata balance on \d{1,2} \w{3} \d{4} is ₹0\.$/)
        break
      }
      if (Date.now() > statementDeadline) throw new Error(`the khata statement never reached the phone: ${JSON.stringify(inbox)}`)
      await new Promise((r) => setTimeout(r, 200))
    }

    // the owner's log on a desktop, filtered to WhatsApp
    await admin.goto(`${origin}/bos/admin/messages`)
    await admin.getByRole('heading', { level: 1, name: 'Message log' }).waitFor()
    await admin.getByLabel('Channel').selectOption('whatsapp')
    await admin.getByRole('table', { name: 'Messages sent' }).getByRole('row').filter({ hasText: 'Order placed' }).first().waitFor()
    await admin.getByRole('table', { name: 'Messages sent' }).getByRole('row').filter({ hasText: 'Khata statement' }).first().waitFor()
    await shot(admin, 'msg-log-desktop')
    assert.deepEqual([...errors, ...m.errors], [])
    await m.context.close()
    await context.close()
  })
})
