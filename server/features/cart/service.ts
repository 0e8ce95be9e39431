import type { Cart } from '../../../common/contracts/cart'
import type { RequestCtx } from '../../platform/request-context'

/** The cart of a shopper who has nothing in it yet. */
export function emptyCart(): Cart {
  return {
    items: [],
    quantity: 0,
    total: 0,
    amount: 0,
    offercode: null,
    serviceable: true,
    notes: null,
    message: null,
    discount: 0,
    delivery_charge: 0,
    finalDelivery: 0,
    deliveryMessage: null,
    paymentMethods: [],
    del_date: null,
    del_start_time: null,
    del_end_time: null,
    grouped_items: [],
  }
}

/** Carts are stored from issue #4 on; until a shopper adds something, theirs is empty. */
export async function getCart(_ctx: RequestCtx): Promise<Cart> {
  return emptyCart()
}
