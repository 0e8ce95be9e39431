import { useSyncExternalStore } from 'react'
import type { Product } from '../../../common/contracts/catalogue'

/**
 * Which product the 'Add Products In Wishlist' dialog is open for. A heart only asks; the root layout hosts the one
 * dialog (lazy), so no product card carries dialog code. Also the wishlist flags changed in this page's life
 * (spec §4: the flag toggles after the update call succeeds), so list, detail and carousels agree.
 */
let requested: Product | null = null
const changed = new Map<number, boolean>()
const listeners = new Set<() => void>()
let version = 0

function emit() {
  version++
  listeners.forEach((l) => l())
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

export function requestWishlist(product: Product | null) {
  requested = product
  emit()
}

export const useWishlistRequest = () =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => null,
  )

export function setSavedFlag(productId: number, saved: boolean) {
  changed.set(productId, saved)
  emit()
}

export function useSavedFlag(productId: number, fromServer: boolean | null): boolean {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  )
  return changed.get(productId) ?? fromServer ?? false
}
