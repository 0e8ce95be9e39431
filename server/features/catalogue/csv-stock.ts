import { fail, ok, type Result } from '../../platform/result'
import type { StaffWriteCtx } from '../../platform/staff-write'
import { moveStock, setThreshold } from '../stock/service'

export interface OnHandChange {
  packId: number
  warehouseId: number
  from: number
  to: number
}

/** Sets on hand of (pack, warehouse) to the file's count, through the stock service: a ledger row per change, reason `import`. */
export async function setOnHandFromImport(ctx: StaffWriteCtx, changes: OnHandChange[], fileName: string): Promise<Result<null>> {
  // One call: the stock service locks every row of the import in (pack, warehouse) order, as checkout does.
  const moved = await moveStock(
    ctx.db,
    { websiteId: ctx.site.id, userId: ctx.user.id, createMissing: true },
    changes.map((c) => ({
      packId: c.packId,
      warehouseId: c.warehouseId,
      onHand: { to: c.to },
      reason: 'import' as const,
      note: `CSV import: ${fileName}`.slice(0, 200),
    })),
  )
  if (!moved.ok) {
    const at = changes[moved.at]
    return fail(
      'conflict',
      moved.kind === 'below_reserved'
        ? `Open orders now hold ${moved.reserved} of a pack the file sets lower (pack ${at.packId}): preview again`
        : 'The stock changed since the preview: preview again',
    )
  }
  return ok(null)
}

/** Low-stock marks the file changes, through the stock service (each audited there as `stock.threshold`). */
export async function setThresholdsFromImport(ctx: StaffWriteCtx, marks: { packId: number; lowAt: number | null }[]): Promise<Result<null>> {
  for (const m of marks) {
    const set = await setThreshold(ctx, m.packId, m.lowAt)
    if (!set.ok) return set
  }
  return ok(null)
}
