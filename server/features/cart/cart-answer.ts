import type { Cart, CartItem } from '../../../common/contracts/cart'
import { cashTotalPaise, formatINR, toRupees } from '../../../common/money'
import type { RequestCtx } from '../../platform/request-context'
import * as coupons from '../coupons/service'
import { offeredMethods } from '../payments/service'
import { chargeRules, type DeliveryTarget, earliestSlot, type Slot } from '../delivery/schedule'
import { lineProblem } from './line-checks'
import { type PricedLine, priceCart } from './price-cart'
import type { CartRow, LineRow } from './queries'

/** Spec §2: the payment methods a website offers (its payment settings; all three by default), and its COD limit. */
export async function paymentMethods(ctx: RequestCtx): Promise<Pick<Cart, 'paymentMethods' | 'cod_max_order_value'>> {
  const offered = await offeredMethods(ctx)
  return { paymentMethods: offered.methods, cod_max_order_value: offered.codMaxPaise === null ? null : toRupees(offered.codMaxPaise) }
}

export function emptyCart(
  methods: Pick<Cart, 'paymentMethods' | 'cod_max_order_value'> = { paymentMethods: [], cod_max_order_value: null },
  serviceable = true,
): Cart {
  return {
    items: [],
    quantity: 0,
    total: 0,
    amount: 0,
    offercode: null,
    serviceable,
    notes: null,
    message: null,
    discount: 0,
    cod_total: 0,
    coupon_message: null,
    cod_round_off: 0,
    delivery_charge: 0,
    finalDelivery: 0,
    deliveryMessage: null,
    ...methods,
    del_date: null,
    del_start_time: null,
    del_end_time: null,
    grouped_items: [],
  }
}

/** The whole cart as the spec shapes it (spec §3): every amount computed here from the database, in paise, then rupees. */
export async function cartAnswer(ctx: RequestCtx, cart: CartRow | null, rows: LineRow[], target: DeliveryTarget): Promise<Cart> {
  if (rows.length === 0)
    return { ...emptyCart(await paymentMethods(ctx), target.warehouseId !== null), offercode: cart?.couponCode ?? null, notes: cart?.notes ?? null }
  const rules = await chargeRules(
    ctx,
    rows.map((r) => r.warehouseId),
  )
  const lines = rows.map((row) => ({ row, problem: lineProblem(row, target), rule: rules.get(row.warehouseId)! }))
  const priced: PricedLine[] = lines.map(({ row, problem, rule }) => ({ ...row, valid: problem === null, deliveryChargeId: rule.id }))
  const coupon = cart?.couponCode ? await coupons.findCoupon(ctx, cart.couponCode) : null
  const usage = coupon ? await coupons.usageProblemFor(ctx, coupon) : null
  const chargeMap = new Map([...rules.values()].map((r) => [r.id, r]))
  const couponRule = coupon && !usage ? coupons.toRule(coupon) : null
  // when no line can come, the cart still says what it is worth (never ₹0 for a cart with items, issue 31); its
  // lines stay marked and checkout refuses them
  const buyable = priced.some((l) => l.valid)
  const totals = priceCart(buyable ? priced : priced.map((l) => ({ ...l, valid: true })), chargeMap, couponRule)

  // One delivery group per charge rule; a slot only where the warehouse delivers to this pincode.
  const slots = new Map<number, Slot | null>()
  for (const { row, rule } of lines) {
    if (slots.has(rule.id)) continue
    slots.set(rule.id, row.warehouseId === target.warehouseId ? await earliestSlot(ctx, row.warehouseId, target.deliveryDays) : null)
  }
  const items: CartItem[] = lines.map(({ row, problem, rule }) => {
    const slot = slots.get(rule.id) ?? null
    return {
      pack_id: row.packId,
      product_id: row.productId,
      slug: row.slug,
      image: row.medias[0]?.src ?? '',
      name: row.productName,
      pack: row.packName,
      quantity: row.quantity,
      price: toRupees(row.pricePaise),
      act_price: toRupees(row.mrpPaise),
      amount: toRupees(row.quantity * row.pricePaise),
      valid: problem === null,
      ...(problem ? { message: problem } : {}),
      warehouse_id: row.warehouseId,
      delivery_charge_id: rule.id,
      del_date: slot?.date ?? null,
      del_start_time: slot?.start ?? null,
      del_end_time: slot?.end ?? null,
    }
  })
  const first = [...slots.values()].find((s) => s !== null) ?? null
  const serviceable = target.warehouseId !== null && rows.every((r) => r.warehouseId === target.warehouseId)
  const couponMessage = !cart?.couponCode
    ? null
    : !coupon
      ? `${cart.couponCode} is no longer available`
      : (usage ?? (totals.coupon && coupons.amountProblem(coupon, totals.coupon)))
  const unserviceable = target.pincode ? `Some items can't be delivered to ${target.pincode}` : "Some items can't be delivered to your area"
  const shortfall = totals.groups.find((g) => g.shortfallPaise > 0)?.shortfallPaise ?? 0
  return {
    items,
    quantity: totals.quantity,
    total: toRupees(totals.totalPaise),
    cod_total: toRupees(cashTotalPaise(totals.totalPaise)),
    coupon_message: couponMessage || null,
    cod_round_off: toRupees(cashTotalPaise(totals.totalPaise) - totals.totalPaise),
    amount: toRupees(totals.amountPaise),
    offercode: cart?.couponCode ?? null,
    serviceable,
    notes: cart?.notes ?? null,
    message: [serviceable ? null : unserviceable, couponMessage].filter(Boolean).join('. ') || null,
    discount: toRupees(totals.discountPaise),
    delivery_charge: toRupees(totals.deliveryChargePaise),
    finalDelivery: toRupees(totals.finalDeliveryPaise),
    deliveryMessage: totals.amountPaise === 0 ? null : shortfall > 0 ? `Add ${formatINR(shortfall)} more for free delivery` : 'You get free delivery',
    ...(await paymentMethods(ctx)),
    del_date: first?.date ?? null,
    del_start_time: first?.start ?? null,
    del_end_time: first?.end ?? null,
    grouped_items: [...slots].map(([id, slot]) => ({
      delivery_charge_id: id,
      del_date: slot?.date ?? null,
      del_start_time: slot?.start ?? null,
      del_end_time: slot?.end ?? null,
      items: lines.filter((l) => l.rule.id === id).map((l) => l.row.packId),
    })),
  }
}
