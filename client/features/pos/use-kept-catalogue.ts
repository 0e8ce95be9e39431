import { useEffect, useState } from 'react'
import type { Product } from '../../../common/contracts/catalogue'
import type { Api } from '../../lib/api'
import { refreshCatalogue, refreshCodes } from './catalogue'
import { catalogueStore } from './pos-store'

/** The catalogue kept for offline selling: what was kept last time at once, then a fresh copy when online. */
export function useKeptCatalogue(api: Api): Product[] {
  const [kept, setKept] = useState<Product[]>([])
  useEffect(() => {
    let live = true
    void catalogueStore.get().then((c) => live && c && setKept((now) => (now.length ? now : c.products)))
    if (navigator.onLine) {
      refreshCatalogue(api)
        .then((p) => live && setKept(p))
        .catch(() => undefined)
      refreshCodes(api).catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [api])
  return kept
}
