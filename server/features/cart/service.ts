import { type Cart, MAX_LINE_QUANTITY } from '../../../common/contracts/cart'
import { findAddress } from '../accounts/addresses'
import type { RequestCtx } from '../../platform/request-context'
import type { Result } from '../../platform/result'
import { deliveryTarget, type DeliveryTarget } from '../delivery/schedule'
import { cartAnswer, emptyCart, paymentMethods } from './cart-answer'
import { lineCap } from './line-checks'
import { ownerOf } from './owner'
import * as queries from './queries'

export { mergeVisitorCart } from './merge'

/** An expected refusal (STYLE error model): the route turns it into the matching HTTP error. */
export type CartResult = Result<Cart>

/** The whole cart answer for a cart row (or none), delivered to `target` (the current pincode by default). */
export async function answer(ctx: RequestCtx, cart: queries.CartRow | null, target?: DeliveryTarget): Promise<Cart> {
  const to = target ?? (await deliveryTarget(ctx))
  let rows = cart ? await queries.loadLines(ctx.db, ctx.site.id, cart.id) : []
  if (cart && to.warehouseId !== null && rows.some((r) => r.warehouseId !== to.warehouseId)) {
    // read again even when this call moved nothing: a read at the same moment may have moved the lines after ours
    // were loaded, and answering those would mark them not deliverable (move-lines-race.test.ts)
    await queries.moveLinesTo(ctx.db, cart.id, to.warehouseId)
    rows = await queries.loadLines(ctx.db, ctx.site.id, cart.id)
  }
  return cartAnswer(ctx, cart, rows, to)
}

export async function findOwnCart(ctx: RequestCtx): Promise<queries.CartRow | null> {
  const owner = ownerOf(ctx)
  return owner ? queries.findCart(ctx.db, ctx.site.id, owner) : null
}

/** GET /api/cart and the init's cart; with an address, delivery is checked against that address's pincode. */
export async function getCart(ctx: RequestCtx, options: { addressId?: number } = {}): Promise<CartResult> {
  let target: DeliveryTarget | undefined
  if (options.addressId !== undefined) {
    const pincode = (await findAddress(ctx, options.addressId))?.pincode
    if (!pincode) return { ok: false, kind: 'not_found', message: 'This address was not found' }
    target = await deliveryTarget(ctx, pincode)
  }
  if (!ownerOf(ctx)) return { ok: true, value: emptyCart(await paymentMethods(ctx)) }
  return { ok: true, value: await answer(ctx, await findOwnCart(ctx), target) }
}

/** The cart of the init call (GET /api/cart without options). */
export async function currentCart(ctx: RequestCtx): Promise<Cart> {
  return ownerOf(ctx) ? answer(ctx, await findOwnCart(ctx)) : emptyCart(await paymentMethods(ctx))
}

/**
 * One more of a pack. The warehouse must be this website's and the one that delivers to the current pincode
 * (CONTRACT); price and stock come from the database, never from the request.
 */
export async function add(ctx: RequestCtx, input: { pack_id: number; warehouse_id: number }): Promise<CartResult> {
  const owner = ownerOf(ctx)
  if (!owner) return { ok: false, kind: 'invalid', message: 'Your session has expired: please reload the page' }
  const pack = await queries.findPackAt(ctx.db, ctx.site.id, input.pack_id, input.warehouse_id)
  if (!pack) return { ok: false, kind: 'not_found', message: 'This item is not available' }
  const target = await deliveryTarget(ctx)
  if (pack.warehouseId === null || pack.warehouseId !== target.warehouseId) {
    const where = target.pincode ? ` to ${target.pincode}` : ''
    return { ok: false, kind: 'invalid', message: `This item can't be delivered${where} from that store` }
  }
  const cap = lineCap(pack.available)
  if (cap === 0) return { ok: false, kind: 'invalid', message: 'Sorry, this item is out of stock' }
  const cart = await queries.findOrCreateCart(ctx.db, ctx.site.id, owner)
  const quantity = await queries.addOne(ctx.db, cart.id, input.pack_id, input.warehouse_id, cap)
  if (quantity === null) {
    const message = cap < MAX_LINE_QUANTITY ? `Only ${cap} left in stock` : `You can buy at most ${MAX_LINE_QUANTITY} of this item`
    return { ok: false, kind: 'invalid', message }
  }
  return { ok: true, value: await answer(ctx, cart, target) }
}

/** remove: true drops the line; false takes one away. A pack not in the cart changes nothing. */
export async function remove(ctx: RequestCtx, input: { pack_id: number; remove: boolean }): Promise<Cart> {
  const cart = await findOwnCart(ctx)
  if (cart) {
    await ctx.db.transaction(async (tx) => {
      await queries.holdCart(tx, cart.id)
      await (input.remove ? queries.removeLine(tx, cart.id, input.pack_id) : queries.takeOne(tx, cart.id, input.pack_id))
    })
  }
  return answer(ctx, cart)
}

/** pack id → quantity in the shopper's cart (empty for a visitor without a session). */
export async function packQuantities(ctx: RequestCtx): Promise<Map<number, number>> {
  const owner = ownerOf(ctx)
  return owner ? queries.packQuantities(ctx.db, ctx.site.id, owner) : new Map()
}

/**
 * An online payment that failed or was cancelled gives the shopper their cart back (issue 31): the order's lines
 * return to it (the order itself stays payable, 'Awaiting payment', until it is paid or released).
 */
export async function putBack(ctx: RequestCtx, lines: { packId: number; warehouseId: number; quantity: number }[]) {
  const owner = ownerOf(ctx)
  if (!owner || lines.length === 0) return
  const cart = await queries.findOrCreateCart(ctx.db, ctx.site.id, owner)
  await queries.putBackLines(ctx.db, cart.id, lines)
}
