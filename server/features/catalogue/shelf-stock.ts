import { countedElsewhere } from '../../platform/approximate-size'

/**
 * What each warehouse has free to sell, as the shelf shows it (docs/decisions/0038-catalogue-read-model.md).
 * Checkouts change stock without dropping cached answers, so the shelf doesn't hold it: a snapshot per warehouse
 * of the packs with nothing free, read in one statement, answers for at most STOCK_FRESH_MS; after that the next
 * read starts a new one and is answered from the old one meanwhile (never older than STOCK_STALE_MS). Staff stock
 * writes drop it with the shelf at once. Checkout enforces stock in its own transaction whatever a page showed.
 */
export const STOCK_FRESH_MS = 5_000
const STOCK_STALE_MS = 30_000

export interface StockSnapshot {
  /** pack ids with nothing free at the warehouse */
  soldOut: Set<number>
  at: number
  /** products with a pack in stock, by product id (search ranks them first): made on first use */
  inStockProducts?: Set<number>
}

interface Entry {
  current: Promise<StockSnapshot>
  at: number
  refreshing: boolean
}

export function stockSnapshots(read: (warehouseId: number) => Promise<number[]>, now = () => Date.now()) {
  const entries = new Map<number, Entry>()
  const load = (warehouseId: number) => read(warehouseId).then((ids): StockSnapshot => countedElsewhere({ soldOut: new Set(ids), at: now() }))
  return {
    /** The warehouse's snapshot; null for no warehouse (nothing in stock anywhere). */
    at(warehouseId: number | null): Promise<StockSnapshot> | null {
      if (warehouseId === null) return null
      const entry = entries.get(warehouseId)
      const age = entry ? now() - entry.at : 0
      if (!entry || age > STOCK_STALE_MS) {
        const started = now()
        const current = load(warehouseId)
        entries.set(warehouseId, { current, at: started, refreshing: false })
        current.catch(() => entries.delete(warehouseId))
        return current
      }
      if (age > STOCK_FRESH_MS && !entry.refreshing) {
        entry.refreshing = true
        const started = now()
        load(warehouseId).then(
          (fresh) => {
            if (entries.get(warehouseId) !== entry) return
            entry.current = Promise.resolve(fresh)
            entry.at = started
            entry.refreshing = false
          },
          () => {
            entry.refreshing = false
          },
        )
      }
      return entry.current
    },
  }
}

/** Products with at least one pack in stock in this snapshot. */
export function inStockProducts(snapshot: StockSnapshot, products: { row: { id: number }; packs: { id: number }[] }[]): Set<number> {
  if (!snapshot.inStockProducts) {
    const set = new Set<number>()
    for (const p of products) if (p.packs.some((k) => !snapshot.soldOut.has(k.id))) set.add(p.row.id)
    snapshot.inStockProducts = set
  }
  return snapshot.inStockProducts
}
