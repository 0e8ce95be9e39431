import type { BuyAgainItem } from '../../../common/contracts/orders'
import { requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import * as catalogue from '../catalogue/service'
import { type BoughtPack, boughtPacks } from './queries'

/** what the shelf shows at most */
const SHELF_SIZE = 12
/** packs read from the shopper's history (the newest by last purchase) */
const HISTORY = 200

/** YYYY-MM-DD plus whole days */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const dueOn = (p: BoughtPack) => (p.medianDays === null ? null : addDays(p.lastBought, Math.round(p.medianDays)))

/**
 * The order of the shelf: packs bought more than once by when they usually run out (the last purchase plus the
 * median days between purchases), the soonest (or most overdue) first; then packs bought once, newest first.
 * One pack per product: the first in that order.
 */
function rankBought(packs: BoughtPack[]): (BoughtPack & { dueOn: string | null })[] {
  const ranked = packs
    .map((p) => ({ ...p, dueOn: dueOn(p) }))
    .sort((a, b) => {
      if (a.dueOn !== null && b.dueOn !== null) return a.dueOn.localeCompare(b.dueOn) || b.purchases - a.purchases || a.packId - b.packId
      if (a.dueOn !== null || b.dueOn !== null) return a.dueOn === null ? 1 : -1
      return b.lastBought.localeCompare(a.lastBought) || a.packId - b.packId
    })
  const seen = new Set<number>()
  return ranked.filter((p) => !seen.has(p.productId) && seen.add(p.productId))
}

/** The signed-in shopper's buy-again shelf: what is still sold here, the pack they bought first among its packs. */
export async function buyAgain(ctx: RequestCtx): Promise<{ items: BuyAgainItem[] }> {
  const user = requireUser(ctx)
  const ranked = rankBought(await boughtPacks(ctx.db, ctx.site.id, user.id, HISTORY)).slice(0, SHELF_SIZE * 2)
  const products = new Map(
    (
      await catalogue.productsForShopper(
        ctx,
        ranked.map((p) => p.productId),
      )
    ).map((p) => [p.product_id, p]),
  )
  const items: BuyAgainItem[] = []
  for (const p of ranked) {
    const product = products.get(p.productId)
    const pack = product?.packs.find((k) => k.pack_id === p.packId)
    if (!product || !pack) continue
    items.push({
      product: { ...product, packs: [pack, ...product.packs.filter((k) => k !== pack)] },
      pack_id: p.packId,
      purchases: p.purchases,
      last_bought: p.lastBought,
      median_days: p.medianDays,
      due_on: p.dueOn,
    })
    if (items.length === SHELF_SIZE) break
  }
  return { items }
}
