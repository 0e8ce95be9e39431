import { MAX_LINE_QUANTITY } from '../../../common/contracts/cart'
import type { DeliveryTarget } from '../delivery/schedule'

export interface LineFacts {
  quantity: number
  /** free stock at the line's warehouse */
  available: number
  warehouseId: number
  /** false once staff unpublish or archive the product */
  onSale: boolean
}

/** Why a line can't be bought as it is (it stays in the cart, marked); null when it can. */
export function lineProblem(line: LineFacts, target: DeliveryTarget): string | null {
  if (!line.onSale) return 'No longer available'
  if (target.warehouseId === null || line.warehouseId !== target.warehouseId) {
    return target.pincode ? `Not deliverable to ${target.pincode}` : 'Not deliverable to your area'
  }
  if (line.available <= 0) return 'Out of stock'
  if (line.quantity > line.available) return `Only ${line.available} left in stock: reduce the quantity`
  if (line.quantity > MAX_LINE_QUANTITY) return `You can buy at most ${MAX_LINE_QUANTITY} of this item`
  return null
}

/** How many of a pack a line may hold at a warehouse with this much free stock. */
export const lineCap = (available: number) => Math.max(0, Math.min(available, MAX_LINE_QUANTITY))
