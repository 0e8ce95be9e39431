/**
 * Which batches a stock move changes (issue 33, docs/decisions/0048-batches-and-expiry.md), worked out in memory
 * on the batches of the locked stock rows: the same moves as the `stock` row gets, spread over its batches so that
 * their quantities and reserved always sum to the row's. First expiring, first out: holds and sales take the
 * earliest-expiring batch first; an online hold never takes an expired batch; a counter sale takes unexpired batches
 * first and an expired one only when nothing else is left (and says so).
 */

export interface Batch {
  id: number
  batch: string
  expiry: string | null
  quantity: number
  reserved: number
  cost_paise: number | null
  expired: boolean
}

/** What one order did to one batch so far: units it holds there and units it took off the shelf. */
export interface OrderBatch {
  batchId: number
  held: number
  out: number
}

export interface BatchMoveLine {
  batchId: number
  onHandChange: number
  reservedChange: number
  /** units the order took from the batch (+: a hold or a counter sale; −: a release) */
  taken: number
  costPaise: number | null
}

export interface BatchPlanMove {
  onHandChange: number
  reservedChange: number
  reason: string
  /** the one batch to change (a receipt's new batch, a write-off) */
  batchId?: number
  /** what this move's order did to the row's batches before */
  history: OrderBatch[]
}

export type BatchPlan =
  | { ok: true; lines: BatchMoveLine[]; expiredTaken: number }
  | { ok: false; kind: 'short'; available: number }
  | { ok: false; kind: 'opening' }

export const OPENING = 'Opening'

const free = (b: Batch) => b.quantity - b.reserved
/** earliest expiry first, no expiry last, older batch first */
export const fefo = (a: Batch, b: Batch) =>
  a.expiry === b.expiry ? a.id - b.id : a.expiry === null ? 1 : b.expiry === null ? -1 : a.expiry < b.expiry ? -1 : 1
const latestFirst = (a: Batch, b: Batch) => fefo(b, a)

/**
 * Spreads one move over the row's batches (changed in place, so the next move of the same row sees them). The row's
 * own checks (enough available, not below reserved) ran before: a refusal here is the expiry rule, a write-off asking
 * more of its batch than it holds, or an "Opening" batch to make first.
 */
export function planBatches(batches: Batch[], m: BatchPlanMove): BatchPlan {
  const lines: BatchMoveLine[] = []
  let expiredTaken = 0
  const change = (b: Batch, onHand: number, reserved: number, taken: number) => {
    if (!onHand && !reserved) return
    b.quantity += onHand
    b.reserved += reserved
    lines.push({ batchId: b.id, onHandChange: onHand, reservedChange: reserved, taken, costPaise: b.cost_paise })
  }
  const sorted = [...batches].sort(fefo)
  const heldBy = new Map(m.history.map((h) => [h.batchId, h]))
  const ordersFirst = (key: 'held' | 'out') => (a: Batch, b: Batch) => Number((heldBy.get(b.id)?.[key] ?? 0) > 0) - Number((heldBy.get(a.id)?.[key] ?? 0) > 0)
  const target = m.batchId === undefined ? null : (batches.find((b) => b.id === m.batchId) ?? null)
  if (m.batchId !== undefined && !target) return { ok: false, kind: 'short', available: 0 }
  let reserved = m.reservedChange
  let onHand = m.onHandChange
  const countsAsTaken = m.reason === 'sold'

  // A hold: free units of unexpired batches, earliest expiry first; an expired batch is never sold online.
  if (reserved > 0) {
    const usable = sorted.filter((b) => !b.expired && free(b) > 0)
    const available = usable.reduce((n, b) => n + free(b), 0)
    if (available < reserved) return { ok: false, kind: 'short', available }
    for (const b of usable) {
      const k = Math.min(free(b), reserved)
      change(b, 0, k, k)
      reserved -= k
      if (!reserved) break
    }
  }
  // Held units leaving: with their units off the shelf (delivered), or back to free (a release). The order's own
  // batches first, then any that hold (an order held before batches existed).
  if (reserved < 0) {
    const holding = [...sorted].sort(latestFirst).sort(ordersFirst('held'))
    for (const b of holding) {
      if (!reserved) break
      const own = Math.max(heldBy.get(b.id)?.held ?? 0, 0)
      const k = Math.min(b.reserved, -reserved, own > 0 ? own : b.reserved)
      if (k <= 0) continue
      const gone = Math.min(k, Math.max(-onHand, 0))
      change(b, -gone, -k, gone - k)
      onHand += gone
      reserved += k
      if (own) heldBy.get(b.id)!.held -= k
    }
  }
  if (onHand < 0) {
    const from = target ? [target] : countsAsTaken ? [...sorted.filter((b) => !b.expired), ...sorted.filter((b) => b.expired)] : sorted
    for (const b of from) {
      const k = Math.min(free(b), -onHand)
      if (k <= 0) continue
      if (b.expired && countsAsTaken) expiredTaken += k
      change(b, -k, 0, countsAsTaken ? k : 0)
      onHand += k
      if (!onHand) break
    }
    if (onHand < 0) return { ok: false, kind: 'short', available: m.onHandChange - onHand }
  }
  if (onHand > 0) {
    if (target) change(target, onHand, 0, 0)
    else {
      // A return goes back into the batches the order took its units from; the rest (and any other addition) into "Opening".
      if (m.reason === 'returned') {
        for (const b of [...sorted].sort(latestFirst)) {
          const out = heldBy.get(b.id)?.out ?? 0
          const k = Math.min(out, onHand)
          if (k <= 0) continue
          change(b, k, 0, 0)
          heldBy.get(b.id)!.out -= k
          onHand -= k
          if (!onHand) break
        }
      }
      if (onHand > 0) {
        const opening = batches.find((b) => b.batch === OPENING && b.expiry === null)
        if (!opening) return { ok: false, kind: 'opening' }
        change(opening, onHand, 0, 0)
      }
    }
  }
  return { ok: true, lines, expiredTaken }
}

/**
 * A row whose batches do not add up to it (stock written outside the service: a seed or a test's fixture) is put
 * right before its move: the difference goes into or comes out of its batches, unexpired last. Returns false when
 * an "Opening" batch must be made first.
 */
export function settleBatches(batches: Batch[], row: { quantity: number; reserved: number }): boolean {
  const sum = (k: 'quantity' | 'reserved') => batches.reduce((n, b) => n + b[k], 0)
  let reserved = row.reserved - sum('reserved')
  let onHand = row.quantity - sum('quantity')
  if (!reserved && !onHand) return true
  if (onHand > 0 && !batches.some((b) => b.batch === OPENING && b.expiry === null)) return false
  const order = [...batches].sort(latestFirst)
  for (const b of order) {
    if (reserved >= 0) break
    const k = Math.min(b.reserved, -reserved)
    b.reserved -= k
    reserved += k
  }
  if (onHand > 0) batches.find((b) => b.batch === OPENING && b.expiry === null)!.quantity += onHand
  for (const b of order) {
    if (onHand >= 0) break
    const k = Math.min(free(b), -onHand)
    b.quantity -= k
    onHand += k
  }
  for (const b of order) {
    if (reserved <= 0) break
    const k = Math.min(free(b), reserved)
    b.reserved += k
    reserved -= k
  }
  return true
}
