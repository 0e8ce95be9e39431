import type { SlotGroup } from '../../../common/contracts/checkout'
import type { RequestCtx } from '../../platform/request-context'
import { findAddress } from '../accounts/addresses'
import { cartForCheckout } from '../cart/checkout-cart'
import { deliveryTarget } from '../delivery/schedule'
import { slotOptions } from '../delivery/slots'

/** The windows of each delivery group of the cart for one of the shopper's addresses (full ones disabled). */
export async function checkoutSlots(ctx: RequestCtx, addressId: number): Promise<{ groups: SlotGroup[] } | null> {
  const address = await findAddress(ctx, addressId)
  if (!address) return null
  const target = await deliveryTarget(ctx, address.pincode)
  const cart = await cartForCheckout(ctx, target)
  if (!cart || target.warehouseId === null) return { groups: [] }
  const groups = new Map<number, { warehouseId: number; items: number[] }>()
  for (const line of cart.lines) {
    const group = groups.get(line.deliveryChargeId) ?? { warehouseId: line.warehouseId, items: [] }
    group.items.push(line.packId)
    groups.set(line.deliveryChargeId, group)
  }
  const answer: SlotGroup[] = []
  for (const [id, g] of groups) {
    const slots = g.warehouseId === target.warehouseId ? await slotOptions(ctx, g.warehouseId, target.deliveryDays) : []
    answer.push({ delivery_charge_id: id, warehouse_id: g.warehouseId, items: g.items, slots })
  }
  return { groups: answer }
}
