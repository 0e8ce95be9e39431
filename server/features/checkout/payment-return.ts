import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentReturn } from '../../../common/contracts/checkout'
import type { RequestCtx } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import * as orders from '../orders/service'

/**
 * The address a payment link returns the customer to (agent mode, docs/decisions/0034): `/order/paid/<id>-<mac>`,
 * public, so the customer who paid on someone else's phone or without signing in still sees that the money arrived.
 * The mac is an HMAC-SHA256 of the website and the order under SESSION_SECRET (as the sign-in codes' hashes are), so
 * nothing is stored and the link is the same on a resend; a token cannot be guessed or moved to another order or
 * website. The page shows only the order's number, its total and whether it is paid: no name, address or lines.
 */

export const NO_SUCH = 'This payment page is not valid: check the link in your message'

const macOf = (secret: string, websiteId: number, orderId: number) =>
  createHmac('sha256', secret).update(`order-paid:${websiteId}:${orderId}`).digest('base64url')

export const returnTokenOf = (secret: string, websiteId: number, orderId: number) => `${orderId}-${macOf(secret, websiteId, orderId)}`

function orderIdOf(secret: string, websiteId: number, token: string): number | null {
  const cut = token.indexOf('-')
  const id = Number(token.slice(0, cut))
  if (cut < 1 || !Number.isSafeInteger(id) || id < 1) return null
  const given = Buffer.from(token.slice(cut + 1))
  const expected = Buffer.from(macOf(secret, websiteId, id))
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

export async function paymentReturn(ctx: RequestCtx, token: string): Promise<Result<PaymentReturn>> {
  const id = orderIdOf(ctx.config.SESSION_SECRET, ctx.site.id, token)
  const order = id === null ? null : await orders.findOrderById(ctx.db, id)
  if (!order || order.websiteId !== ctx.site.id) return fail('not_found', NO_SUCH)
  const waiting = (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') && order.status === 'placed' && order.releasedAt === null
  const status = order.paymentStatus === 'paid' ? 'paid' : waiting ? 'waiting' : 'not_paid'
  return ok({ shop: ctx.site.name, order_number: order.orderNumber, amount: order.totalPaise, status })
}
