import type { FastifyInstance, FastifyRequest } from 'fastify'
import { confirmPayment, getCheckoutSlots, getPayment, getPaymentReturn, getSavedBuyer, placeOrder, sendPaymentLink } from '../../../common/contracts/checkout'
import { savedBuyer } from '../accounts/service'
import { notFound } from '../../platform/errors'
import { guardHook, requireUser } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { requestOrigin } from '../../platform/site-context'
import { PROVIDER_NAMES, type ProviderName } from '../payments/providers/types'
import { providersFor } from '../payments/service'
import { BUYING_BUSY } from '../stock/service'
import * as pay from './pay'
import { sendPaymentLink as sendLink } from './payment-link'
import { paymentReturn } from './payment-return'
import { placeOrder as place } from './place-order'
import { checkoutSlots } from './slots'
import { receiveWebhook } from './webhooks'

function warmProvider(app: FastifyInstance, name: string) {
  try {
    app.payments.providerFor(name as ProviderName).warm?.()
  } catch (err) {
    app.log.warn({ err, provider: name }, 'payment SDK could not be loaded ahead of the payment')
  }
}

/** Where the webhooks arrive: server to server, so no website header, session or XSRF (route config noSiteContext). */
export const WEBHOOK_PREFIX = '/s/api/payments/webhooks/'

/** Checkout's calls and the providers' webhooks; `app.payments` (the process's providers) is decorated by app.ts. */
export async function checkoutRoutes(app: FastifyInstance) {
  const signedIn = { preValidation: guardHook(requireUser) }
  /** the website's own keys when it saved some, else the process's (docs/decisions/0022) */
  const sitePayments = (req: FastifyRequest, made?: { provider: string; account: string | null }) =>
    providersFor(req.ctx.db, req.ctx.config, app.payments, req.ctx.site.id, made)
  const origin = (req: FastifyRequest) => requestOrigin(req)
  const placed = () => app.metrics.ordersPlaced.inc({ channel: 'online' })

  await app.register(async (scope) => {
    scope.addHook('preValidation', signedIn.preValidation)
    route(
      scope,
      getCheckoutSlots,
      async (req) => {
        const slots = await checkoutSlots(req.ctx, req.query.address_id)
        if (!slots) throw notFound('This address was not found')
        return slots
      },
      { tags: ['checkout'] },
    )
    route(scope, getSavedBuyer, async (req) => savedBuyer(req.ctx.db, req.ctx.site.id, requireUser(req.ctx).id), { tags: ['checkout'] })
    route(
      scope,
      placeOrder,
      async (req) => {
        const order = orThrow(await place(req.ctx, requireUser(req.ctx).id, req.body, placed))
        // the provider's SDK loads while the browser goes to the payment page, not when the payment opens (issue 31)
        if (order.payment_method !== 'cod') setImmediate(() => warmProvider(app, order.payment_method))
        return order
      },
      {
        tags: ['checkout'],
        config: { busy: BUYING_BUSY },
      },
    )
    route(scope, getPayment, async (req) => orThrow(await pay.startPayment(req.ctx, await sitePayments(req), req.params.orderId, origin(req))), {
      tags: ['checkout'],
    })
    route(scope, sendPaymentLink, async (req) => orThrow(await sendLink(req.ctx, await sitePayments(req), req.params.orderId, origin(req))), {
      tags: ['checkout'],
    })
    route(scope, confirmPayment, async (req) => orThrow(await pay.confirmPayment(req.ctx, (made) => sitePayments(req, made), req.params.orderId, req.body)), {
      tags: ['checkout'],
    })
  })

  // where a payment link returns the customer: no sign-in, the token is the key (payment-return.ts)
  route(app, getPaymentReturn, async (req) => orThrow(await paymentReturn(req.ctx, req.params.token)), { tags: ['checkout'] })

  // Webhook outcomes by provider and answer: accepted (2xx), refused (4xx: bad signature, unknown), or to be resent (5xx).
  const webhooks = app.metrics.counter('payment_webhooks_total', 'Payment provider webhooks received, by provider and outcome', ['provider', 'outcome'])
  const countWebhook = (provider: string, status: number) =>
    webhooks.inc({ provider: isProviderName(provider) ? provider : 'unknown', outcome: status < 300 ? 'accepted' : status < 500 ? 'refused' : 'retry' })

  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body as a Buffer here (and only here).
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const options = { schema: { hide: true }, bodyLimit: 1024 * 1024, config: { noSiteContext: true } }
    // The process's keys: one address for every website that uses them.
    scope.post<{ Params: { provider: string }; Body: Buffer }>(`${WEBHOOK_PREFIX}:provider`, options, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) return reply.code(415).send({ message: 'Send the webhook as application/json' })
      const answer = await receiveWebhook(app.deps.db, app.payments, req.params.provider, req.body, req.headers, null)
      countWebhook(req.params.provider, answer.status)
      return reply.code(answer.status).send({ message: answer.message })
    })
    // A website with its own keys: the website named in the address chooses the secret, before anything is read (SECURITY BL-20).
    scope.post<{ Params: { provider: string; websiteId: string }; Body: Buffer }>(`${WEBHOOK_PREFIX}:provider/:websiteId`, options, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) return reply.code(415).send({ message: 'Send the webhook as application/json' })
      // the same answer as the process's address for a provider we do not have, whatever the website part says
      if (!isProviderName(req.params.provider)) return reply.code(404).send({ message: 'No such provider' })
      const websiteId = /^\d{1,9}$/.test(req.params.websiteId) ? Number(req.params.websiteId) : null
      if (websiteId === null) return reply.code(404).send({ message: 'No such website' })
      const providers = await providersFor(app.deps.db, app.deps.config, app.payments, websiteId)
      const answer = await receiveWebhook(app.deps.db, providers, req.params.provider, req.body, req.headers, websiteId)
      countWebhook(req.params.provider, answer.status)
      return reply.code(answer.status).send({ message: answer.message })
    })
  })
}

const isProviderName = (name: string) => (PROVIDER_NAMES as readonly string[]).includes(name)
