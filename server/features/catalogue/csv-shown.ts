import type { ImportAction } from '../../../common/contracts/admin-catalogue-csv'
import type { Plan } from './csv-planned'

/**
 * What a preview showed each row of the file would do, kept with the import (catalogue_imports.planned) so that
 * apply does exactly that or nothing (docs/decisions/0017-catalogue-csv.md): apply plans again inside its
 * transaction, with the products locked, and any row whose action, record or version differs refuses the apply with
 * 409, naming the rows.
 */
export interface ShownRow {
  /** the file's product name, for naming the row */
  name: string
  product: ImportAction
  productId: number | null
  /** the product's version when the import writes it (null when it leaves the product as it is) */
  version: number | null
  /** null: a row with only its product's columns */
  pack: ImportAction | null
  packId: number | null
  /** the columns that change (product, pack, stock, threshold) */
  changes: string[]
}
/** by the row's line in the file */
export type Shown = Record<string, ShownRow>

export function shownOf(plan: Plan): Shown {
  const shown: Shown = {}
  for (const p of plan.products) {
    const writes = p.action !== 'unchanged' || p.packs.some((k) => k.action !== 'unchanged')
    const product = { name: p.values.name, product: p.action, productId: p.existingId, version: writes ? p.version : null }
    shown[p.line] = { ...product, pack: null, packId: null, changes: p.changes }
    for (const k of p.packs) shown[k.line] = { ...product, pack: k.action, packId: k.existingId, changes: [...p.changes, ...k.changes] }
  }
  return shown
}

/** The rows whose plan now differs from the preview's, by line, each with what changed, in words. */
export function differences(preview: Shown, now: Shown): { line: number; message: string }[] {
  const lines = [...new Set([...Object.keys(preview), ...Object.keys(now)])].map(Number).sort((a, b) => a - b)
  const out: { line: number; message: string }[] = []
  for (const line of lines) {
    const was = preview[line]
    const is = now[line]
    if (was && is && key(was) === key(is)) continue
    const name = `“${(is ?? was).name}”`
    let message: string
    if (!was) message = `${name}: the preview showed a problem on this row`
    else if (!is) message = `${name}: the preview showed ${what(was)}; the row is no longer planned`
    else if (key(was, false) === key(is, false)) message = `${name}: product #${is.productId} was changed by someone since the preview`
    else message = `${name}: the preview showed ${what(was)}, now it would be ${what(is)}`
    out.push({ line, message })
  }
  return out
}

/** The row's plan as one string (the kept copy comes back from jsonb with its keys in another order). */
const key = (r: ShownRow, withVersion = true) => JSON.stringify([r.name, r.product, r.productId, withVersion ? r.version : null, r.pack, r.packId, r.changes])

function what(r: ShownRow): string {
  const product = r.product === 'create' ? 'a new product' : `product #${r.productId} ${r.product === 'change' ? 'changed' : 'as it is'}`
  const pack = r.pack === null ? '' : r.pack === 'create' ? ' with a new pack' : `, pack #${r.packId} ${r.pack === 'change' ? 'changed' : 'as it is'}`
  return `${product}${pack}${r.changes.length ? ` (${r.changes.join(', ')})` : ''}`
}
