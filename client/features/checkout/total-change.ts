import type { Cart } from '../../../common/contracts/cart'
import { cartRupees } from './format'

/**
 * Why a total moved without the shopper touching it (issue 18): a new address's delivery charge, a coupon that
 * stopped applying, a price or stock change. Null when the total is the same.
 */
export function totalChangeNote(before: Cart, after: Cart): string | null {
  // the shopper applied or removed a coupon: they see it happen
  if (before.total === after.total || before.offercode !== after.offercode) return null
  const why: string[] = []
  if (before.discount !== after.discount) {
    if (after.offercode && after.coupon_message) why.push(`${after.offercode} no longer applies: ${after.coupon_message}`)
    else if (after.offercode) why.push(`the ${after.offercode} discount is now ${cartRupees(after.discount)}`)
    else why.push('the coupon was taken off')
  }
  if (before.finalDelivery !== after.finalDelivery)
    why.push(after.finalDelivery > 0 ? `delivery to this address costs ${cartRupees(after.finalDelivery)}` : 'delivery is free for this order')
  if (before.amount !== after.amount) why.push('prices or items in your cart changed')
  return `Your total changed from ${cartRupees(before.total)} to ${cartRupees(after.total)}${why.length ? `: ${why.join('; ')}` : ''}`
}
