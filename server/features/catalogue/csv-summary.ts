import type { ImportLine, ImportSummary } from '../../../common/contracts/admin-catalogue-csv'
import type { PlannedProduct } from './csv-planned'

/** What a plan would do, counted, and one line for each row that changes something (the preview's table). */
export function summarise(products: PlannedProduct[]): { summary: ImportSummary; lines: ImportLine[] } {
  const counts = () => ({ create: 0, change: 0, unchanged: 0 })
  const summary: ImportSummary = { rows: 0, products: counts(), packs: counts(), stock: 0, thresholds: 0, brands: 0, categories: 0 }
  const lines: ImportLine[] = []
  for (const p of products) {
    summary.products[p.action]++
    if (p.packs.length === 0 && p.action !== 'unchanged') {
      lines.push({ line: p.line, product_name: p.values.name, pack_name: '', sku: null, product: p.action, pack: 'unchanged', changes: p.changes })
    }
    for (const k of p.packs) {
      summary.packs[k.action]++
      summary.stock += k.stock.length
      if (k.threshold) summary.thresholds++
      if (p.action !== 'unchanged' || k.action !== 'unchanged' || k.stock.length || k.threshold) {
        lines.push({
          line: k.line,
          product_name: p.values.name,
          pack_name: k.values.name,
          sku: k.values.sku,
          product: p.action,
          pack: k.action,
          changes: [...p.changes, ...k.changes],
        })
      }
    }
  }
  lines.sort((a, b) => a.line - b.line)
  return { summary, lines }
}
