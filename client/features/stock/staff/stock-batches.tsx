import { useQuery } from '@tanstack/react-query'
import { listBatches } from '../../../../common/contracts/admin-purchases'
import { formatINR } from '../../../../common/money'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'

/** The batches that make up a pack's stock at a warehouse, earliest expiry first (the order they sell in). */
export function StockBatches({ packId, warehouseId }: { packId: number; warehouseId: number }) {
  const api = useApi()
  const batches = useQuery({
    queryKey: ['admin', 'stock', 'batches', packId, warehouseId],
    queryFn: () => api.call(listBatches, { query: { pack_id: packId, warehouse_id: warehouseId } }),
  })
  if (batches.error) return <p className="text-sm text-danger">{errorText(batches.error)}</p>
  const rows = batches.data?.data ?? []
  return (
    <section aria-label="Batches">
      <h3 className="mb-2 text-sm font-semibold">Batches (sold first-expiring-first)</h3>
      {batches.isPending ? null : rows.length === 0 ? (
        <p className="text-sm text-muted">No stock here.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1">Batch</th>
              <th className="py-1">Expiry</th>
              <th className="py-1 text-right">On hand</th>
              <th className="py-1 text-right">Held</th>
              <th className="py-1 text-right">Cost</th>
              <th className="py-1 text-right">MRP</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id} className="border-t border-border">
                <td className="py-1">{b.batch}</td>
                <td className={`py-1 ${b.expired ? 'font-semibold text-danger' : ''}`}>
                  {b.expiry ? `${b.expiry}${b.expired ? ' (expired)' : ''}` : 'No expiry'}
                </td>
                <td className="py-1 text-right tabular-nums">{b.quantity}</td>
                <td className="py-1 text-right tabular-nums">{b.reserved}</td>
                <td className="py-1 text-right tabular-nums">{b.cost_price === null ? '—' : formatINR(Math.round(b.cost_price * 100))}</td>
                <td className="py-1 text-right tabular-nums">{b.mrp === null ? '—' : formatINR(Math.round(b.mrp * 100))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
