import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PaymentMethodsAnswer } from '../../../common/contracts/admin-payments'
import { Cart } from '../../../common/contracts/cart'
import { rowsOf } from '../../db/client'
import { paymentRefunds } from '../../db/schema/orders'
import { paymentSettings, websites } from '../../db/schema/sites'
import { drivers, MAIN } from '../../test/app'
import { signIn, type SignedIn, websiteOf } from '../../test/shopper'
import { auditOf, roleHolder, staffCall } from '../../test/staff'
import { pick, until, useCheckoutApp } from '../checkout/test-kit'

const URL = '/s/api/admin/payment-methods'
const RZP = { key_id: 'rzp_test_SiteOwnKey01', key_secret: 'site_own_key_secret_0001', webhook_secret: 'site_own_webhook_secret_01' }
const CF = { client_id: 'TEST_SITE_OWN_CLIENT', client_secret: 'cfsk_ma_test_site_own_secret_01' }
const SECRETS = [RZP.key_secret, RZP.webhook_secret, CF.client_secret]

describe.each(drivers)('payment methods per website (%s)', (driver) => {
  const { k, db, orderRow, paymentRows } = useCheckoutApp(driver)
  let admin: SignedIn
  let mainId: number
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => staffCall(k().t, admin, method, url, payload)
  const current = async () => PaymentMethodsAnswer.parse((await call('GET', URL)).json())
  const save = async (over: Record<string, unknown>) => {
    const now = await current()
    return call('PUT', URL, {
      version: now.version,
      cod: { enabled: now.cod.enabled, max_order_value: now.cod.max_order_value },
      razorpay: { enabled: now.razorpay.enabled, key_id: now.razorpay.key_id ?? '' },
      cashfree: { enabled: now.cashfree.enabled, client_id: now.cashfree.client_id ?? '' },
      ...over,
    })
  }
  const sim = (path: string, body: unknown) => k().sim(path, body)
  const start = async () => {
    admin ??= await signIn(k().t, '9876500001')
    mainId ??= (await websiteOf(k().t, MAIN)).id
  }

  it('answers what the website offers before anything is saved: all on, the shop’s keys, no limit', async () => {
    await start()
    await db().delete(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
    expect(await current()).toMatchObject({
      mode: 'simulator',
      cod: { enabled: true, max_order_value: null },
      razorpay: { enabled: true, key_id: null, key_secret_set: false, webhook_secret_set: false, keys: 'shop' },
      cashfree: { enabled: true, client_id: null, client_secret_set: false, keys: 'shop' },
      version: 1,
    })
  })

  it('keeps secrets sealed: never in an answer, a database row or an audit row; an empty secret keeps the saved one', async () => {
    await start()
    const res = await save({ razorpay: { enabled: true, ...RZP }, cashfree: { enabled: true, ...CF }, cod: { enabled: true, max_order_value: 2500 } })
    expect(res.statusCode, res.body).toBe(200)
    for (const s of SECRETS) expect(res.body).not.toContain(s)
    expect(res.json()).toMatchObject({
      cod: { enabled: true, max_order_value: 2500 },
      razorpay: { key_id: RZP.key_id, key_secret_set: true, webhook_secret_set: true, keys: 'own' },
      cashfree: { client_id: CF.client_id, client_secret_set: true, keys: 'own' },
    })
    expect(res.json().razorpay.webhook_url).toMatch(new RegExp(`/s/api/payments/webhooks/razorpay/${mainId}$`))

    const rows = JSON.stringify(rowsOf(await db().execute(sql`select * from payment_settings`)))
    for (const s of SECRETS) expect(rows).not.toContain(s)
    const [row] = await db().select().from(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
    expect(row.razorpayKeySecret).toMatch(/^v1\./)

    const audit = await auditOf(k().t, res)
    expect(audit).toHaveLength(1)
    const text = JSON.stringify(audit)
    for (const s of [...SECRETS, RZP.key_id, CF.client_id]) expect(text).not.toContain(s)
    expect(audit[0]).toMatchObject({ action: 'payment_settings.update', entity: 'payment_settings', entityId: String(mainId) })
    expect(audit[0].after).toMatchObject({ razorpay_key_id: '…ey01', razorpay_key_secret: 'set', cashfree_client_secret: 'set', cod_max_order_value: 2500 })
    expect(audit[0].data).toEqual({ secrets: ['razorpay key secret changed', 'razorpay webhook secret changed', 'cashfree client secret changed'] })
    const everyAuditRow = JSON.stringify(rowsOf(await db().execute(sql`select * from audit_log`)))
    for (const s of SECRETS) expect(everyAuditRow).not.toContain(s)

    // Saved again with the secret fields empty: the sealed values stay as they were.
    const again = await save({ razorpay: { enabled: true, key_id: RZP.key_id, key_secret: '', webhook_secret: '' } })
    expect(again.statusCode, again.body).toBe(200)
    const [after] = await db().select().from(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
    expect([after.razorpayKeySecret, after.razorpayWebhookSecret, after.cashfreeClientSecret]).toEqual([
      row.razorpayKeySecret,
      row.razorpayWebhookSecret,
      row.cashfreeClientSecret,
    ])
    expect((await auditOf(k().t, again))[0].data).toEqual({ secrets: [] })
  })

  it('refuses a new key id without its secret, live keys in simulator mode, everything off, and a stale save', async () => {
    await start()
    const errorsOf = async (over: Record<string, unknown>) => {
      const res = await save(over)
      expect(res.statusCode, res.body).toBe(422)
      return res.json().errors as Record<string, string>
    }
    expect(await errorsOf({ razorpay: { enabled: true, key_id: 'rzp_test_AnotherKey99' } })).toMatchObject({
      'razorpay.key_secret': 'Enter the key secret of this key id',
    })
    expect(await errorsOf({ razorpay: { enabled: true, key_id: 'rzp_live_LiveKey12345', key_secret: 'live-secret-123' } })).toMatchObject({
      'razorpay.key_id': expect.stringContaining('live keys'),
    })
    expect(
      await errorsOf({ cod: { enabled: false, max_order_value: null }, razorpay: { enabled: false, key_id: '' }, cashfree: { enabled: false, client_id: '' } }),
    ).toMatchObject({ 'cod.enabled': expect.stringContaining('at least one') })
    const seen = (await current()).version
    expect((await save({})).statusCode).toBe(200)
    const stale = await call('PUT', URL, {
      version: seen,
      cod: { enabled: true, max_order_value: null },
      razorpay: { enabled: true, key_id: '' },
      cashfree: { enabled: true, client_id: '' },
    })
    expect(stale.statusCode, stale.body).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'stale' })
    for (const s of SECRETS) expect(stale.body).not.toContain(s)
  })

  it('two staff saving at once from the same version: one wins, the others get 409; the version moves by one', async () => {
    await start()
    const seen = await current()
    const body = (max: number) => ({
      version: seen.version,
      cod: { enabled: true, max_order_value: max },
      razorpay: { enabled: true, key_id: seen.razorpay.key_id ?? '' },
      cashfree: { enabled: true, client_id: seen.cashfree.client_id ?? '' },
    })
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call('PUT', URL, body(1000 + i))))
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    const winner = answers.find((r) => r.statusCode === 200)!.json() as PaymentMethodsAnswer
    const [row] = rowsOf<{ version: number; cod_max_paise: number }>(
      await db().execute(sql`select version, cod_max_paise from payment_settings where website_id = ${mainId}`),
    )
    expect(row).toEqual({ version: seen.version + 1, cod_max_paise: (winner.cod.max_order_value ?? 0) * 100 })
  })

  it('tests a connection against the provider’s API (the simulator checks keys like the providers): ok with the right keys, the provider’s reason with wrong ones', async () => {
    await start()
    await sim('/accounts', { provider: 'razorpay', ...RZP })
    await sim('/accounts', { provider: 'cashfree', ...CF })
    const test = async (body: Record<string, unknown>) => {
      const res = await call('POST', `${URL}/test`, body)
      expect(res.statusCode, res.body).toBe(200)
      expect(await auditOf(k().t, res)).toEqual([])
      return res.json() as { ok: boolean; message: string }
    }
    expect(await test({ provider: 'razorpay', ...pickKeys(RZP) })).toEqual({ ok: true, message: 'Razorpay accepted the keys (…ey01)', key_id: '…ey01' })
    expect(await test({ provider: 'razorpay' })).toMatchObject({ ok: true }) // the saved keys
    expect(await test({ provider: 'razorpay', key_id: RZP.key_id, key_secret: 'wrong_secret_123' })).toMatchObject({
      ok: false,
      message: 'Razorpay refused the keys: The api key provided is invalid',
    })
    expect(await test({ provider: 'razorpay', key_id: 'rzp_test_NeverMade001', key_secret: 'whatever_123' })).toMatchObject({ ok: false })
    expect(await test({ provider: 'cashfree', ...CF })).toMatchObject({ ok: true, message: 'Cashfree accepted the keys (…IENT)' })
    expect(await test({ provider: 'cashfree', client_id: CF.client_id, client_secret: 'cfsk_ma_test_wrong_one' })).toMatchObject({
      ok: false,
      message: 'Cashfree refused the keys: authentication Failed',
    })
  })

  it('takes the website’s payments with its own keys: provider order, confirmation, webhooks and refund', async () => {
    await start()
    await sim('/accounts', { provider: 'razorpay', ...RZP, webhook_url: `${k().origin}/s/api/payments/webhooks/razorpay/${mainId}` })
    expect((await save({ razorpay: { enabled: true, key_id: RZP.key_id } })).statusCode).toBe(200)
    const s = await k().shopperWithCart([k().sellable()[0]])
    const { order } = await k().place(s, 'razorpay')
    const started = await k().call(s, 'GET', `/checkout/pay/${order.order_id}`)
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({ provider: 'razorpay', key_id: RZP.key_id })
    const providerOrderId = started.json().provider_order_id as string
    expect((await paymentRows(order.order_id)).map((p) => p.account)).toEqual([RZP.key_id])
    // made in the website's account: the shop's keys do not see it
    expect(await k().razorpay('GET', `/orders/${providerOrderId}`)).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } })
    const own = await fetch(`${k().origin}/v1/orders/${providerOrderId}`, {
      headers: { authorization: `Basic ${Buffer.from(`${RZP.key_id}:${RZP.key_secret}`).toString('base64')}` },
    })
    expect(own.status).toBe(200)
    const paid = await sim('/pay', { provider: 'razorpay', order_id: providerOrderId, outcome: 'success' })
    const confirmed = await k().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(paid as Record<string, string>))
    expect(confirmed.json()).toMatchObject({ status: 'paid' })
    // the webhooks came to this website's address, signed with its own webhook secret, and were accepted
    const delivered = async () =>
      ((await (await fetch(`${k().origin}/__sim/log`)).json()) as { webhooks: { url: string; status: number | null }[] }).webhooks.filter((w) =>
        w.url.endsWith(`/razorpay/${mainId}`),
      )
    await until(async () => (await delivered()).filter((w) => w.status !== null).length >= 3)
    expect((await delivered()).map((w) => w.status)).toEqual([200, 200, 200])
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid' })
    // cancelled by staff: the refund goes back through the website's own account
    const cancel = await call('POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'cancelled', note: 'Out of stock at the shelf' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    await k().drain()
    await until(async () => {
      await k().drain()
      return (await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.order_id)))[0]?.status === 'processed'
    })
    const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.order_id))
    const atProvider = await fetch(`${k().origin}/v1/payments/${refund.providerPaymentId}/refunds`, {
      headers: { authorization: `Basic ${Buffer.from(`${RZP.key_id}:${RZP.key_secret}`).toString('base64')}` },
    })
    expect(((await atProvider.json()) as { items: { amount: number }[] }).items.map((r) => r.amount)).toEqual([refund.amountPaise])
    // a webhook signed with the shop's secret is refused at this website's address
    const forged = await fetch(`${k().origin}/s/api/payments/webhooks/razorpay/${mainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'a'.repeat(64) },
      body: '{}',
    })
    expect(forged.status).toBe(401)
  })

  it('an order paid with the shop’s keys is still refunded through them after the website saved its own', async () => {
    await start()
    await db().delete(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
    const s = await k().shopperWithCart([k().sellable()[0]])
    const { order } = await k().place(s, 'razorpay')
    const providerOrderId = (await k().call(s, 'GET', `/checkout/pay/${order.order_id}`)).json().provider_order_id as string
    const paid = await sim('/pay', { provider: 'razorpay', order_id: providerOrderId, outcome: 'success' })
    expect((await k().call(s, 'POST', `/checkout/confirm/${order.order_id}`, pick(paid as Record<string, string>))).json()).toMatchObject({ status: 'paid' })
    expect((await paymentRows(order.order_id)).map((p) => p.account)).toEqual([k().t.app.deps.config.RAZORPAY_KEY_ID])

    await sim('/accounts', { provider: 'razorpay', ...RZP })
    expect((await save({ razorpay: { enabled: true, ...RZP } })).statusCode).toBe(200)
    expect((await call('POST', `/s/api/admin/orders/${order.order_id}/status`, { status: 'cancelled', note: 'Customer asked' })).statusCode).toBe(200)
    await until(async () => {
      await k().drain()
      return (await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.order_id)))[0]?.status === 'processed'
    })
    const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.order_id))
    const atShop = await k().razorpay<{ items: { amount: number }[] }>('GET', `/payments/${refund.providerPaymentId}/refunds`)
    expect(atShop.items.map((r) => r.amount)).toEqual([refund.amountPaise])
  })

  it('offers and accepts only the methods turned on; cash on delivery above the maximum is refused naming the limit', async () => {
    await start()
    const s = await k().shopperWithCart([k().sellable()[0]])
    expect((await save({ cod: { enabled: false, max_order_value: null }, razorpay: { enabled: true, key_id: '' } })).statusCode).toBe(200)
    expect(Cart.parse((await k().call(s, 'GET', '/cart')).json()).paymentMethods).toEqual(['razorpay', 'cashfree'])
    const off = (await k().place(s, 'cod')).res
    expect(off.statusCode, off.body).toBe(422)
    expect(off.json().errors).toEqual({ payment_method: 'Cash on delivery is not available on this website: please choose another payment method' })

    expect((await save({ cod: { enabled: true, max_order_value: 1 } })).statusCode).toBe(200)
    const cart = Cart.parse((await k().call(s, 'GET', '/cart')).json())
    expect(cart).toMatchObject({ paymentMethods: ['cod', 'razorpay', 'cashfree'], cod_max_order_value: 1 })
    const over = (await k().place(s, 'cod')).res
    expect(over.statusCode, over.body).toBe(422)
    expect(over.json().errors).toEqual({ payment_method: 'Cash on delivery is available for orders up to ₹1. Please pay online.' })

    expect((await save({ cod: { enabled: true, max_order_value: 100000 }, cashfree: { enabled: false, client_id: '' } })).statusCode).toBe(200)
    expect((await k().place(s, 'cashfree')).res.statusCode).toBe(422)
    const placed = await k().place(s, 'cod')
    expect(placed.res.statusCode, placed.res.body).toBe(200)
    await db().delete(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
  })

  it('offers cash on delivery only until the website saves its own keys, unless a superadmin lets it use the platform’s account', async () => {
    await start()
    await db().delete(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
    const s = await k().shopperWithCart([k().sellable()[0]])
    const cod = { enabled: true, max_order_value: null }
    const off = { enabled: false, key_id: '' }
    const shut = await save({ cod, razorpay: off, cashfree: { enabled: false, client_id: '' }, platform_account: false })
    expect(shut.statusCode, shut.body).toBe(200)
    expect(shut.json()).toMatchObject({ platform_account: { allowed: false, can_change: true }, razorpay: { keys: 'none' }, cashfree: { keys: 'none' } })
    const [site] = await db().select({ on: websites.platformPayments }).from(websites).where(eq(websites.id, mainId))
    expect(site.on).toBe(false)

    // key-less: the cart offers cash on delivery only, and an online checkout is refused saying why
    expect(Cart.parse((await k().call(s, 'GET', '/cart')).json()).paymentMethods).toEqual(['cod'])
    const online = (await k().place(s, 'razorpay')).res
    expect(online.statusCode, online.body).toBe(422)
    expect(online.json().errors).toEqual({
      payment_method: 'This shop takes cash on delivery only until it saves its own payment keys: please choose cash on delivery',
    })
    // turning an online method on without keys is refused too
    const noKeys = await save({ razorpay: { enabled: true, key_id: '' } })
    expect(noKeys.statusCode).toBe(422)
    expect(noKeys.json().errors).toEqual({ 'razorpay.key_id': 'Enter the key id and secrets to turn Razorpay on' })

    // an admin who is not a superadmin may not switch the platform's account on (and sees the switch closed)
    const owner = await roleHolder(k().t, 'admin')
    expect((await staffCall(k().t, owner, 'GET', URL)).json().platform_account).toEqual({ allowed: false, can_change: false })
    const now = await current()
    const asOwner = await staffCall(k().t, owner, 'PUT', URL, {
      version: now.version,
      cod,
      razorpay: off,
      cashfree: { enabled: false, client_id: '' },
      platform_account: true,
    })
    expect(asOwner.statusCode, asOwner.body).toBe(403)

    // the superadmin allows it: online payment is offered through the platform's keys, and the switch is audited
    const allowed = await save({ razorpay: { enabled: true, key_id: '' }, platform_account: true })
    expect(allowed.statusCode, allowed.body).toBe(200)
    expect(allowed.json()).toMatchObject({ platform_account: { allowed: true }, razorpay: { keys: 'shop' } })
    const [audit] = await auditOf(k().t, allowed)
    expect(audit.before).toMatchObject({ platform_account: false })
    expect(audit.after).toMatchObject({ platform_account: true })
    expect(Cart.parse((await k().call(s, 'GET', '/cart')).json()).paymentMethods).toEqual(['cod', 'razorpay'])

    // the other way: the platform's account taken away again, but the shop's own keys saved: online is offered
    const own = await save({ razorpay: { enabled: true, ...RZP }, platform_account: false })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json()).toMatchObject({ platform_account: { allowed: false }, razorpay: { keys: 'own' } })
    expect(Cart.parse((await k().call(s, 'GET', '/cart')).json()).paymentMethods).toEqual(['cod', 'razorpay'])
    const started = (await k().place(s, 'razorpay')).res
    expect(started.statusCode, started.body).toBe(200)

    expect((await save({ razorpay: { enabled: true, key_id: '' }, platform_account: true })).statusCode).toBe(200)
    await db().delete(paymentSettings).where(eq(paymentSettings.websiteId, mainId))
  })
})

const pickKeys = (r: typeof RZP) => ({ key_id: r.key_id, key_secret: r.key_secret })
