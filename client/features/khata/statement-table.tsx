import type { KhataEntry } from '../../../common/contracts/khata'
import { formatINR, toPaise } from '../../../common/money'

export const rupees = (r: number) => formatINR(toPaise(r))
export const day = (at: string) => new Date(at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })

const KIND_LABELS: Record<KhataEntry['kind'], string> = {
  sale: 'Sale on credit',
  payment: 'Payment received',
  adjustment: 'Correction',
  return: 'Goods returned',
}
const METHOD_LABELS: Record<string, string> = { cash: 'cash', upi: 'UPI', card: 'card', online: 'online' }

/** The khata's ledger as a statement, oldest first, each entry with the balance after it: for staff, the shopper and a shared link. */
export function StatementTable({ entries }: { entries: KhataEntry[] }) {
  if (entries.length === 0) return <p className="text-muted">Nothing on this khata yet.</p>
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs text-muted">
        <tr>
          <th className="py-1">Date</th>
          <th className="py-1">Entry</th>
          <th className="py-1 pl-2 text-right">Debit</th>
          <th className="py-1 pl-2 text-right">Credit</th>
          <th className="py-1 pl-2 text-right">Balance</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} className="border-t border-border align-top" data-testid="khata-entry">
            <td className="py-1 pr-2">{day(e.created_at)}</td>
            <td className="py-1">
              {KIND_LABELS[e.kind]}
              {e.order_number && <span className="block text-xs text-muted">Bill {e.order_number}</span>}
              {e.method && (
                <span className="block text-xs break-all text-muted">
                  by {METHOD_LABELS[e.method] ?? e.method}
                  {e.reference ? ` · ${e.reference}` : ''}
                </span>
              )}
              {e.reason && <span className="block text-xs text-muted">{e.reason}</span>}
            </td>
            <td className="py-1 pl-2 text-right tabular-nums">{e.change > 0 ? rupees(e.amount) : ''}</td>
            <td className="py-1 pl-2 text-right tabular-nums">{e.change < 0 ? rupees(e.amount) : ''}</td>
            <td className="py-1 pl-2 text-right font-semibold tabular-nums">{rupees(e.balance_after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
