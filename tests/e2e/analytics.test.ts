import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { Browser, Request } from 'playwright-core'
import { type Envelope, parseEnvelope } from '../../server/features/analytics/envelope'
import { decodeBody } from '../../server/features/analytics/ingest'
import { until as untilHolds } from '../../server/test/wait'
import { DESKTOP, launchBrowser, openPage, pageCaughtUp } from './browser'
import { startServer, type TestServer } from './server'
import { SUPERADMIN, STAFF_CODE, signedIn } from './staff-session'

let server: TestServer
let browser: Browser

before(async () => {
  ;[server, browser] = await Promise.all([
    startServer({
      APP_ENVIRONMENT: 'staging',
      AUTH_FIXED_OTP: STAFF_CODE,
      // the admin's DSN names a stand-in for Sentry on this machine: allowed here only (decision 0042)
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      OUTBOUND_ALLOW_PRIVATE: '1',
    }),
    launchBrowser(),
  ])
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

interface Sent {
  at: number
  events: { event: string; properties: Record<string, unknown> }[]
}

/** What the browser posts to the analytics proxy path (/ingest) and the monitoring tunnel (/monitoring). */
function capture(page: import('playwright-core').Page) {
  const batches: Sent[] = []
  const envelopes: Envelope[] = []
  page.on('request', (req: Request) => {
    const url = new URL(req.url())
    const body = req.postDataBuffer()
    if (req.method() !== 'POST' || !body) return
    if (url.pathname.startsWith('/ingest/')) {
      const payload = decodeBody(body, url.searchParams.get('compression') ?? undefined)
      const list = (Array.isArray(payload) ? payload : ((payload as { batch?: unknown[] }).batch ?? [payload])) as Sent['events']
      batches.push({ at: Date.now(), events: list })
    } else if (url.pathname === '/monitoring') {
      const env = parseEnvelope(body)
      if (env) envelopes.push(env)
    }
  })
  return { batches, envelopes }
}

const until = (what: string, ok: () => boolean, ms = 15_000) => untilHolds(ok, ms, what)

/** posthog-js drops what a bot sends (user agent and brands HeadlessChrome, navigator.webdriver): a shopper's browser here */
async function shopperPage() {
  const userAgent = (await browser.newBrowserCDPSession().then((s) => s.send('Browser.getVersion'))).userAgent.replace('HeadlessChrome', 'Chrome')
  const opened = await openPage(browser, { ...DESKTOP, userAgent })
  await opened.context.addInitScript({
    content: "Object.defineProperty(navigator, 'webdriver', { get: () => false }); Object.defineProperty(navigator, 'userAgentData', { get: () => undefined })",
  })
  return opened
}

describe('analytics and monitoring (spec §9)', () => {
  it('sends one page view per navigation in 3 s batches, the website group, no person profile; without a DSN only errors', async () => {
    // posthog-js drops what a bot sends (user agent and brands HeadlessChrome, navigator.webdriver): a shopper's browser here
    const userAgent = (await browser.newBrowserCDPSession().then((s) => s.send('Browser.getVersion'))).userAgent.replace('HeadlessChrome', 'Chrome')
    const { context, page, errors } = await openPage(browser, { ...DESKTOP, userAgent })
    await context.addInitScript({
      content:
        "Object.defineProperty(navigator, 'webdriver', { get: () => false }); Object.defineProperty(navigator, 'userAgentData', { get: () => undefined })",
    })
    const sent = capture(page)
    const started = Date.now()
    await page.goto(`${server.origin}/`)
    assert.equal(await page.locator('meta[name="environment"]').getAttribute('content'), 'staging')
    const pageviews = () => sent.batches.flatMap((b) => b.events).filter((e) => e.event === '$pageview')
    await until('the first page view', () => pageviews().length === 1)
    assert.ok(sent.batches[0]!.at - started >= 2000, 'analytics start after the page is interactive (2 s later)')

    // two client-side navigations: a search from the navbar, then the home link
    await page.getByRole('combobox', { name: 'Search products' }).first().fill('basmati')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/products\?q=basmati$/)
    await page.locator('article h3').first().waitFor()
    await page.goBack()
    await page.waitForURL(`${server.origin}/`)
    await until('three page views', () => pageviews().length >= 3)
    // one more navigation: its page view is sent after everything queued before it, an automatic one included
    await page.goForward()
    await page.waitForURL(/\/products\?q=basmati$/)
    await until('four page views', () => pageviews().length >= 4)
    const urls = pageviews().map((e) => new URL(String(e.properties.$current_url)))
    assert.deepEqual(
      urls.map((u) => u.pathname + u.search),
      ['/', '/products?q=basmati', '/', '/products?q=basmati'],
      'one page view per navigation, none automatic',
    )

    // batched: consecutive posts are about 3 s apart
    const gaps = sent.batches.slice(1).map((b, i) => b.at - sent.batches[i]!.at)
    for (const gap of gaps) assert.ok(gap >= 2500, `batches ${gap} ms apart`)

    // the website as a group, with its id and name; page views carry it
    const all = sent.batches.flatMap((b) => b.events)
    const group = all.find((e) => e.event === '$groupidentify')
    assert.ok(group, 'a $groupidentify call')
    const web = (await (await page.request.get(`${server.origin}/s/api/init`)).json()) as { web: { id: number; name: string } }
    assert.equal(group.properties.$group_type, 'website')
    assert.equal(group.properties.$group_key, String(web.web.id))
    assert.deepEqual(group.properties.$group_set, { name: web.web.name })
    for (const e of pageviews()) assert.deepEqual(e.properties.$groups, { website: String(web.web.id) })
    // a visitor has no person profile
    for (const e of all) assert.equal(e.properties.$process_person_profile, false, `${e.event} processes no person`)
    assert.ok(!all.some((e) => e.event === '$identify'), 'a visitor is not identified')
    for (const e of all) assert.equal(e.properties.$configured_session_timeout_ms, 1_800_000, 'session idle timeout 1,800 s')

    // monitoring without a DSN (the default): errors only, environment from the meta tag; no trace or replay is sent
    await page.evaluate("setTimeout(() => { throw new Error('e2e boom') })")
    await until('the error', () => sent.envelopes.some((e) => e.items.some((i) => i.type === 'event')))
    const event = sent.envelopes.flatMap((e) => e.items).find((i) => i.type === 'event')!.payload as {
      environment: string
      exception: { values: { value: string }[] }
    }
    assert.equal(event.environment, 'staging')
    assert.equal(event.exception.values[0]!.value, 'e2e boom')
    // a second error, reported after whatever the first one or the page load queued
    await page.evaluate("setTimeout(() => { throw new Error('e2e boom 2') })")
    const second = (e: Envelope) => e.items.some((i) => i.type === 'event' && JSON.stringify(i.payload).includes('e2e boom 2'))
    await until('the second error', () => sent.envelopes.some(second))
    assert.deepEqual([...new Set(sent.envelopes.flatMap((e) => e.items.map((i) => i.type)))], ['event'], 'without a DSN only errors are sent')
    assert.deepEqual(
      await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /telemetry-tracing/.test(r.name)).length),
      0,
      'nor is the tracing and replay code loaded',
    )

    assert.deepEqual(
      errors.filter((e) => !e.includes('e2e boom')),
      [],
    )
    await context.close()
  })

  it('keeps an error thrown 300 ms after load, before monitoring has loaded, and reports it with the release; no source map is served', async () => {
    const { context, page } = await shopperPage()
    const sent = capture(page)
    await page.goto(`${server.origin}/`)
    await page.evaluate("setTimeout(() => { throw new Error('early boom') }, 300); setTimeout(() => Promise.reject(new Error('early rejection')), 300)")
    const reported = (text: string) => (e: Envelope) => e.items.some((i) => i.type === 'event' && JSON.stringify(i.payload).includes(text))
    await until('the early error reported', () => sent.envelopes.some(reported('early boom')))
    await until('the early rejection reported', () => sent.envelopes.some(reported('early rejection')))
    const event = sent.envelopes.find(reported('early boom'))!.items.find((i) => i.type === 'event')!.payload as {
      release?: string
      exception: { values: { stacktrace?: { frames: { filename: string }[] } }[] }
    }
    assert.match(event.release ?? '', /^storefront@\d+\.\d+\.\d+/, 'the build is named')
    // the bundle's maps stay with the build (for an upload under that release), not with whoever asks
    const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src')
    assert.equal((await page.request.get(`${server.origin}${script}.map`)).status(), 404)
    await context.close()
  })

  it('identifies a signed-in shopper (by id only): their events have a person profile', async () => {
    const { context, page } = await shopperPage()
    const sent = capture(page)
    await page.goto(`${server.origin}/auth/login`)
    await page.getByLabel('Mobile number or email').fill('9876500003')
    await page.getByRole('button', { name: /Send code|Continue/ }).click()
    await page.getByLabel('6-digit code').fill(STAFF_CODE)
    await page.waitForURL(`${server.origin}/`)
    const all = () => sent.batches.flatMap((b) => b.events)
    await until('the identify call and a page view after it', () => {
      const i = all().findIndex((e) => e.event === '$identify')
      return (
        i >= 0 &&
        all()
          .slice(i)
          .some((e) => e.event === '$pageview')
      )
    })
    const i = all().findIndex((e) => e.event === '$identify')
    const identify = all()[i]!
    assert.match(String(identify.properties.distinct_id), /^\d+$/, 'the user id, no phone or email')
    for (const e of all().slice(i)) assert.equal(e.properties.$process_person_profile, true, `${e.event} of a signed-in shopper`)
    await context.close()
  })

  it('with a DSN set by the admin: traces at 100 % and the replay of a session with an error, environment from the meta tag', async () => {
    // the DSN's host: what the tunnel forwards to
    const received: string[] = []
    const dsnHost = createServer((req, res) => {
      received.push(req.url ?? '')
      req.resume()
      req.on('end', () => res.end('{}'))
    })
    await new Promise<void>((r) => dsnHost.listen(0, '127.0.0.1', r))
    try {
      const dsn = `http://key@127.0.0.1:${(dsnHost.address() as AddressInfo).port}/7`
      const staff = await signedIn(browser, server.origin, SUPERADMIN)
      // the form takes the saved DSN when it arrives: typed before that, it would be replaced
      const loaded = staff.page.waitForResponse((r) => r.url().endsWith('/api/admin/monitoring') && r.request().method() === 'GET')
      await staff.page.goto(`${server.origin}/bos/admin/analytics`)
      await loaded
      await pageCaughtUp(staff.page)
      await staff.page.getByLabel('DSN').fill(dsn)
      await staff.page.getByRole('button', { name: 'Save' }).first().click()
      await staff.page.getByText('Monitoring DSN saved').waitFor()
      await staff.context.close()

      const { context, page } = await shopperPage()
      const sent = capture(page)
      await page.goto(`${server.origin}/`)
      assert.equal(await page.locator('meta[name="monitoring-dsn"]').getAttribute('content'), dsn)
      // @sentry/browser 11 sends the page load's spans as `span` items
      const traced = (e: Envelope) => e.items.some((i) => i.type === 'transaction' || i.type === 'span')
      await until('a trace', () => sent.envelopes.some(traced))
      const trace = sent.envelopes.find(traced)!.header.trace as { sample_rate?: string; environment?: string }
      assert.equal(trace.sample_rate, '1')
      assert.equal(trace.environment, 'staging')
      // an error: reported, with a replay of the session (100 % of sessions with an error)
      await page.evaluate("setTimeout(() => { throw new Error('e2e boom') })")
      await until('the error and its replay', () => {
        const items = sent.envelopes.flatMap((e) => e.items)
        return items.some((i) => i.type === 'event') && items.some((i) => i.type === 'replay_event')
      })
      const replay = sent.envelopes.flatMap((e) => e.items).find((i) => i.type === 'replay_event')!.payload as { replay_type: string }
      // from the error buffer, or (one session in ten, sampled at 10 %) the whole session's: either way replayed
      assert.ok(['buffer', 'session'].includes(replay.replay_type), replay.replay_type)
      await until('the envelopes forwarded to the DSN', () => received.length >= 2)
      assert.ok(
        received.every((u) => u.startsWith('/api/7/envelope/?sentry_key=key')),
        received.join(),
      )
      await context.close()
    } finally {
      dsnHost.close()
    }
  })
})
