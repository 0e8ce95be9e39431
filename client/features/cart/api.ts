import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Cart } from '../../../common/contracts/cart'
import type { InitData } from '../../../common/contracts/site-settings'
import { later } from '../../lib/api'
import { useApi } from '../../lib/api-context'
import { toast } from '../../ui/toast'

export const CART_KEY = ['cart'] as const

// Loaded at the first tap, not with the page (lib/api.ts `later`).
const cartContracts = () => import('../../../common/contracts/cart')
const addToCart = later(() => cartContracts().then((m) => m.addToCart))
const removeFromCart = later(() => cartContracts().then((m) => m.removeFromCart))
/** The init answer's key (lib/init.ts): its cart feeds the header badge and the card controls. */
const INIT_KEY = ['init'] as const

/** Spec §4: the cart is always replaced by the one the server answers, everywhere it is kept. */
export function replaceCart(qc: QueryClient, cart: Cart) {
  qc.setQueryData(CART_KEY, cart)
  qc.setQueryData<InitData>(INIT_KEY, (init) => init && { ...init, cart })
}

export type CartAction = 'add' | 'takeOne' | 'remove'

/**
 * The cart calls of one control, with which of them is running (buttons show it, spec §4). A failure is an error
 * toast with the server's text (spec §8); the cart is left as the server last said.
 */
export function useCartCalls() {
  const api = useApi()
  const qc = useQueryClient()
  const [pending, setPending] = useState<CartAction | null>(null)
  async function run(action: CartAction, call: () => Promise<Cart>) {
    setPending(action)
    try {
      replaceCart(qc, await call())
    } catch (err) {
      toast.fromError(err)
    } finally {
      setPending(null)
    }
  }
  return {
    pending,
    add: (packId: number, warehouseId: number) => run('add', () => api.call(addToCart, { body: { pack_id: packId, warehouse_id: warehouseId } })),
    takeOne: (packId: number) => run('takeOne', () => api.call(removeFromCart, { body: { pack_id: packId, remove: false } })),
    remove: (packId: number) => run('remove', () => api.call(removeFromCart, { body: { pack_id: packId, remove: true } })),
  }
}
