import type { AppOptions } from '../../app'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { Product } from '../../../common/contracts/catalogue'
import type { PlacedOrder } from '../../../common/contracts/checkout'
import type { Config } from '../../config'
import { addresses } from '../../db/schema/accounts'
import { stock } from '../../db/schema/catalogue'
import { orders, payments } from '../../db/schema/orders'
import { buildTestApp, type Driver, MAIN, type TestApp, type TestSession } from '../../test/app'
import { newShopper, type SignedIn } from '../../test/shopper'
import { drainOutbox } from '../orders/outbox'
import { createPaymentProviders } from '../payments/providers/registry'
import { providersFor } from '../payments/service'
import { until } from '../../test/wait'
import { outboxHandlers, releaseUnpaid as release } from './jobs'
import type { SitePayments } from './reconcile'

/** waits until `check` holds (webhooks and jobs run in the background) */
export { until } from '../../test/wait'

/** the three fields Razorpay's checkout hands the page, out of what `/__sim/pay` answers */
export const pick = (t: Record<string, string>) => ({
  razorpay_payment_id: t.razorpay_payment_id,
  razorpay_order_id: t.razorpay_order_id,
  razorpay_signature: t.razorpay_signature,
})

/** The app on a loopback port (so the simulator's provider APIs answer real HTTP), its background jobs off. */
export async function startCheckoutApp(driver: Driver, overrides: Partial<Config> = {}, extra: Pick<AppOptions, 'logStream'> = {}) {
  const t = await buildTestApp(driver, { ORDER_JOBS_INTERVAL_MS: 0, PAYMENT_HTTP_TIMEOUT_MS: 3000, ...overrides }, extra)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  t.app.payments = createPaymentProviders(t.app.deps.config, { razorpay: { apiBase: origin }, cashfree: { apiBase: `${origin}/pg` } })
  const sim = async <T = Record<string, unknown>>(path: string, body: unknown) =>
    (await (await fetch(`${origin}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as T
  await sim('/webhooks/options', {
    urls: { razorpay: `${origin}/s/api/payments/webhooks/razorpay`, cashfree: `${origin}/s/api/payments/webhooks/cashfree` },
    backoffMs: 20,
  })
  const catalogue: Product[] = (await t.call({ method: 'GET', url: '/s/api/products?perPage=100' })).json().data
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = t.app.deps.config
  /** the simulator's Razorpay REST API as the shop's own key sees it (what the provider holds, made outside the app) */
  const razorpay = async <T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`
    const res = await fetch(`${origin}/v1${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return (await res.json()) as T
  }
  const { CASHFREE_CLIENT_ID: clientId, CASHFREE_CLIENT_SECRET: clientSecret, CASHFREE_API_VERSION: apiVersion } = t.app.deps.config
  const cashfree = async <T = Record<string, unknown>>(path: string) =>
    (await (
      await fetch(`${origin}/pg${path}`, { headers: { 'x-client-id': clientId!, 'x-client-secret': clientSecret!, 'x-api-version': apiVersion } })
    ).json()) as T
  const sitePayments: SitePayments = (id, made) => providersFor(t.app.deps.db, t.app.deps.config, t.app.payments, id, made)
  /** runs the outbox now (the refund and confirmation jobs), as the background worker would */
  const drain = () => drainOutbox(t.app.deps.db, outboxHandlers(t.app, sitePayments, { send: async () => {} }), t.app.log, 100)
  /** the release job's round at `now` (unpaid orders past their hold, after asking their provider; closed khata links) */
  const releaseUnpaid = (now: Date) => release(t.app, sitePayments, now)
  /**
   * Runs `act` with every webhook it causes lost (dropped, never retried), and waits until the simulator has dropped
   * those about `providerId`: a payment the app can only learn of by asking the provider.
   */
  async function losingWebhooks<T>(providerId: string, act: () => Promise<T>): Promise<T> {
    await sim('/webhooks/options', { dropFirst: 100, maxAttempts: 1 })
    try {
      const done = await act()
      await until(
        async () => {
          const events = (await (await fetch(`${origin}/__sim/webhooks`)).json()) as { eventId: string; body: string }[]
          const { webhooks } = (await (await fetch(`${origin}/__sim/log`)).json()) as { webhooks: { eventId: string; error?: string }[] }
          const about = events.filter((e) => e.body.includes(providerId))
          return about.length > 0 && about.every((e) => webhooks.some((d) => d.eventId === e.eventId && d.error === 'dropped (dropFirst)'))
        },
        10_000,
        `the webhooks about ${providerId} dropped`,
      )
      return done
    } finally {
      await sim('/webhooks/options', { dropFirst: 0, maxAttempts: 6 })
    }
  }
  /**
   * Waits until the simulator has sent every webhook about a provider order and the app has answered each one, with a
   * 2xx unless `refused`: the sign that what the webhooks do (or must not do) is done, before checking the order.
   */
  const webhooksAnswered = (providerOrderId: string, { refused = false } = {}) =>
    until(
      async () => {
        const events = (await (await fetch(`${origin}/__sim/webhooks`)).json()) as { eventId: string; body: string }[]
        const { webhooks } = (await (await fetch(`${origin}/__sim/log`)).json()) as { webhooks: { eventId: string; status: number | null }[] }
        const about = events.filter((e) => e.body.includes(providerOrderId))
        const answered = (e: { eventId: string }) =>
          webhooks.some((d) => d.eventId === e.eventId && d.status !== null && (refused ? d.status >= 400 : d.status < 300))
        return about.length > 0 && about.every(answered)
      },
      10_000,
      `the webhooks about ${providerOrderId} answered`,
    )
  return { t, origin, sim, razorpay, cashfree, drain, webhooksAnswered, releaseUnpaid, losingWebhooks, catalogue, ...shopping(t, catalogue) }
}

export type CheckoutKit = Awaited<ReturnType<typeof startCheckoutApp>>

/** A describe block's app (started before its tests, closed after) and the rows its tests read. */
export function useCheckoutApp(driver: Driver) {
  let kit: CheckoutKit
  beforeAll(async () => {
    kit = await startCheckoutApp(driver)
  })
  afterAll(() => kit.t.close())
  const db = () => kit.t.app.deps.db
  return {
    k: () => kit,
    db,
    orderRow: async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    paymentRows: (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt),
  }
}

export function shopping(t: TestApp, catalogue: Product[]) {
  const call = (s: TestSession | undefined, method: 'GET' | 'POST', url: string, payload?: object, origin = MAIN) =>
    t.call({ method, url: `/s/api${url}`, session: s, payload, origin })
  const sellable = () => catalogue.flatMap((p) => p.packs.filter((k) => k.in_stock)).sort((a, b) => a.price - b.price)
  return {
    call,
    sellable,
    setStock: (packId: number, warehouseId: number, quantity: number) =>
      t.app.deps.db
        .update(stock)
        .set({ quantity, reserved: 0 })
        .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId))),
    stockOf: async (packId: number, warehouseId: number) =>
      (
        await t.app.deps.db
          .select()
          .from(stock)
          .where(and(eq(stock.packId, packId), eq(stock.warehouseId, warehouseId)))
      )[0],
    /** a new shopper (or `who`, signed in on `origin`) with an address in 560001 and `units` of each pack in the cart */
    async shopperWithCart(
      packs: { pack_id: number; warehouse_id: number }[],
      units = 1,
      origin = MAIN,
      who?: SignedIn,
    ): Promise<SignedIn & { addressId: number }> {
      const s = who ?? (await newShopper(t, origin))
      const [a] = await t.app.deps.db
        .insert(addresses)
        .values({
          websiteId: s.websiteId,
          userId: s.userId,
          name: 'Asha Rao',
          mobile: '9876512345',
          house: '12',
          street: 'MG Road',
          area: 'Ashok Nagar',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          isDefault: true,
        })
        .returning({ id: addresses.id })
      await call(s, 'GET', '/check/pincode/560001', undefined, origin)
      for (const p of packs) for (let i = 0; i < units; i++) await call(s, 'POST', '/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id }, origin)
      return { ...s, addressId: a.id }
    },
    /** the first open window of every delivery group */
    async firstSlots(s: TestSession, addressId: number, origin = MAIN) {
      const res = await call(s, 'GET', `/checkout/slots?address_id=${addressId}`, undefined, origin)
      const groups: { delivery_charge_id: number; slots: { id: number; open: boolean }[] }[] = res.json().groups
      return groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: g.slots.find((x) => x.open)!.id }))
    },
    async place(s: TestSession & { addressId: number }, method: string, extra: object = {}, origin = MAIN) {
      const slots = await this.firstSlots(s, s.addressId, origin)
      const res = await call(
        s,
        'POST',
        '/checkout/place',
        { address_id: s.addressId, slots, payment_method: method, idempotency_key: `k${Math.random().toString(36).slice(2, 12)}`, ...extra },
        origin,
      )
      return { res, order: res.json() as PlacedOrder }
    },
  }
}
