import { createHash } from 'node:crypto'
import { buyerOf } from '../../../common/contracts/buyer'
import type { PlacedOrder, PlaceOrderBody } from '../../../common/contracts/checkout'
import { cashTotalPaise, formatINR } from '../../../common/money'
import type { Tx } from '../../db/client'
import type { AddressSnapshot } from '../../db/schema/orders'
import type { RequestCtx } from '../../platform/request-context'
import { orRefusal, refuse } from '../../platform/refusal'
import type { Result } from '../../platform/result'
import { findAddress } from '../accounts/addresses'
import { blockedFrom, customerOfWebsite, saveBuyer } from '../accounts/service'
import { type CheckoutCart, cartForCheckout, clearCart, takeCart } from '../cart/checkout-cart'
import * as coupons from '../coupons/service'
import * as khata from '../khata/service'
import { deliveryTarget } from '../delivery/schedule'
import { takeSlot } from '../delivery/slots'
import { optInAtCheckout } from '../messages/service'
import * as orders from '../orders/service'
import { AWAITING_KEYS_MESSAGE, codLimitMessage, type Offered, offeredMethods } from '../payments/service'
import * as stock from '../stock/service'

export type PlaceResult = Result<PlacedOrder>

type Step = (s: PlaceState) => Promise<void>
interface PlaceState {
  ctx: RequestCtx & { db: Tx }
  userId: number
  input: PlaceOrderBody
  /** the fingerprint of the request, kept with the order: a retry must send the same */
  request: string
  taken: { cartId: number; orderedAs: string | null } | null
  address: AddressSnapshot & { pincode: string }
  cart: CheckoutCart
  slots: { deliveryChargeId: number; warehouseId: number; slotId: number; date: string; start: string; end: string; chargePaise: number }[]
  redemptionId: number | null
  offered: Offered
  /** the stock ledger's hold rows, written before the order existed: they get its id once it does */
  holds: number[]
  placed: PlacedOrder | null
}

const nextFor = (o: { id: number; paymentMethod: string; orderNumber: string }) =>
  o.paymentMethod === 'cod' || o.paymentMethod === 'khata' ? `/order/success/${o.orderNumber}` : `/checkout/${o.paymentMethod}/${o.id}`

const KEY_REUSED = 'This key was already used for a different order'

/**
 * STYLE rule 10: checkout as named steps inside one transaction. Any refusal rolls everything back; no step
 * here talks to a payment provider (that happens after, on /checkout/pay, the only step with a compensation).
 * Rows are taken in one order: the cart, stock, slots, the coupon, the order counter (docs/decisions/0009).
 */
const STEPS: [string, Step][] = [
  ['check the address and payment method', checkAddress],
  ['re-price the cart', repriceCart],
  ['check the cash-on-delivery limit', checkCodLimit],
  ['reserve stock', reserveLines],
  ['take delivery slots', takeSlots],
  ['redeem the coupon', redeemCoupon],
  ['create the order', createOrder],
  ['put it on the khata', chargeKhata],
  ['note the order on its stock holds', async (s) => stock.attachOrder(s.ctx.db, s.holds, s.placed!.order_id)],
  ['clear the cart', async (s) => clearCart(s.ctx.db, s.cart.cartId, s.placed!.order_number)],
  ['keep the business GSTIN for next time', keepBuyer],
  ['keep the shopper’s opt-in to order updates', keepOptIn],
]

const BLOCKED = 'This account cannot place orders on this website. Please contact the store.'

/** `placed` is told once a new order has committed (not for a replay of one placed before): metrics. */
export async function placeOrder(ctx: RequestCtx, userId: number, input: PlaceOrderBody, placed = () => {}): Promise<PlaceResult> {
  let made = false
  // a refusal thrown by a step leaves the transaction (so it rolls back) before it becomes the answer
  const result = await orRefusal(() =>
    ctx.db.transaction(async (tx) => {
      const s: PlaceState = {
        ctx: { ...ctx, db: tx },
        userId,
        input,
        request: fingerprint(input),
        taken: null,
        address: null!,
        cart: null!,
        slots: [],
        redemptionId: null,
        offered: null!,
        holds: [],
        placed: null,
      }
      // Before anything else: every placement from this cart, a retry or another tab, queues on the cart row here,
      // then sees what the one before it did.
      s.taken = await takeCart(s.ctx)
      const first = await orders.findByIdempotencyKey(s.ctx, userId, input.idempotency_key)
      if (first)
        return first.requestHash === null || first.requestHash === s.request
          ? placedAnswer(first)
          : refuse('invalid', KEY_REUSED, { idempotency_key: KEY_REUSED })
      if (await blockedFrom(tx, ctx.site.id, userId)) refuse('forbidden', BLOCKED)
      for (const [, step] of STEPS) await step(s)
      made = true
      return s.placed!
    }),
  )
  if (made && result.ok) placed()
  return result
}

