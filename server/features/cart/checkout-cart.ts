import type { Tx } from '../../db/client'
import type { RequestCtx } from '../../platform/request-context'
import * as coupons from '../coupons/service'
import { chargeRules, type DeliveryTarget } from '../delivery/schedule'
import { lineProblem } from './line-checks'
import { ownerOf } from './owner'
import { type CartTotals, type PricedLine, priceCart } from './price-cart'
import * as queries from './queries'

/**
 * The cart as checkout needs it (issue #5): every line in paise with its problem, the totals and the coupon,
 * all from the database for the delivery target. Read inside the order's transaction (ctx.db is the transaction).
 */
export interface CheckoutLine {
  packId: number
  warehouseId: number
  productId: number
  slug: string
  image: string
  productName: string
  packName: string
  quantity: number
  pricePaise: number
  mrpPaise: number
  deliveryChargeId: number
  problem: string | null
}

export interface CheckoutCart {
  cartId: number
  notes: string | null
  lines: CheckoutLine[]
  totals: CartTotals
  coupon: { id: number; code: string; version: number; problem: string | null } | null
}

export async function cartForCheckout(ctx: RequestCtx, target: DeliveryTarget): Promise<CheckoutCart | null> {
  const owner = ownerOf(ctx)
  const cart = owner ? await queries.findCart(ctx.db, ctx.site.id, owner) : null
  if (!cart) return null
  // the address may be served by another warehouse than the one the lines were added from (issue 31)
  if (target.warehouseId !== null) await queries.moveLinesTo(ctx.db, cart.id, target.warehouseId)
  const rows = await queries.loadLines(ctx.db, ctx.site.id, cart.id)
  if (rows.length === 0) return null
  const rules = await chargeRules(
    ctx,
    rows.map((r) => r.warehouseId),
  )
  const lines: CheckoutLine[] = rows.map((row) => ({
    packId: row.packId,
    warehouseId: row.warehouseId,
    productId: row.productId,
    slug: row.slug,
    image: row.medias[0]?.src ?? '',
    productName: row.productName,
    packName: row.packName,
    quantity: row.quantity,
    pricePaise: row.pricePaise,
    mrpPaise: row.mrpPaise,
    deliveryChargeId: rules.get(row.warehouseId)!.id,
    problem: lineProblem(row, target),
  }))
  const priced: PricedLine[] = rows.map((row, i) => ({ ...row, valid: lines[i].problem === null, deliveryChargeId: lines[i].deliveryChargeId }))
  const found = cart.couponCode ? await coupons.findCoupon(ctx, cart.couponCode) : null
  const usage = found ? await coupons.usageProblemFor(ctx, found) : null
  const totals = priceCart(priced, new Map([...rules.values()].map((r) => [r.id, r])), found && !usage ? coupons.toRule(found) : null)
  const amountProblem = found && totals.coupon ? coupons.amountProblem(found, totals.coupon) : null
  const coupon = cart.couponCode
    ? {
        id: found?.id ?? 0,
        code: cart.couponCode,
        version: found?.version ?? 0,
        problem: !found ? `${cart.couponCode} is no longer available` : (usage ?? amountProblem ?? null),
      }
    : null
  return { cartId: cart.id, notes: cart.notes, lines, totals, coupon }
}

/**
 * The first step of placing an order: the shopper's cart row, locked until the order's transaction ends. A second
 * placement from this cart waits here, then finds it emptied; null when the shopper has no cart on this website.
 */
export async function takeCart(ctx: RequestCtx & { db: Tx }): Promise<{ cartId: number; orderedAs: string | null } | null> {
  const owner = ownerOf(ctx)
  const cart = owner ? await queries.lockCart(ctx.db, ctx.site.id, owner) : null
  return cart && { cartId: cart.id, orderedAs: cart.orderedAs }
}

/** The order took the cart's lines, coupon and notes; the cart remembers which order. */
export function clearCart(tx: Tx, cartId: number, orderNumber: string) {
  return queries.emptyCart(tx, cartId, orderNumber)
}