/** What makes two placements the same request: the body without its key, spelt one way (slots in group order). */
function fingerprint(input: PlaceOrderBody): string {
  const slots = [...input.slots].sort((a, b) => a.delivery_charge_id - b.delivery_charge_id).map((x) => [x.delivery_charge_id, x.slot_id])
  const canonical: unknown[] = [input.address_id, slots, input.payment_method, input.notes?.trim() || null, input.expected_total ?? null]
  // a B2B sale is another request than the same cart bought without the GSTIN (older fingerprints stay as they were)
  const buyer = buyerOf(input)
  if (buyer) canonical.push([buyer.gstin, buyer.name])
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

const METHOD_LABELS: Record<string, string> = { cod: 'Cash on delivery', razorpay: 'Razorpay', cashfree: 'Cashfree', khata: 'On khata' }
const KHATA_AGENTS_ONLY = 'On khata is for a sales agent’s order for their customer: please choose another payment method'

async function checkAddress(s: PlaceState) {
  s.offered = await offeredMethods(s.ctx)
  if (s.input.payment_method === 'khata') {
    if (!s.ctx.agent) refuse('invalid', KHATA_AGENTS_ONLY, { payment_method: KHATA_AGENTS_ONLY })
  } else if (!s.offered.methods.includes(s.input.payment_method)) {
    const message =
      s.offered.awaitingKeys && s.input.payment_method !== 'cod'
        ? AWAITING_KEYS_MESSAGE
        : `${METHOD_LABELS[s.input.payment_method] ?? 'This payment method'} is not available on this website: please choose another payment method`
    return refuse('invalid', message, { payment_method: message })
  }
  const address = await findAddress(s.ctx, s.input.address_id)
  if (!address) return refuse('not_found', 'This address was not found')
  if (!address.serviceable) return refuse('invalid', address.delivery_message)
  s.address = snapshot(address)
}

function snapshot(a: AddressSnapshot): AddressSnapshot {
  return {
    name: a.name,
    mobile: a.mobile,
    house: a.house,
    street: a.street,
    area: a.area,
    landmark: a.landmark,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
  }
}

function placedAnswer(o: { id: number; orderNumber: string; paymentMethod: string; totalPaise: number }): PlacedOrder {
  return { order_id: o.id, order_number: o.orderNumber, payment_method: o.paymentMethod, total: o.totalPaise, next: nextFor(o) }
}

async function repriceCart(s: PlaceState) {
  const target = await deliveryTarget(s.ctx, s.address.pincode)
  const cart = await cartForCheckout(s.ctx, target)
  if (!cart) return refuse('conflict', s.taken?.orderedAs ? `This cart was just ordered as ${s.taken.orderedAs}` : 'Your cart is empty')
  const problems = cart.lines.filter((l) => l.problem).map((l) => `${l.productName} (${l.packName}): ${l.problem}`)
  if (problems.length) return refuse('conflict', `Some items changed: ${problems.join('; ')}`)
  if (cart.coupon?.problem) return refuse('conflict', cart.coupon.problem)
  // cash on delivery is collected in whole rupees: the order (and so its invoice) keeps the rounded total
  const cod = s.input.payment_method === 'cod'
  const total = cod ? cashTotalPaise(cart.totals.totalPaise) : cart.totals.totalPaise
  // a shopper who saw the total before rounding (an older page) is not refused for the round-off alone
  const seen = s.input.expected_total
  if (seen !== undefined && seen !== total && !(cod && seen === cart.totals.totalPaise)) {
    return refuse('conflict', `Your total changed from ${formatINR(seen)} to ${formatINR(total)}: please check your order`)
  }
  s.cart = { ...cart, totals: { ...cart.totals, totalPaise: total } }
}

/** The website's maximum for cash on delivery, against the total just re-priced. */
async function checkCodLimit(s: PlaceState) {
  const max = s.offered.codMaxPaise
  if (s.input.payment_method !== 'cod' || max === null || s.cart.totals.totalPaise <= max) return
  const message = codLimitMessage(max)
  refuse('invalid', message, { payment_method: message })
}

/** All lines in one move, so stock rows are locked in (pack, warehouse) order and the order's products after them. */
async function reserveLines(s: PlaceState) {
  const lines = [...s.cart.lines].sort(stock.stockRowOrder)
  const held = await stock.holdForOrder(s.ctx.db, s.ctx.site.id, lines, null)
  if (!held.ok) {
    return refuse('conflict', `${held.line.productName} (${held.line.packName}) has just sold out or has fewer left than you asked for`)
  }
  s.holds = held.ledgerIds
}

async function takeSlots(s: PlaceState) {
  const groups = [...new Map(s.cart.lines.map((l) => [l.deliveryChargeId, l.warehouseId])).entries()].sort((a, b) => a[0] - b[0])
  for (const [deliveryChargeId, warehouseId] of groups) {
    const chosen = s.input.slots.find((c) => c.delivery_charge_id === deliveryChargeId)
    if (!chosen) return refuse('invalid', 'Choose a delivery slot for every delivery')
    const slot = await takeSlot(s.ctx.db, s.ctx.site.id, warehouseId, chosen.slot_id)
    if (!slot) return refuse('conflict', 'The delivery slot you chose is full or no longer available: please choose another')
    const charge = s.cart.totals.groups.find((g) => g.deliveryChargeId === deliveryChargeId)?.finalPaise ?? 0
    s.slots.push({ deliveryChargeId, warehouseId, slotId: slot.id, date: slot.date, start: slot.start, end: slot.end, chargePaise: charge })
  }
}

async function redeemCoupon(s: PlaceState) {
  const coupon = s.cart.coupon
  if (!coupon || s.cart.totals.discountPaise === 0) return
  const result = await coupons.redeemCoupon(s.ctx.db, coupon.id, s.userId, { version: coupon.version })
  if (!result.ok) return refuse('conflict', `Coupon ${coupon.code}: ${result.message}`)
  s.redemptionId = result.redemptionId
}

async function createOrder(s: PlaceState) {
  const online = s.input.payment_method !== 'cod' && s.input.payment_method !== 'khata'
  const order = await orders.createOrder(s.ctx, {
    userId: s.userId,
    paymentMethod: s.input.payment_method,
    totals: s.cart.totals,
    couponCode: s.redemptionId ? (s.cart.coupon?.code ?? null) : null,
    couponRedemptionId: s.redemptionId,
    address: s.address,
    buyer: buyerOf(s.input),
    notes: s.input.notes?.trim() || s.cart.notes || null,
    idempotencyKey: s.input.idempotency_key,
    requestHash: s.request,
    holdMinutes: online ? s.ctx.config.PAYMENT_HOLD_MINUTES : null,
    agentId: s.ctx.agent?.id ?? null,
    lines: s.cart.lines,
    deliveries: s.slots,
  })
  s.placed = placedAnswer(order)
}

/** A sales agent's order on the customer's khata: within the credit limit, else refused with the figures (422). */
async function chargeKhata(s: PlaceState) {
  if (s.input.payment_method !== 'khata') return
  const customer = await customerOfWebsite(s.ctx.db, s.ctx.site.id, s.userId)
  const charged = await khata.chargeSale(s.ctx.db, {
    websiteId: s.ctx.site.id,
    userId: s.userId,
    customerName: customer?.name || s.address.name,
    orderId: s.placed!.order_id,
    amountPaise: s.placed!.total,
    byUserId: s.ctx.agent!.id,
    device: 'sales agent',
    overrideReason: null,
  })
  if (!charged.ok) refuse('invalid', charged.message, { payment_method: charged.message })
}

/** The shopper asked to keep the GSTIN and legal name for their next order on this website. */
async function keepBuyer(s: PlaceState) {
  const buyer = buyerOf(s.input)
  if (buyer && s.input.save_buyer) await saveBuyer(s.ctx.db, s.ctx.site.id, s.userId, buyer)
}

/**
 * "Send me order updates on WhatsApp/SMS" ticked: the number the order's updates go to (the delivery address's) is
 * opted in, with when and where. Unticked changes nothing (an opt-out is the account screen's). A sales agent's tick
 * is not the customer's consent: ignored in agent mode (docs/decisions/0052).
 */
async function keepOptIn(s: PlaceState) {
  if (s.input.message_updates !== true || s.ctx.agent) return
  await optInAtCheckout(s.ctx.db, s.ctx.site.id, s.address.mobile)
}
